import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelaySeconds } from './webhook-sender.ts';

describe('webhook retry schedule', () => {
  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, then gives up (deferred)', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, middle))).toEqual([60, 300, 1800, 7200, 21_600]);
    expect(retryDelaySeconds(MAX_ATTEMPTS, middle)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(RETRY_DELAYS_SECONDS.length + 1);
  });

  it('spreads retries by ±10% so a recovered receiver is not hit by all of them at once', () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(54);
    expect(retryDelaySeconds(1, () => 0.999_999)).toBe(66);
    expect(retryDelaySeconds(5, () => 0)).toBe(19_440);
  });
});
