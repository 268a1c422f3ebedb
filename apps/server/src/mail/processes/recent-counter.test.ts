import { describe, expect, it } from 'vitest';
import { RecentCounter } from './recent-counter.ts';

describe('RecentCounter: deliveries of the last minute for the process list (S7-109)', () => {
  it('counts what happened in the last 60 seconds and forgets older seconds, even after a long pause', () => {
    let now = 1_000_000_000_000;
    const counter = new RecentCounter(() => now);
    counter.add(5);
    now += 30_000;
    counter.add(2);
    expect(counter.total()).toBe(7);
    now += 31_000;
    expect(counter.total()).toBe(2);
    // Two minutes later the same bucket slot comes round again: the old count must not come back.
    now += 120_000;
    expect(counter.total()).toBe(0);
    counter.add();
    expect(counter.total()).toBe(1);
  });
});
