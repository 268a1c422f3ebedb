import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { suppressionsConsumer } from '../features/suppressions/suppressions.consumer.ts';
import { makeCustomer } from '../test/factories.ts';
import { openTestDb, testDbKind } from '../test/test-db.ts';
import { consumeBatch, drainConsumer, type EventConsumer } from './consumer-runner.ts';
import { rollupsConsumer } from './rollups.consumer.ts';
import { insertEvents, makeTestDomain, type TestEvent, waitForFinalEvents } from './testing.ts';

// The machine may be busy with other suites: database tests get room.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.drop());

// A deterministic pseudo-random sequence, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const pick = <T>(next: () => number, items: readonly T[]) => items[Math.floor(next() * items.length)] as T;

function syntheticEvents(cid: number, dids: number[], count: number, seed: number): TestEvent[] {
  const next = random(seed);
  const start = Date.parse('2026-03-01T00:00:00Z');
  return Array.from({ length: count }, () => {
    const event = pick(next, ['accepted', 'delivered', 'softbounce', 'hardbounce', 'opened', 'clicked', 'rejected']);
    const bounce = event === 'softbounce' || event === 'hardbounce';
    return {
      customerId: cid,
      domainId: pick(next, dids),
      event,
      category: bounce ? pick(next, ['bad-mailbox', 'quota-issues', 'spam-related']) : null,
      channel: next() < 0.05 ? 'seedtest:' : null,
      bot: (event === 'opened' || event === 'clicked') && next() < 0.3,
      tags: pick(next, [[], ['welcome'], ['welcome', 'march'], ['news']]),
      // Spread over 4 days, so hours and days both have several buckets.
      createdAt: new Date(start + Math.floor(next() * 4 * 86_400_000)),
    };
  });
}

/** The rollups recomputed from the raw events: what the consumer must have produced. */
async function expectedRollup(table: 'stats_hourly' | 'stats_daily', cid: number) {
  const unit = table === 'stats_hourly' ? 'hour' : 'day';
  return db.query<Record<string, unknown>>(
    `SELECT domain_id, tag, date_trunc('${unit}', created_at, 'UTC') AS bucket,
            CASE WHEN coalesce(channel, '') = '' THEN event ELSE rtrim(channel, ':') || ':' || event END AS event,
            coalesce(category, '') AS category, bot, count(*)::bigint AS count
       FROM events e CROSS JOIN LATERAL unnest(array_prepend(''::text, e.tags)) AS tag
      WHERE customer_id = $1
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    [cid],
  );
}

const actualRollup = (table: 'stats_hourly' | 'stats_daily', cid: number) =>
  db.query<Record<string, unknown>>(
    `SELECT domain_id, tag, bucket, event, category, bot, count FROM ${table} WHERE customer_id = $1
      ORDER BY 1, 2, 3, 4, 5, 6`,
    [cid],
  );

describe('rollups consumer', () => {
  it('matches the raw events hour by hour and day by day, in batches of any size', async () => {
    const cid = await makeCustomer(db);
    const dids = [(await makeTestDomain(db, cid)).did, (await makeTestDomain(db, cid)).did];
    const events = syntheticEvents(cid, dids, 1500, 7);
    await insertEvents(db, events.slice(0, 700));
    await drainConsumer(db, rollupsConsumer, 97);
    await insertEvents(db, events.slice(700));
    await drainConsumer(db, rollupsConsumer, 250);

    expect(await actualRollup('stats_hourly', cid)).toEqual(await expectedRollup('stats_hourly', cid));
    expect(await actualRollup('stats_daily', cid)).toEqual(await expectedRollup('stats_daily', cid));
    // Tag '' holds every event exactly once, whatever its tags.
    const total = await db.one<{ n: number }>(
      "SELECT sum(count)::bigint AS n FROM stats_daily WHERE customer_id = $1 AND tag = ''",
      [cid],
    );
    expect(total.n).toBe(1500);
  });

  it('resumes after a crash without counting a batch twice', async () => {
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    // Catch up on earlier tests' events first, so the batches below are this test's own.
    await drainConsumer(db, rollupsConsumer);
    await insertEvents(db, syntheticEvents(cid, [did], 400, 11));

    expect(await consumeBatch(db, rollupsConsumer, 100)).toBe(100);
    // The process dies after writing the rollups of the next batch but before its commit.
    const crashing: EventConsumer = {
      ...rollupsConsumer,
      async consume(tx, cursor, limit) {
        await rollupsConsumer.consume(tx, cursor, limit);
        throw new Error('simulated crash before commit');
      },
    };
    await expect(consumeBatch(db, crashing, 100)).rejects.toThrow('simulated crash');
    // A fresh consumer takes over from the last committed cursor.
    expect(await drainConsumer(db, rollupsConsumer, 100)).toBe(300);
    expect(await drainConsumer(db, rollupsConsumer, 100)).toBe(0);

    expect(await actualRollup('stats_daily', cid)).toEqual(await expectedRollup('stats_daily', cid));
    expect(await actualRollup('stats_hourly', cid)).toEqual(await expectedRollup('stats_hourly', cid));
  });

  // Only PostgreSQL runs two transactions at once; PGlite has a single connection.
  if (testDbKind === 'postgres') {
    it('never skips an event whose transaction commits after a later id', async () => {
      const cid = await makeCustomer(db);
      const { did } = await makeTestDomain(db, cid);
      await drainConsumer(db, rollupsConsumer);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${(await db.one<{ name: string }>('SELECT current_database() AS name')).name}`;
      const slow = new pg.Client({ connectionString: url.toString() });
      await slow.connect();
      try {
        await slow.query('BEGIN');
        // The slow transaction takes the lower id...
        await slow.query(
          "INSERT INTO events (customer_id, domain_id, recipient, event) VALUES ($1, $2, 'a@example.net', 'delivered')",
          [cid, did],
        );
        // ...a later one takes a higher id and commits first.
        await insertEvents(db, [{ customerId: cid, domainId: did, event: 'opened' }], { waitFinal: false });
        // While the slow one runs, nothing after it is final: the consumer waits rather than step past its id.
        expect(await drainConsumer(db, rollupsConsumer)).toBe(0);
        await slow.query('COMMIT');
        await waitForFinalEvents(db);
        expect(await drainConsumer(db, rollupsConsumer)).toBe(2);
      } finally {
        await slow.end();
      }
      expect(await actualRollup('stats_daily', cid)).toEqual(await expectedRollup('stats_daily', cid));
    });
  }
});

