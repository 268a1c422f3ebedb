import type { Field } from './contract-walk.ts';

/**
 * Hostile values for one field of an endpoint, for the generated input-abuse suite: NUL bytes, 1 MB strings, year-0
 * and far-future dates, wrong types, huge and negative numbers. Every field gets the cases that matter most for its
 * kind and a deterministic sample of the rest, so the suite stays fast and repeatable.
 */
export interface AbuseCase {
  label: string;
  value: unknown;
  /**
   * always: the API must refuse it (4xx), whatever the field's schema says (NUL bytes, year 0, dates past JS's end).
   * contract: it must be refused unless the field's own schema accepts it (a 1 MB mail body is fine; a name is not).
   * never: it may be accepted; either way never with a server error.
   */
  refuse: 'always' | 'contract' | 'never';
}

export const MAX_CASES_PER_FIELD = 5;

const MEGABYTE = 'x'.repeat(1024 * 1024);
const nul = (label = 'NUL byte'): AbuseCase => ({ label, value: 'a\u0000b', refuse: 'always' });
const of = (label: string, value: unknown, refuse: boolean | 'always' = true): AbuseCase => ({
  label,
  value,
  refuse: refuse === 'always' ? 'always' : refuse ? 'contract' : 'never',
});

const DATE_CASES: AbuseCase[] = [
  of('year 0', '0000-01-01', 'always'),
  of('year 0 with time', '0000-01-01T00:00:00Z', 'always'),
  of('beyond the last JS date', '+275760-09-13T00:00:00Z', 'always'),
  of('last second of 9999', '9999-12-31T23:59:59Z', false),
];
const LIMIT_CASES: AbuseCase[] = [of('1e12', '1000000000000', false), of('-1', '-1'), of('NaN', 'NaN')];

const isDateName = (name: string) => /^(from|to)$|_at$|date/.test(name);
const isPagingName = (name: string) => name === 'limit' || name === 'skip';

/** Cases for a value that arrives as text (path parameters and query strings carry no other type). */
function textCases(field: Field): { must: AbuseCase[]; more: AbuseCase[] } {
  const must = [nul()];
  if (isDateName(field.name)) must.push(...DATE_CASES.slice(0, 3));
  if (isPagingName(field.name)) must.push(...LIMIT_CASES);
  const more = [of('1 MB string', MEGABYTE), of('empty', '', false), of('repeated key (array)', ['1', '2'], false)];
  if (field.kind === 'number') more.push(of('NaN', 'NaN'), of('not a number', 'abc'), of('-1', '-1', false));
  if (field.kind === 'number') more.push(of('1e12', '1000000000000', false), of('1.5', '1.5', false));
  if (field.kind === 'boolean' || field.kind === 'enum') more.push(of('not one of the values', 'maybe'));
  if (isDateName(field.name)) more.push(DATE_CASES[3] as AbuseCase, of('not a date', '2026-13-45'));
  return { must, more };
}

/** Cases for a JSON body field. */
function bodyCases(field: Field): { must: AbuseCase[]; more: AbuseCase[] } {
  const must: AbuseCase[] = [];
  const more: AbuseCase[] = [of('null', null, false)];
  switch (field.kind) {
    case 'string':
    case 'enum':
    case 'union':
      must.push(nul());
      if (isDateName(field.name)) must.push(...DATE_CASES.slice(0, 3));
      more.push(of('1 MB string', MEGABYTE), of('number for text', 12345), of('object for text', { a: 1 }));
      if (field.kind !== 'union') more.push(of('array for text', ['a']));
      if (isDateName(field.name)) more.push(DATE_CASES[3] as AbuseCase);
      break;
    case 'number':
      if (isPagingName(field.name)) must.push(of('1e12', 1e12, false), of('-1', -1), of('NaN as text', 'NaN'));
      more.push(of('1e12', 1e12, false), of('-1', -1, false), of('1.5', 1.5, false), of('text', 'abc'));
      more.push(of('NUL text', 'a\u0000b', 'always'), of('object for number', {}), of('1e308', 1e308, false));
      break;
    case 'boolean':
      more.push(of('text for boolean', 'maybe'), of('number for boolean', 2), of('NUL text', 'a\u0000b', 'always'));
      more.push(of('object for boolean', {}));
      break;
    case 'array':
      must.push(of('NUL in an element', ['a\u0000b'], 'always'));
      more.push(of('object for array', { a: 1 }), of('text for array', 'abc', false), of('number for array', 7));
      more.push(
        of(
          '100,000 elements',
          Array.from({ length: 100_000 }, () => 'x'),
          false,
        ),
      );
      break;
    case 'object':
    case 'record':
      must.push(of('NUL in a key', { 'k\u0000': 'v' }, 'always'), of('NUL in a value', { k: 'a\u0000b' }, 'always'));
      more.push(of('array for object', []), of('text for object', 'abc'), of('number for object', 5));
      break;
    default:
      more.push(nul(), of('object', {}, false));
  }
  return { must, more };
}

/** A small deterministic PRNG (mulberry32), seeded per field so each run draws the same sample. */
function randomFrom(seedText: string): () => number {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The cases one field gets: those that matter most for it, then a seeded sample of the rest, at most a few. */
export function pickAbuseCases(field: Field, seed: string): AbuseCase[] {
  const { must, more } = field.where === 'body' ? bodyCases(field) : textCases(field);
  const random = randomFrom(seed);
  const rest = more
    .map((c) => ({ c, r: random() }))
    .sort((x, y) => x.r - y.r)
    .map((x) => x.c);
  return [...must, ...rest].slice(0, Math.max(MAX_CASES_PER_FIELD, must.length));
}
