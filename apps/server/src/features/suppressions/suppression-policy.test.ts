import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { insertEvents, makeTestDomain } from '../../events/testing.ts';
import { makeCustomer } from '../../test/factories.ts';
import { openTestDb } from '../../test/test-db.ts';
import { type AutoSuppressionInput, decideAutoSuppression } from './suppression-policy.ts';
import { createSuppressionsConsumer } from './suppressions.consumer.ts';
import { consumeEverything } from './testing.ts';

/** Every kind of event the policy must tell apart, each for its own recipient. */
const CASES: Omit<AutoSuppressionInput, 'recipient'>[] = [
  { event: 'hardbounce', category: 'bad-mailbox', channel: null, allowListed: false },
  { event: 'hardbounce', category: 'inactive-mailbox', channel: null, allowListed: false },
  { event: 'hardbounce', category: 'bad-domain', channel: null, allowListed: false },
  { event: 'hardbounce', category: 'quota-issues', channel: null, allowListed: false },
  { event: 'hardbounce', category: 'spam-related', channel: null, allowListed: false },
  { event: 'hardbounce', category: 'message-expired', channel: null, allowListed: false },
  { event: 'hardbounce', category: null, channel: null, allowListed: false },
  { event: 'hardbounce', category: 'bad-mailbox', channel: 'seedtest:', allowListed: false },
  { event: 'hardbounce', category: 'bad-mailbox', channel: null, allowListed: true },
  { event: 'softbounce', category: 'quota-issues', channel: null, allowListed: false },
  { event: 'complained', category: null, channel: null, allowListed: false },
  { event: 'complained', category: null, channel: null, allowListed: true },
  { event: 'unsubscribed', category: null, channel: null, allowListed: false },
  { event: 'delivered', category: null, channel: null, allowListed: false },
  { event: 'rejected', category: null, channel: null, allowListed: false },
];

const SOFT_HOURS = 6;

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.drop());

describe('the auto-suppression policy', () => {
  it('suppresses address failures for good, soft categories for SOFT_SUPPRESSION_HOURS, never allow-listed ones', () => {
    const decide = (c: Omit<AutoSuppressionInput, 'recipient'>) =>
      decideAutoSuppression({ ...c, recipient: 'a@example.com' }, { softHours: SOFT_HOURS });
    expect(CASES.map(decide)).toEqual([
      { type: 'bounce', expiresAfterHours: null },
      { type: 'bounce', expiresAfterHours: null },
      { type: 'bounce', expiresAfterHours: null },
      { type: 'bounce', expiresAfterHours: SOFT_HOURS },
      { type: 'bounce', expiresAfterHours: SOFT_HOURS },
      { type: 'bounce', expiresAfterHours: SOFT_HOURS },
      { type: 'bounce', expiresAfterHours: SOFT_HOURS },
      null,
      null,
      null,
      { type: 'complaint', expiresAfterHours: null },
      null,
      { type: 'unsubscribe', expiresAfterHours: null },
      null,
      null,
    ]);
  });

  // The consumer may wait for other databases' transactions on a shared PostgreSQL server: a generous timeout.
  it('the suppressions consumer (SQL) decides exactly as decideAutoSuppression does', {
    timeout: 120_000,
  }, async () => {
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    const consumer = createSuppressionsConsumer({ softHours: SOFT_HOURS });
    await consumeEverything(db, consumer);
    const recipientOf = (i: number) => `case${i}@example.com`;
    for (const [i, c] of CASES.entries()) {
      if (c.allowListed) {
        await db.query('INSERT INTO recipient_allowlist (customer_id, domain_id, recipient) VALUES ($1, $2, $3)', [
          cid,
          did,
          recipientOf(i),
        ]);
      }
    }
    await insertEvents(
      db,
      CASES.map((c, i) => ({
        customerId: cid,
        domainId: did,
        event: c.event,
        recipient: recipientOf(i).toUpperCase(),
        category: c.category,
        channel: c.channel,
      })),
    );
    await consumeEverything(db, consumer);
    const rows = await db.query<{ recipient: string; type: string; hours: number | null }>(
      `SELECT recipient, type, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
         FROM suppressions WHERE customer_id = $1`,
      [cid],
    );
    const bySql = CASES.map((_, i) => {
      const row = rows.find((r) => r.recipient === recipientOf(i));
      return row ? { type: row.type, expiresAfterHours: row.hours } : null;
    });
    const byFunction = CASES.map((c, i) =>
      decideAutoSuppression({ ...c, recipient: recipientOf(i) }, { softHours: SOFT_HOURS }),
    );
    expect(bySql).toEqual(byFunction);
    expect(rows).toHaveLength(byFunction.filter(Boolean).length);
  });
});
