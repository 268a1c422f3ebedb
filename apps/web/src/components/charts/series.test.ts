import { DEFAULT_VISIBLE_SERIES, EVENT_COLOURS, ratePercent } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { defaultVisibleSeries, formatRate, rateDecimals, seriesColour, seriesLabel } from './series.ts';

describe('default visible series (S9-042)', () => {
  it('shows the spec list of a delivery graph and hides the other actions', () => {
    const names = ['accepted', 'delivered', 'queued', 'hardbounce', 'softbounce', 'opened', 'complained', 'rejected'];
    expect([...defaultVisibleSeries(names)]).toEqual(['delivered', 'hardbounce', 'softbounce', 'rejected']);
  });

  it('shows every default series of a DSN graph and none of the other categories', () => {
    const names = ['hardbounce', 'softbounce', 'delivered', 'rejected', 'bad-mailbox', ...DEFAULT_VISIBLE_SERIES];
    const visible = defaultVisibleSeries([...new Set(names)]);
    expect([...visible].sort()).toEqual([...DEFAULT_VISIBLE_SERIES].sort());
    expect(visible.has('bad-mailbox')).toBe(false);
  });

  it('shows tags, and shows everything rather than an empty chart', () => {
    expect([...defaultVisibleSeries(['newsletter', 'receipts'])]).toEqual(['newsletter', 'receipts']);
    expect([...defaultVisibleSeries(['opened', 'clicked'])]).toEqual(['opened', 'clicked']);
  });
});

describe('the inbound series (issue 13)', () => {
  it('is an event series named Received, with its own fixed colour, shown by default beside the spec list', () => {
    const names = ['accepted', 'delivered', 'hardbounce', 'inbound:received'];
    expect([...defaultVisibleSeries(names)]).toEqual(['delivered', 'hardbounce', 'inbound:received']);
    expect(seriesLabel('inbound:received')).toBe('Received');
    expect(seriesColour('inbound:received', 5)).toBe(EVENT_COLOURS['inbound:received']);
    expect(seriesColour('inbound:received', 0)).toBe(seriesColour('inbound:received', 3));
  });
});

describe('series colours and labels (S3-069, S3-065)', () => {
  it('take the fixed colour of an event category, whatever its place or channel', () => {
    expect(seriesColour('delivered', 0)).toBe(EVENT_COLOURS.delivered);
    expect(seriesColour('delivered', 7)).toBe(EVENT_COLOURS.delivered);
    expect(seriesColour('seedtest:delivered', 3)).toBe(EVENT_COLOURS.delivered);
    expect(seriesColour('quota-issues', 2)).toBe(EVENT_COLOURS['quota-issues']);
  });

  it('give neighbouring tags different colours', () => {
    expect(seriesColour('newsletter', 0)).not.toBe(seriesColour('receipts', 1));
    expect(seriesColour('newsletter', 0)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('name events by their display name and tags as they are', () => {
    expect(seriesLabel('hardbounce')).toBe('Hard bounce');
    expect(seriesLabel('unreachable-mx')).toBe('Unreachable mx');
    expect(seriesLabel('spring-sale')).toBe('spring-sale');
  });
});

describe('rate formatting (S9-037, S9-038)', () => {
  it('shows the complaint rate with 3 decimals and the others with 2', () => {
    expect(rateDecimals('complained')).toBe(3);
    for (const series of ['delivered', 'hardbounce', 'softbounce', 'rejected', 'opened', 'clicked', 'unsubscribed']) {
      expect(rateDecimals(series), series).toBe(2);
    }
    expect(formatRate(ratePercent(1, 3, 'complained'), 'complained')).toMatch(/^33[.,]333%$/);
    expect(formatRate(ratePercent(1, 3, 'delivered'), 'delivered')).toMatch(/^33[.,]33%$/);
    expect(formatRate(ratePercent(1, 2, 'delivered'), 'delivered')).toMatch(/^50[.,]00%$/);
    expect(formatRate(null, 'delivered')).toBe('—');
  });
});
