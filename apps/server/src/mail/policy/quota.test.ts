import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { makeTestDomain } from '../../events/testing.ts';
import { makeCustomer, makeUser } from '../../test/factories.ts';
import { openTestDb } from '../../test/test-db.ts';
import { storeMessages } from '../intake/intake.repo.ts';
import { IntakeError } from '../intake/intake-error.ts';
import { putOnTier, testMessage } from '../testing/quota-tiers.ts';
import { countAgainstQuota, periodOf, readQuotaPlans } from './quota.ts';
import { noticeDue } from './quota-notices.ts';

const log = pino({ enabled: false });
let db: Db & { drop(): Promise<void> };

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.drop();
});

async function sender(tier?: Parameters<typeof putOnTier>[2]) {
  const cid = await makeCustomer(db);
  const { did } = await makeTestDomain(db, cid);
  await makeUser(db, cid, 'admin');
  if (tier) await putOnTier(db, cid, tier);
  return { cid, did };
}

const usage = async (cid: number) =>
  (await db.maybeOne<{ accepted: number; notified_80: boolean; notified_100: boolean }>(
    'SELECT accepted, notified_80, notified_100 FROM quota_usage WHERE customer_id = $1 AND period_start = $2::date',
    [cid, periodOf(new Date()).start],
  )) ?? { accepted: 0, notified_80: false, notified_100: false };

const count = async (sql: string, params: unknown[]) => (await db.one<{ n: number }>(sql, params)).n;
const storedFor = (cid: number) => count('SELECT count(*)::int AS n FROM messages WHERE customer_id = $1', [cid]);
const queuedFor = (cid: number) =>
  count(
    `SELECT count(*)::int AS n FROM delivery_queue q JOIN messages m ON m.id = q.message_id WHERE m.customer_id = $1`,
    [cid],
  );
const acceptedEvents = (cid: number) =>
  count("SELECT count(*)::int AS n FROM events WHERE customer_id = $1 AND event = 'accepted'", [cid]);
const bells = (cid: number, kind: string) =>
  count('SELECT count(*)::int AS n FROM notifications WHERE customer_id = $1 AND kind = $2', [cid, kind]);
const mails = (cid: number) =>
  count(
    `SELECT count(*)::int AS n FROM system_mail s JOIN users u ON u.email = s.to_address WHERE u.customer_id = $1`,
    [cid],
  );

describe('quota periods', () => {
  it('a period is the UTC calendar month; December runs into January', () => {
    expect(periodOf(new Date('2026-12-31T23:59:59Z'))).toEqual({ start: '2026-12-01', next: '2027-01-01' });
    expect(periodOf(new Date('2027-01-01T00:00:00Z'))).toEqual({ start: '2027-01-01', next: '2027-02-01' });
  });
});

