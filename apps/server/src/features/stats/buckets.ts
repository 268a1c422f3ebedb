import type { StatsLevel } from '@mailwright/contract';

/** The PostgreSQL date_trunc unit of each level; the rollups are UTC, so are the buckets. */
export const TRUNC_UNIT: Record<StatsLevel, 'hour' | 'day' | 'week' | 'month'> = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/** The start of the bucket holding `date`, as date_trunc(unit, date, 'UTC') computes it (weeks start on Monday). */
export function bucketStart(date: Date, level: StatsLevel): Date {
  const d = new Date(date);
  if (level === 'hourly') {
    d.setUTCMinutes(0, 0, 0);
    return d;
  }
  d.setUTCHours(0, 0, 0, 0);
  if (level === 'weekly') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (level === 'monthly') d.setUTCDate(1);
  return d;
}

export function nextBucket(start: Date, level: StatsLevel): Date {
  const d = new Date(start);
  if (level === 'hourly') d.setUTCHours(d.getUTCHours() + 1);
  else if (level === 'daily') d.setUTCDate(d.getUTCDate() + 1);
  else if (level === 'weekly') d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** Every bucket overlapping [from, to): the categories of a graph. */
export function bucketStarts(from: Date, to: Date, level: StatsLevel): Date[] {
  const starts: Date[] = [];
  for (let at = bucketStart(from, level); at < to; at = nextBucket(at, level)) starts.push(at);
  return starts;
}
