import { statsRange, TIME_FRAME_PRESETS } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import {
  customTimeFrame,
  DEFAULT_TIME_FRAME_PRESET,
  dayOf,
  lastDayOf,
  presetTimeFrame,
  TIME_FRAME_LABELS,
} from './TimeFrame.tsx';

const NOW = new Date(2026, 2, 15, 12, 30);

describe('time frame presets (S3-064, S9-041, S4-047)', () => {
  it('offers the spec presets with their labels and starts at the last month', () => {
    expect(Object.keys(TIME_FRAME_LABELS)).toEqual([...TIME_FRAME_PRESETS]);
    expect(Object.values(TIME_FRAME_LABELS)).toEqual(['1 week', '3 weeks', '1 month', '3 months', '1 year', 'Custom']);
    expect(DEFAULT_TIME_FRAME_PRESET).toBe('month');
  });

  it('end now and reach back the preset span', () => {
    const month = presetTimeFrame('month', NOW);
    expect(month).toMatchObject({ preset: 'month', to: NOW });
    expect(dayOf(month.from)).toBe('2026-02-15');
    expect(dayOf(presetTimeFrame('week', NOW).from)).toBe('2026-03-08');
    expect(dayOf(presetTimeFrame('year', NOW).from)).toBe('2025-03-15');
  });

  it('map to the fetch granularity of spec 9 through the contract', () => {
    const level = (preset: 'week' | '3weeks' | 'month' | '3months' | 'year') => {
      const frame = presetTimeFrame(preset, NOW);
      return statsRange(frame.from, frame.to).level;
    };
    expect(['week', '3weeks', 'month', '3months', 'year'].map((p) => level(p as 'week'))).toEqual([
      'daily',
      'daily',
      'daily',
      'weekly',
      'monthly',
    ]);
  });
});

describe('custom dates (S4-048)', () => {
  it('make the preset custom and cover whole days, both ends included', () => {
    const frame = customTimeFrame('2026-03-01', '2026-03-02');
    expect(frame.preset).toBe('custom');
    expect(frame.from).toEqual(new Date(2026, 2, 1));
    expect(frame.to).toEqual(new Date(2026, 2, 3));
    expect(lastDayOf(frame)).toBe('2026-03-02');
    expect(statsRange(frame.from, frame.to).level).toBe('hourly');
  });

  it('swap dates given the wrong way round', () => {
    expect(customTimeFrame('2026-03-10', '2026-03-01')).toEqual(customTimeFrame('2026-03-01', '2026-03-10'));
  });

  it('keep one day when both dates are the same', () => {
    const frame = customTimeFrame('2026-03-05', '2026-03-05');
    expect(dayOf(frame.from)).toBe('2026-03-05');
    expect(lastDayOf(frame)).toBe('2026-03-05');
  });
});
