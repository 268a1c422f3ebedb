import { describe, expect, it } from 'vitest';
import { ACTIONS, BOUNCE_CATEGORIES, DEFAULT_VISIBLE_SERIES } from './constants.ts';
import { EVENT_COLOURS, EVENT_LABELS, eventLabel, isStatsAction, rateSeries, statsQuery } from './stats.ts';

describe('event labels and colours (S3-065, S3-066, S3-069)', () => {
  it('name every action and bounce category, with channel prefixes', () => {
    for (const code of [...ACTIONS, ...BOUNCE_CATEGORIES]) expect(EVENT_LABELS[code], code).toBeTruthy();
    expect(eventLabel('hardbounce')).toBe('Hard bounce');
    expect(eventLabel('bad-mailbox')).toBe('Bad mailbox');
    expect(eventLabel('seedtest:delivered')).toBe('Seed test: Delivered');
    expect(eventLabel('botapi:opened')).toBe('Bot API: Opened');
  });

  it('give every series a fixed, distinct colour', () => {
    const codes = [...ACTIONS, ...BOUNCE_CATEGORIES];
    for (const code of [...codes, ...DEFAULT_VISIBLE_SERIES])
      expect(EVENT_COLOURS[code], code).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(codes.map((c) => EVENT_COLOURS[c])).size).toBe(codes.length);
  });
});

describe('statistics options', () => {
  it('default to a graph of the domain data with bots included (S9-030, S9-031)', () => {
    expect(statsQuery.parse({})).toEqual({ format: 'graph', data: 'domain', bot: true });
    expect(statsQuery.parse({ bot: 'false' }).bot).toBe(false);
  });

  it('accept actions with channel prefixes only', () => {
    expect(isStatsAction('delivered')).toBe(true);
    expect(isStatsAction('journal:delivered')).toBe(true);
    expect(isStatsAction('journal:')).toBe(false);
    expect(isStatsAction('bounced')).toBe(false);
  });
});

describe('rate series (S9-037, S9-038)', () => {
  it('round the complaint rate to 3 decimals and the others to 2', () => {
    const rates = rateSeries({
      series: [
        { name: 'accepted', data: [3, 0] },
        { name: 'delivered', data: [3, 0] },
        { name: 'hardbounce', data: [1, 0] },
        { name: 'complained', data: [1, 0] },
        { name: 'opened', data: [2, 0] },
      ],
    });
    const rate = (name: string) => rates.find((s) => s.name === name)?.data;
    expect(rate('delivered')).toEqual([100, 0]);
    expect(rate('hardbounce')).toEqual([33.33, 0]);
    expect(rate('complained')).toEqual([33.333, 0]);
    expect(rate('opened')).toEqual([66.67, 0]);
    // Rejected mail is never accepted: its rate is over everything submitted.
    expect(
      rateSeries({
        series: [
          { name: 'accepted', data: [3] },
          { name: 'rejected', data: [1] },
        ],
      }).find((s) => s.name === 'rejected')?.data,
    ).toEqual([25]);
  });
});
