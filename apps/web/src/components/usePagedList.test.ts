import { describe, expect, it } from 'vitest';
import { stepBackSkip } from './usePagedList.ts';

describe('stepBackSkip (spec 4: an emptied page steps back to the last page)', () => {
  it.each([
    // skip, limit, total, expected
    { skip: 0, limit: 15, total: 0, expected: 0, why: 'an empty list stays on the first page' },
    { skip: 15, limit: 15, total: 0, expected: 15, why: 'total 0 is not "above zero": no step back' },
    { skip: 15, limit: 15, total: 20, expected: 15, why: 'a page that still has rows stays' },
    { skip: 15, limit: 15, total: 15, expected: 0, why: 'the last row of page 2 deleted: back to page 1' },
    { skip: 30, limit: 15, total: 16, expected: 15, why: 'two pages emptied at once: to the last page' },
    { skip: 45, limit: 15, total: 30, expected: 15, why: 'exactly two full pages left: page 2' },
    { skip: 10, limit: 10, total: 10, expected: 0, why: 'suppressions page size' },
    { skip: 50, limit: 50, total: 51, expected: 50, why: 'a page with one row is not past the end' },
    { skip: 20, limit: 0, total: 5, expected: 0, why: 'limit 0 means all: one page' },
  ])('$why', ({ skip, limit, total, expected }) => {
    expect(stepBackSkip(skip, limit, total)).toBe(expected);
  });

  it('always answers a multiple of the page size below the total', () => {
    for (let total = 1; total <= 60; total++) {
      for (let skip = 0; skip <= 90; skip += 15) {
        const next = stepBackSkip(skip, 15, total);
        expect(next % 15).toBe(0);
        expect(next).toBeLessThan(total);
      }
    }
  });
});
