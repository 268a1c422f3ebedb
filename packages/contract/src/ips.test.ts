import { describe, expect, it } from 'vitest';
import { formatWarmupSchedule, ipForm, ipInput, parseWarmupSchedule } from './ips.ts';

const form = { ip: '127.0.0.2', ptr_host: '', pool_id: '', warmup: false, started_on: '', schedule: '' };

describe('issue 16 IP form and warm-up schedule text', () => {
  it('reads one day a line of four caps and writes it back the same', () => {
    const days = parseWarmupSchedule('50 50 50 100\n\n 100,100;100 200 ');
    expect(days).toEqual([
      { gmail: 50, microsoft: 50, yahoo: 50, other: 100 },
      { gmail: 100, microsoft: 100, yahoo: 100, other: 200 },
    ]);
    expect(formatWarmupSchedule(days as Exclude<typeof days, string>)).toBe('50 50 50 100\n100 100 100 200');
    expect(parseWarmupSchedule('1 2 3')).toBe('Day 1: give four whole numbers (gmail, microsoft, yahoo, other)');
    expect(parseWarmupSchedule('1 2 3 4\n1 2 3 -4')).toMatch(/^Day 2:/);
    expect(parseWarmupSchedule('1 1 1 1\n'.repeat(121))).toBe('A warm-up schedule has at most 120 days');
  });

  it('turns the form into the API body: empty PTR and pool are null, warm-up only when switched on', () => {
    expect(ipForm.parse(form)).toEqual({ ip: '127.0.0.2', ptr_host: null, pool_id: null, warmup: null });
    const warm = ipForm.parse({ ...form, pool_id: '7', warmup: true, schedule: '1 2 3 4' });
    expect(warm).toEqual({
      ip: '127.0.0.2',
      ptr_host: null,
      pool_id: 7,
      warmup: { schedule: [{ gmail: 1, microsoft: 2, yahoo: 3, other: 4 }] },
    });
    expect(ipInput.safeParse(warm).success).toBe(true);
    const bad = ipForm.safeParse({ ...form, warmup: true, schedule: 'lots' });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['schedule']);
    // The schedule text of an IP not in warm-up is not read (the field is hidden).
    expect(ipForm.safeParse({ ...form, schedule: 'lots' }).success).toBe(true);
  });
});
