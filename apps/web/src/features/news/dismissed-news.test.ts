import { describe, expect, it } from 'vitest';
import { parseDismissed, withDismissed } from './dismissed-news.ts';

describe('dismissed_news (spec 3/4: dismissed news ids persisted locally)', () => {
  it.each([
    { stored: null, expected: [] },
    { stored: '', expected: [] },
    { stored: 'not json', expected: [] },
    { stored: '{"a":1}', expected: [] },
    { stored: '[3,"x",4.5,7]', expected: [3, 7] },
  ])('reads $stored as $expected', ({ stored, expected }) => {
    expect(parseDismissed(stored)).toEqual(expected);
  });

  it('adds the dismissed id once and forgets ids of news that are gone', () => {
    const stored = withDismissed('[1,2]', 5, [2, 5, 9]);
    expect(parseDismissed(stored)).toEqual([2, 5]);
    expect(parseDismissed(withDismissed(stored, 5, [2, 5, 9]))).toEqual([2, 5]);
  });
});
