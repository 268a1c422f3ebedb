import { describe, expect, it } from 'vitest';
import { presetRange, ratePercent, roundRate, statsRange } from './stats-range.ts';

const DAY = 24 * 3600 * 1000;
const start = new Date('2026-01-10T00:00:00Z');
const after = (days: number) => new Date(start.getTime() + days * DAY);

describe('S9 fetch granularity', () => {
  it('3.99 days is hourly with no extension, 4 days is daily with the end extended 2 days', () => {
    expect(statsRange(start, after(3.99))).toEqual({ from: start, to: after(3.99), level: 'hourly' });
    expect(statsRange(start, after(4))).toEqual({ from: start, to: after(6), level: 'daily' });
  });

  it('44 days is daily, 45 days is weekly (end +1 week, start -2 weeks)', () => {
    expect(statsRange(start, after(44))).toEqual({ from: start, to: after(46), level: 'daily' });
    expect(statsRange(start, after(45))).toEqual({ from: after(-14), to: after(52), level: 'weekly' });
  });

  it('364 days is weekly, 365 days is monthly (end +1 month, start -2 months)', () => {
    expect(statsRange(start, after(364)).level).toBe('weekly');
    const monthly = statsRange(start, after(365));
    expect(monthly.level).toBe('monthly');
    expect(monthly.from.toISOString()).toBe('2025-11-10T00:00:00.000Z');
    expect(monthly.to.toISOString()).toBe('2027-02-10T00:00:00.000Z');
  });
});

describe('time frame presets', () => {
  it('cover a week, 3 weeks, a month, 3 months and a year back from now', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(presetRange('week', now).from.toISOString()).toBe('2026-03-24T12:00:00.000Z');
    expect(presetRange('3weeks', now).from.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(presetRange('month', now).from.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(presetRange('3months', now).from.toISOString()).toBe('2025-12-31T12:00:00.000Z');
    expect(presetRange('year', now).from.toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });
});

describe('S9 rate rounding', () => {
  it('rounds the complaint rate to 3 decimals and the others to 2', () => {
    expect(roundRate(0.12345, 'complained')).toBe(0.123);
    expect(roundRate(0.12345, 'delivered')).toBe(0.12);
    expect(roundRate(1.005, 'delivered')).toBe(1.01);
    expect(ratePercent(1, 3, 'delivered')).toBe(33.33);
    expect(ratePercent(1, 3000, 'complained')).toBe(0.033);
    expect(ratePercent(5, 0, 'delivered')).toBe(0);
  });
});
