import { describe, expect, it } from 'vitest';
import {
  categoryFormValues,
  categoryPatternForm,
  dsnPatternForm,
  hardnessOf,
  smtpFormValues,
  smtpPatternForm,
} from './pattern-forms.ts';

describe('rule forms: empty number fields mean "left out", the contract decides the rest', () => {
  it('an SMTP rule without position or backoff minutes goes last, with no backoff', () => {
    const parsed = smtpPatternForm.parse({ ...smtpFormValues(null), pattern: 'user unknown' });
    expect(parsed).toEqual({
      pattern: 'user unknown',
      note: '',
      enabled: true,
      action: 'bounce',
      backoff_minutes: null,
    });
    expect('position' in parsed && parsed.position !== undefined).toBe(false);
  });

  it('typed numbers become numbers', () => {
    const parsed = smtpPatternForm.parse({
      ...smtpFormValues(null),
      pattern: 'too many connections',
      action: 'backoff',
      backoff_minutes: '30',
      position: '2',
    });
    expect(parsed).toMatchObject({ action: 'backoff', backoff_minutes: 30, position: 2 });
  });

  it.each([
    { why: 'a broken regular expression', values: { pattern: '([a-z' }, field: 'pattern' },
    { why: 'position 0', values: { pattern: 'x', position: '0' }, field: 'position' },
    {
      why: 'backoff minutes on a bounce rule',
      values: { pattern: 'x', backoff_minutes: '5' },
      field: 'backoff_minutes',
    },
    {
      why: 'backoff minutes past a week',
      values: { pattern: 'x', action: 'backoff', backoff_minutes: '99999' },
      field: 'backoff_minutes',
    },
  ])('rejects $why on its field', ({ values, field }) => {
    const result = smtpPatternForm.safeParse({ ...smtpFormValues(null), ...values });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('a DSN rule needs an RFC 3463 status', () => {
    const base = { pattern: 'mailbox full', note: '', enabled: true, position: '', action: 'failed' };
    expect(dsnPatternForm.safeParse({ ...base, status: '5.2.2' }).success).toBe(true);
    expect(dsnPatternForm.safeParse({ ...base, status: '552' }).error?.issues[0]?.path).toEqual(['status']);
  });

  it.each([
    [null, 'auto'],
    [true, 'hard'],
    [false, 'soft'],
  ] as const)('bounce category hard=%s shows as %s and saves back unchanged', (hard, shown) => {
    expect(hardnessOf(hard)).toBe(shown);
    const values = categoryFormValues({
      spcid: 4,
      pattern: 'quota',
      note: '',
      enabled: false,
      position: 7,
      updated_at: '2026-01-01T00:00:00.000Z',
      category: 'quota-issues',
      hard,
    });
    expect(categoryPatternForm.parse(values)).toEqual({
      pattern: 'quota',
      note: '',
      enabled: false,
      position: 7,
      category: 'quota-issues',
      hard,
    });
  });
});
