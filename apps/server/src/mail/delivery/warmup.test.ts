import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/test-db.ts';
import { sentOnDay, takeWarmupSlot } from './warmup.repo.ts';
import { defaultWarmupSchedule, nextUtcDay, providerOfMx, warmupCap, warmupDayNumber } from './warmup.ts';

describe('issue 16 warm-up schedule', () => {
  it('tells providers apart by MX host suffix', () => {
    expect(providerOfMx('gmail-smtp-in.l.google.com.')).toBe('gmail');
    expect(providerOfMx('ASPMX.L.GOOGLE.COM')).toBe('gmail');
    expect(providerOfMx('example-com.mail.protection.outlook.com')).toBe('microsoft');
    expect(providerOfMx('hotmail-com.olc.protection.outlook.com')).toBe('microsoft');
    expect(providerOfMx('mta5.am0.yahoodns.net')).toBe('yahoo');
    expect(providerOfMx('mx.notgoogle.com')).toBe('other');
    expect(providerOfMx('google.com.evil.test')).toBe('other');
  });

  it('the default ramp: 30 days from 50 (100 for other), doubling every third day', () => {
    const ramp = defaultWarmupSchedule();
    expect(ramp).toHaveLength(30);
    expect(ramp[0]).toEqual({ gmail: 50, microsoft: 50, yahoo: 50, other: 100 });
    expect(ramp[3]).toEqual({ gmail: 100, microsoft: 100, yahoo: 100, other: 200 });
    for (let day = 1; day < 30; day++) expect(ramp[day]?.gmail).toBeGreaterThanOrEqual(ramp[day - 1]?.gmail ?? 0);
    expect(ramp[29]?.gmail).toBeGreaterThan(30_000);
  });

  it('counts days in UTC; past the last day there is no cap', () => {
    expect(warmupDayNumber('2026-03-01', '2026-03-01')).toBe(1);
    expect(warmupDayNumber('2026-02-27', '2026-03-01')).toBe(3);
    const state = { startedOn: '2026-03-01', schedule: [{ gmail: 5, microsoft: 6, yahoo: 7, other: 8 }] };
    expect(warmupCap(state, '2026-03-01', 'yahoo')).toBe(7);
    expect(warmupCap(state, '2026-03-02', 'yahoo')).toBeNull();
    expect(warmupCap(null, '2026-03-02', 'yahoo')).toBeNull();
    expect(nextUtcDay(new Date('2026-03-01T23:59:59Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('issue 16 warm-up counts in the database', () => {
  let db: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('hands out exactly the cap under 60 concurrent takers, per IP, provider and day', async () => {
    const ip = await db.one<{ id: number }>("INSERT INTO sending_ips (ip) VALUES ('127.0.0.80') RETURNING id");
    const takes = await Promise.all(
      Array.from({ length: 60 }, () => takeWarmupSlot(db, ip.id, 'gmail', '2026-03-01', 25)),
    );
    expect(takes.filter(Boolean)).toHaveLength(25);
    expect(await takeWarmupSlot(db, ip.id, 'yahoo', '2026-03-01', 25)).toBe(true);
    expect(await takeWarmupSlot(db, ip.id, 'gmail', '2026-03-02', 25)).toBe(true);
    expect(await takeWarmupSlot(db, ip.id, 'other', '2026-03-01', 0)).toBe(false);
    const sent = await sentOnDay(db, [ip.id], '2026-03-01');
    expect(sent.get(ip.id)).toEqual({ gmail: 25, microsoft: 0, yahoo: 1, other: 0 });
  });
});
