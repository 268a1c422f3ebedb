import { describe, expect, it } from 'vitest';
import { shuffle } from './shuffle.ts';

/** A seeded generator (mulberry32), so the test sees the same "random" numbers every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('shuffle (spec 4: tips are shuffled randomly)', () => {
  it('answers a permutation and leaves the input as it was', () => {
    const tips = ['a', 'b', 'c', 'd', 'e'];
    const shuffled = shuffle(tips, seeded(1));
    expect([...shuffled].sort()).toEqual(tips);
    expect(tips).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reaches every order of three items, each about equally often', () => {
    const random = seeded(42);
    const counts = new Map<string, number>();
    const runs = 6000;
    for (let run = 0; run < runs; run++) {
      const key = shuffle([1, 2, 3], random).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const count of counts.values()) expect(Math.abs(count - runs / 6)).toBeLessThan(runs / 6 / 5);
  });

  it('keeps empty and single lists as they are', () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle(['only'])).toEqual(['only']);
  });
});
