import { Writable } from 'node:stream';
import { connect } from 'amqplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { createSuppressionsConsumer } from '../features/suppressions/suppressions.consumer.ts';
import { webhooksConsumer } from '../features/webhooks/webhooks.consumer.ts';
import { makeCustomer } from '../test/factories.ts';
import { openTestDb } from '../test/test-db.ts';
import { startBusConsumers } from './amqp-consumer.ts';
import { makeTestVhost, type TestVhost, waitUntil } from './amqp-testing.ts';
import { busNames, encodeMessage } from './amqp-topology.ts';
import { RELAY_NAME, startRelay } from './relay.ts';
import { rollupsConsumer } from './rollups.consumer.ts';
import { insertEvents, makeTestDomain, type TestEvent } from './testing.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** The bus's log lines, kept to check that relay and consumers really reconnected. */
const logLines: string[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
const reconnected = (bus: string) =>
  logLines.some(
    (l) => l.includes('event bus connected') && l.includes(`"bus":"${bus}"`) && l.includes('"reconnect":true'),
  );
const consumers = [rollupsConsumer, createSuppressionsConsumer(), webhooksConsumer];
const names = busNames('mwtest.');

let db: Db & { drop(): Promise<void> };
let broker: TestVhost;
beforeAll(async () => {
  [db, broker] = await Promise.all([openTestDb(), makeTestVhost()]);
});
afterAll(async () => {
  await db?.drop();
  await broker?.drop();
});

function someEvents(cid: number, did: number, count: number, offset: number): TestEvent[] {
  const kinds = ['accepted', 'delivered', 'opened', 'clicked', 'hardbounce'];
  return Array.from({ length: count }, (_, i) => ({
    customerId: cid,
    domainId: did,
    event: kinds[(i + offset) % kinds.length] as string,
    recipient: `r${(i + offset) % 700}@example.net`,
    category: (i + offset) % kinds.length === 4 ? 'bad-mailbox' : null,
    tags: i % 3 ? [] : ['t1'],
  }));
}

/** Per event name: how many events the outbox holds, and how many the daily rollup counted (tag '' = every event). */
async function countsByEvent(cid: number) {
  const [events, rollups] = await Promise.all([
    db.query<{ event: string; n: string }>(
      'SELECT event, count(*) AS n FROM events WHERE customer_id = $1 GROUP BY event ORDER BY event',
      [cid],
    ),
    db.query<{ event: string; n: string }>(
      `SELECT event, sum(count) AS n FROM stats_daily WHERE customer_id = $1 AND tag = '' GROUP BY event ORDER BY event`,
      [cid],
    ),
  ]);
  const asMap = (rows: { event: string; n: string }[]) => Object.fromEntries(rows.map((r) => [r.event, Number(r.n)]));
  return { events: asMap(events), rollups: asMap(rollups) };
}

const appliedCount = async (consumer: string) =>
  Number(
    (await db.one<{ n: string }>('SELECT count(*) AS n FROM event_bus_applied WHERE consumer = $1', [consumer])).n,
  );

describe('RabbitMQ as the event bus (issue 17): relay with publisher confirms, idempotent consumers', () => {
  it('applies every event once through a broker that drops every connection mid-run, and absorbs re-sent events', async () => {
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    const first = 3000;
    const second = 2000;
    await insertEvents(db, someEvents(cid, did, first, 0));
    const started = Date.now();
    const bus = startBusConsumers(db, log, { url: broker.url, names, consumers, batchSize: 200 });
    const relay = startRelay(db, log, { url: broker.url, names, batchSize: 250, intervalMs: 100 });
    try {
      // The broker goes away while the relay and the consumers are busy: every client connection is closed at once.
      await waitUntil('the first events applied', async () => (await appliedCount('rollups')) >= 400);
      await broker.closeConnections();
      await insertEvents(db, someEvents(cid, did, second, first));
      relay.poke();
      const total = first + second;
      for (const consumer of consumers)
        await waitUntil(`${consumer.name} to apply all`, async () => (await appliedCount(consumer.name)) === total);
      const elapsed = Date.now() - started;
      await waitUntil('both sides reconnected', async () => reconnected('relay') && reconnected('consumers'));
      const relayRow = await db.one<{ processed: string }>('SELECT processed FROM event_consumers WHERE name = $1', [
        RELAY_NAME,
      ]);
      // Published at least once each (a batch whose confirms were lost is published again).
      expect(Number(relayRow.processed)).toBe(total);
      const counts = await countsByEvent(cid);
      expect(counts.rollups).toEqual(counts.events);
      expect(Object.values(counts.rollups).reduce((a, b) => a + b, 0)).toBe(total);

      // The relay re-sends every event (as after a lost confirm): the consumers receive them and change nothing.
      const connection = await connect(broker.url);
      const channel = await connection.createConfirmChannel();
      const ids = await db.query<{ id: string; txid: string }>(
        'SELECT id::text AS id, txid::text AS txid FROM events WHERE customer_id = $1',
        [cid],
      );
      for (const row of ids)
        channel.publish(names.exchange, 'delivered', encodeMessage({ id: Number(row.id), txid: row.txid }), {
          persistent: true,
        });
      await channel.waitForConfirms();
      await connection.close();
      await waitUntil('the duplicates received', async () =>
        Object.values(bus.stats()).every((s) => s.duplicates >= total),
      );
      expect(await countsByEvent(cid)).toEqual(counts);
      for (const consumer of consumers) expect(await appliedCount(consumer.name)).toBe(total);
      console.info(
        `event bus: ${total} events, all applied in ${elapsed} ms across a forced disconnect; per consumer since start`,
        bus.stats(),
      );
    } finally {
      await relay.stop();
      await bus.stop();
    }
  });
});