describe('the counter (issue 14: hard caps at intake; 402 is S8-001)', () => {
  it('a hard cap fills with whole messages and refuses the rest with 452 4.5.3 / 402; nothing refused is queued', async () => {
    const { cid, did } = await sender({ msgIncluded: 10, hardCap: true });
    const out = await storeMessages(
      db,
      [4, 4, 4].map((n) => testMessage(cid, did, n)),
      log,
    );
    expect(out.map((o) => typeof o)).toEqual(['number', 'number', 'object']);
    const refusal = out[2] as IntakeError;
    expect(refusal).toBeInstanceOf(IntakeError);
    expect({ smtp: refusal.smtpCode, enhanced: refusal.enhanced, http: refusal.httpStatus }).toEqual({
      smtp: 452,
      enhanced: '4.5.3',
      http: 402,
    });
    expect(refusal.message).toBe(
      `Monthly quota exceeded: 8 of 10 messages used this period and this message needs 4 more; sending resumes on ${periodOf(new Date()).next} (UTC) or when the tier changes`,
    );
    // Two more fit exactly; one more does not.
    expect(typeof (await storeMessages(db, [testMessage(cid, did, 2)], log))[0]).toBe('number');
    expect((await storeMessages(db, [testMessage(cid, did, 1)], log))[0]).toBeInstanceOf(IntakeError);
    expect((await usage(cid)).accepted).toBe(10);
    expect(await storedFor(cid)).toBe(3);
    expect(await queuedFor(cid)).toBe(3);
    expect(await acceptedEvents(cid)).toBe(10);
    // The refusals are in the logs as `rejected` events (4 + 1 recipients), naming no stored message.
    expect(
      await count("SELECT count(*)::int AS n FROM events WHERE customer_id = $1 AND event = 'rejected'", [cid]),
    ).toBe(5);
  });

  it('a batch of several customers: each is counted on its own, a capped one filled in order as far as whole messages go', async () => {
    const capped = await sender({ msgIncluded: 5, hardCap: true });
    const free = await sender();
    const out = await storeMessages(
      db,
      [
        testMessage(capped.cid, capped.did, 3),
        testMessage(free.cid, free.did, 2),
        testMessage(capped.cid, capped.did, 3),
        testMessage(capped.cid, capped.did, 1, { source: 'system' }),
        testMessage(capped.cid, capped.did, 1),
      ],
      log,
    );
    expect(out.map((o) => (o instanceof IntakeError ? o.message.split(' used')[0] : 'stored'))).toEqual([
      'stored',
      'stored',
      'Monthly quota exceeded: 3 of 5 messages',
      'stored',
      'stored',
    ]);
    expect([(await usage(capped.cid)).accepted, (await usage(free.cid)).accepted]).toEqual([5, 2]);
    expect(await acceptedEvents(capped.cid)).toBe(5);
  });

  it('extra-message add-ons add to the allowance', async () => {
    const { cid, did } = await sender({ msgIncluded: 3, hardCap: true, extraMessages: 2 });
    const out = await storeMessages(db, [testMessage(cid, did, 5), testMessage(cid, did, 1)], log);
    expect(typeof out[0]).toBe('number');
    expect(out[1]).toBeInstanceOf(IntakeError);
  });

  it('counts per recipient accepted: suppressed recipients are neither counted nor refused for', async () => {
    const { cid, did } = await sender({ msgIncluded: 2, hardCap: true });
    const message = testMessage(cid, did, 3, { prefix: 'supp' });
    await db.query(
      "INSERT INTO suppressions (customer_id, recipient, type) VALUES ($1, 'supp-0@dest.test', 'bounce')",
      [cid],
    );
    expect(typeof (await storeMessages(db, [message], log))[0]).toBe('number');
    expect((await usage(cid)).accepted).toBe(2);
    expect(await acceptedEvents(cid)).toBe(2);
  });

  it('without a tier, or on a tier that bills overage, messages are counted and never refused', async () => {
    const none = await sender();
    const overage = await sender({ msgIncluded: 2, hardCap: false });
    for (const s of [none, overage]) {
      const out = await storeMessages(db, [testMessage(s.cid, s.did, 3), testMessage(s.cid, s.did, 2)], log);
      expect(out.every((o) => typeof o === 'number')).toBe(true);
      expect((await usage(s.cid)).accepted).toBe(5);
    }
  });

  it('platform mail (source system) is counted but never refused', async () => {
    const { cid, did } = await sender({ msgIncluded: 1, hardCap: true });
    const out = await storeMessages(db, [testMessage(cid, did, 2, { source: 'system' })], log);
    expect(typeof out[0]).toBe('number');
    expect((await usage(cid)).accepted).toBe(2);
    expect((await storeMessages(db, [testMessage(cid, did, 1)], log))[0]).toBeInstanceOf(IntakeError);
  });

  it('a transaction that fails after counting takes the count back (nothing leaks)', async () => {
    const { cid } = await sender({ msgIncluded: 5, hardCap: true });
    const at = new Date();
    const plans = await readQuotaPlans(db, [cid], at);
    await expect(
      db.transaction(async (tx) => {
        const refusals = await countAgainstQuota(tx, log, plans, [{ customerId: cid, count: 5, exempt: false }], at);
        expect(refusals).toEqual([null]);
        throw new Error('a later step of the store failed');
      }),
    ).rejects.toThrow('later step');
    expect((await usage(cid)).accepted).toBe(0);
    expect(await bells(cid, 'quota-100')).toBe(0);
  });

  it('a tier change applies to the next message', async () => {
    const { cid, did } = await sender({ msgIncluded: 1, hardCap: true });
    expect(typeof (await storeMessages(db, [testMessage(cid, did, 1)], log))[0]).toBe('number');
    expect((await storeMessages(db, [testMessage(cid, did, 1)], log))[0]).toBeInstanceOf(IntakeError);
    await putOnTier(db, cid, { msgIncluded: 100, hardCap: true });
    expect(typeof (await storeMessages(db, [testMessage(cid, did, 1)], log))[0]).toBe('number');
  });
});

