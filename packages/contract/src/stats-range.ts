import type { TimeFramePreset } from './constants.ts';

export const STATS_LEVELS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type StatsLevel = (typeof STATS_LEVELS)[number];

const DAY = 24 * 3600 * 1000;

export interface StatsRange {
  from: Date;
  to: Date;
  level: StatsLevel;
}

function addMonths(date: Date, months: number): Date {
  const copy = new Date(date);
  copy.setUTCMonth(copy.getUTCMonth() + months);
  return copy;
}

/**
 * Spec 9, fetch granularity: under 4 days hourly; under 45 days daily with the end extended 2 days; under 365 days
 * weekly (end +1 week, start -2 weeks); otherwise monthly (end +1 month, start -2 months).
 */
export function statsRange(from: Date, to: Date): StatsRange {
  const span = to.getTime() - from.getTime();
  if (span < 4 * DAY) return { from, to, level: 'hourly' };
  if (span < 45 * DAY) return { from, to: new Date(to.getTime() + 2 * DAY), level: 'daily' };
  if (span < 365 * DAY) {
    return { from: new Date(from.getTime() - 14 * DAY), to: new Date(to.getTime() + 7 * DAY), level: 'weekly' };
  }
  return { from: addMonths(from, -2), to: addMonths(to, 1), level: 'monthly' };
}

/** The span a time-frame preset covers, ending now. */
export function presetRange(preset: Exclude<TimeFramePreset, 'custom'>, now = new Date()): { from: Date; to: Date } {
  const days = { week: 7, '3weeks': 21 } as const;
  if (preset === 'week' || preset === '3weeks') return { from: new Date(now.getTime() - days[preset] * DAY), to: now };
  const months = { month: 1, '3months': 3, year: 12 } as const;
  return { from: addMonths(now, -months[preset]), to: now };
}

/** Spec 9, rate charts: 3 decimals for the complaint rate, 2 for the others. */
export function roundRate(rate: number, series: string): number {
  const decimals = series === 'complained' ? 3 : 2;
  const factor = 10 ** decimals;
  return Math.round((rate + Number.EPSILON) * factor) / factor;
}

/** A rate in percent of a base count (delivered rate over accepted, complaint rate over delivered, ...). */
export function ratePercent(count: number, base: number, series: string): number {
  return base > 0 ? roundRate((count / base) * 100, series) : 0;
}
