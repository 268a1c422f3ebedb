import type { FieldError } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePattern, patternProblem } from '../../mail/classify/patterns.ts';
import { makeOperators } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

/**
 * Issue 10 item 6: operator patterns run on RE2 (linear time). What RE2 cannot run (backreferences, lookaround) is
 * refused when saved, with a field error, instead of being stored and silently never matching; what the migrations
 * seed all runs on RE2.
 */
const t = useTestApp();
let mta: string;

beforeAll(async () => {
  ({ mta } = await makeOperators(t));
});

const LISTS = [
  { base: '/api/system/smtp/patterns', extra: { action: 'retry' } },
  { base: '/api/system/dsn/patterns', extra: { status: '5.1.1', action: 'failed' } },
  { base: '/api/system/smtp/bouncecat', extra: { category: 'bad-mailbox' } },
] as const;

describe('issue 10 item 6: saved patterns must run on the linear-time engine', () => {
  it('every pattern the migrations seed compiles on RE2', async () => {
    for (const table of ['smtp_patterns', 'dsn_patterns', 'bounce_category_patterns']) {
      const rows = await t.deps.db.query<{ pattern: string }>(`SELECT pattern FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const { pattern } of rows) {
        expect(patternProblem(pattern), pattern).toBeUndefined();
        expect(compilePattern(pattern), pattern).not.toBeNull();
      }
    }
  });

  it('refuses a backreference or a lookaround on create and update with a 400 on the pattern field', async () => {
    for (const { base, extra } of LISTS) {
      for (const [pattern, message] of [
        ['(blocked) by \\1', /^Backreferences/],
        ['user unknown(?! temporarily)', /^Lookahead and lookbehind/],
      ] as const) {
        const refused = await t.request<unknown>('POST', base, { token: mta, body: { pattern, ...extra } });
        expect(refused.status, `${base} ${pattern}`).toBe(400);
        const errors = (refused.body as { errors?: FieldError[] }).errors;
        expect(errors?.[0]?.field).toBe('pattern');
        expect(errors?.[0]?.message).toMatch(message);
      }
      const saved = await t.request<Record<string, unknown>>('POST', base, {
        token: mta,
        body: { pattern: '^(a+)+$', ...extra },
      });
      expect(saved.status, base).toBe(200);
      const id = Object.values(saved.body.data ?? {})[0];
      const update = await t.request('PUT', `${base}/${id}`, {
        token: mta,
        body: { pattern: '(?<=5\\.1\\.1 )user', ...extra },
      });
      expect(update.status).toBe(400);
      const stored = await t.request<{ pattern: string }>('GET', `${base}/${id}`, { token: mta });
      expect(stored.body.data?.pattern).toBe('^(a+)+$');
      await t.request('DELETE', `${base}/${id}`, { token: mta });
    }
  });
});