describe('80% and 100% notices', () => {
  it('the bell and an e-mail to each admin at 80% and at 100%, each once per period (hard cap)', async () => {
    const { cid, did } = await sender({ msgIncluded: 10, hardCap: true });
    await makeUser(db, cid, 'admin');
    await makeUser(db, cid, 'user'); // users get the bell, not the e-mail
    const send = (n: number) => storeMessages(db, [testMessage(cid, did, n)], log);
    await send(7);
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100'), await mails(cid)]).toEqual([0, 0, 0]);
    await send(1); // 8 of 10
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100'), await mails(cid)]).toEqual([1, 0, 2]);
    await send(1); // 9: no second 80% notice
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100'), await mails(cid)]).toEqual([1, 0, 2]);
    await send(1); // 10 of 10
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100'), await mails(cid)]).toEqual([1, 1, 4]);
    await send(1); // refused: no second 100% notice
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100'), await mails(cid)]).toEqual([1, 1, 4]);
    expect(await usage(cid)).toEqual({ accepted: 10, notified_80: true, notified_100: true });
    const bell = await db.one<{ message: string; user_id: number | null }>(
      "SELECT message, user_id FROM notifications WHERE customer_id = $1 AND kind = 'quota-100'",
      [cid],
    );
    expect(bell.user_id).toBeNull();
    expect(bell.message).toBe(
      `You have used this month's allowance (10 of 10 messages): further mail is refused until ${periodOf(new Date()).next} (UTC) unless you change your tier.`,
    );
    const subjects = await db.query<{ subject: string; kind: string }>(
      `SELECT s.subject, s.kind FROM system_mail s JOIN users u ON u.email = s.to_address WHERE u.customer_id = $1
        GROUP BY 1, 2 ORDER BY min(s.id)`,
      [cid],
    );
    expect(subjects).toEqual([
      { subject: "You have used 80% of this month's allowance", kind: 'notice' },
      { subject: 'Your monthly allowance is used up', kind: 'notice' },
    ]);
  });

  it('a refusal before the count reaches 100% still sends the 100% notice; a jump past 80% sends only the 100% one', async () => {
    const { cid, did } = await sender({ msgIncluded: 10, hardCap: true });
    await storeMessages(db, [testMessage(cid, did, 5)], log);
    await storeMessages(db, [testMessage(cid, did, 6)], log); // refused at 5 of 10
    expect([await bells(cid, 'quota-80'), await bells(cid, 'quota-100')]).toEqual([0, 1]);
    const jump = await sender({ msgIncluded: 10, hardCap: true });
    await storeMessages(db, [testMessage(jump.cid, jump.did, 10)], log);
    expect([await bells(jump.cid, 'quota-80'), await bells(jump.cid, 'quota-100')]).toEqual([0, 1]);
  });

  it('a tier that bills overage is told at 80% and 100% that what follows is billed', async () => {
    const { cid, did } = await sender({ msgIncluded: 5, hardCap: false });
    await storeMessages(db, [testMessage(cid, did, 4)], log);
    await storeMessages(db, [testMessage(cid, did, 4)], log);
    const rows = await db.query<{ kind: string; message: string }>(
      'SELECT kind, message FROM notifications WHERE customer_id = $1 ORDER BY id',
      [cid],
    );
    expect(rows).toEqual([
      {
        kind: 'quota-80',
        message:
          "You have used 80% of this month's allowance (4 of 5 messages). Messages beyond it are billed as overage.",
      },
      {
        kind: 'quota-100',
        message:
          'You have used the messages included in your tier this month (8 of 5 messages); further messages are billed as overage.',
      },
    ]);
  });

  it('no notices without an allowance', () => {
    const usage = { accepted: 5, notified_80: false, notified_100: false };
    expect(noticeDue({ plan: { allowance: 0, hardCap: true }, usage, refused: true })).toBeNull();
  });
});
