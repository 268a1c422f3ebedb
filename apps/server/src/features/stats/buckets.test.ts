import type { StatsLevel } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts } from './buckets.ts';

describe('statistics buckets (UTC, as date_trunc)', () => {
  const cases: [StatsLevel, string, string][] = [
    ['hourly', '2026-03-02T10:59:59.999Z', '2026-03-02T10:00:00.000Z'],
    ['daily', '2026-03-02T23:59:59.999Z', '2026-03-02T00:00:00.000Z'],
    // 2026-03-01 is a Sunday: its week started on Monday 2026-02-23.
    ['weekly', '2026-03-01T12:00:00.000Z', '2026-02-23T00:00:00.000Z'],
    ['weekly', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['monthly', '2026-03-31T23:00:00.000Z', '2026-03-01T00:00:00.000Z'],
  ];
  it.each(cases)('%s bucket of %s starts at %s', (level, at, start) => {
    expect(bucketStart(new Date(at), level).toISOString()).toBe(start);
  });

  it('cover every bucket overlapping the range, the last one partly', () => {
    const days = bucketStarts(new Date('2026-03-01T06:00:00Z'), new Date('2026-03-04T00:00:01Z'), 'daily');
    expect(days.map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    const months = bucketStarts(new Date('2025-11-10T00:00:00Z'), new Date('2026-02-10T00:00:00Z'), 'monthly');
    expect(months.map((d) => d.toISOString().slice(0, 7))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(bucketStarts(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-01T03:00:00Z'), 'hourly')).toHaveLength(3);
  });
});
