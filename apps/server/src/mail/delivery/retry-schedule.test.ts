import { describe, expect, it } from 'vitest';
import { isExpired, nextAttemptAt } from './retry-schedule.ts';

const now = new Date('2030-01-01T00:00:00Z');
const far = new Date('2030-01-10T00:00:00Z');
const schedule = [60, 300, 900];
const at = (attempts: number, random: number, expiresAt = far) =>
  (nextAttemptAt({ attempts, scheduleSeconds: schedule, now, expiresAt, random: () => random }).getTime() -
    now.getTime()) /
  1000;

describe('nextAttemptAt', () => {
  it.each([
    // attempts made, random draw, seconds until the next attempt
    [1, 0.5, 60],
    [2, 0.5, 300],
    [3, 0.5, 900],
    [7, 0.5, 900], // the last delay repeats
    [1, 0, 48], // -20% jitter
    [1, 1, 72], // +20% jitter
    [0, 0.5, 60], // before any attempt counts as the first
  ])('after %i attempts (random %f) waits %i s', (attempts, random, seconds) => {
    expect(at(attempts, random)).toBe(seconds);
  });

  it('never schedules past the expiry: the last retry happens at the expiry', () => {
    const expiresAt = new Date(now.getTime() + 100_000);
    expect(at(3, 0.5, expiresAt)).toBe(100);
  });
});

describe('isExpired', () => {
  it.each([
    [new Date('2029-12-31T23:59:59Z'), true],
    [now, true],
    [new Date('2030-01-01T00:00:01Z'), false],
  ])('expiry %s -> %s', (expiresAt, expired) => {
    expect(isExpired(now, expiresAt)).toBe(expired);
  });
});