describe('suppressions consumer', () => {
  it('adds one suppression per hard bounce, complaint and unsubscribe; never for soft bounces, channels or allow-listed recipients', async () => {
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    const base = { customerId: cid, domainId: did };
    await drainConsumer(db, suppressionsConsumer);
    // The domain's allow-list: one address, and every address at one domain.
    await db.query(
      "INSERT INTO recipient_allowlist (customer_id, domain_id, recipient) VALUES ($1, $2, 'vip@example.net'), ($1, $2, 'partner.example')",
      [cid, did],
    );
    await insertEvents(db, [
      { ...base, event: 'hardbounce', recipient: 'vip@example.net' },
      { ...base, event: 'complained', recipient: 'someone@partner.example' },
      { ...base, event: 'hardbounce', recipient: 'Gone@Example.net', category: 'bad-mailbox', reply: '550 5.1.1 no' },
      { ...base, event: 'hardbounce', recipient: 'gone@example.net', category: 'bad-mailbox' },
      { ...base, event: 'complained', recipient: 'angry@example.net' },
      { ...base, event: 'unsubscribed', recipient: 'bye@example.net' },
      { ...base, event: 'softbounce', recipient: 'full@example.net', category: 'quota-issues' },
      { ...base, event: 'hardbounce', recipient: 'seed@example.net', channel: 'seedtest:' },
    ]);
    await drainConsumer(db, suppressionsConsumer, 2);
    // Replaying the same kind of event later adds nothing either.
    await insertEvents(db, [{ ...base, event: 'unsubscribed', recipient: 'bye@example.net' }]);
    await drainConsumer(db, suppressionsConsumer);

    const rows = await db.query<{ recipient: string; type: string; domain_id: number; category: string | null }>(
      'SELECT recipient, type, domain_id, category FROM suppressions WHERE customer_id = $1 ORDER BY recipient',
      [cid],
    );
    expect(rows).toEqual([
      { recipient: 'angry@example.net', type: 'complaint', domain_id: did, category: null },
      { recipient: 'bye@example.net', type: 'unsubscribe', domain_id: did, category: null },
      { recipient: 'gone@example.net', type: 'bounce', domain_id: did, category: 'bad-mailbox' },
    ]);
  });
});
