import type { EventBusQueue } from '@mailwright/contract';
import { connect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { registry, startMetrics, stopMetrics } from '../metrics/registry.ts';
import { makeCustomer } from '../test/factories.ts';
import { openTestDb } from '../test/test-db.ts';
import { eventBusStatus, readBusQueues, relayBacklog } from './amqp-management.ts';
import { makeTestVhost, type TestVhost, waitUntil } from './amqp-testing.ts';
import { assertTopology, BUS_CONSUMERS, busNames, encodeMessage } from './amqp-topology.ts';
import { insertEvents, makeTestDomain } from './testing.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const MANAGEMENT = process.env.TEST_AMQP_MANAGEMENT_URL ?? 'http://127.0.0.1:15672';
const names = busNames('mwmgmt.');

let db: Db & { drop(): Promise<void> };
let broker: TestVhost;
beforeAll(async () => {
  [db, broker] = await Promise.all([openTestDb(), makeTestVhost()]);
});
afterAll(async () => {
  await db?.drop();
  await broker?.drop();
});

describe('S7-110 the queues screen shows the event bus from RabbitMQ management API', () => {
  it('answers each consumer queue of the prefix with ready, unacked and consumers', async () => {
    const connection = await connect(broker.url);
    try {
      const channel = await connection.createConfirmChannel();
      await assertTopology(channel, names);
      for (let id = 1; id <= 7; id += 1)
        channel.publish(names.exchange, 'delivered', encodeMessage({ id, txid: '1' }), { persistent: true });
      await channel.waitForConfirms();
      // The management API refreshes its figures every few seconds (and may still be starting, just enabled).
      let queues: EventBusQueue[] = [];
      await waitUntil('the figures refreshed', async () => {
        queues = await readBusQueues(MANAGEMENT, broker.url, names.prefix).catch(() => []);
        return queues.length === BUS_CONSUMERS.length && queues.every((q) => q.ready === 7);
      });
      expect(queues.map((q) => q.name)).toEqual(['mwmgmt.rollups', 'mwmgmt.suppressions', 'mwmgmt.webhooks']);
      expect(queues[0]).toMatchObject({ ready: 7, unacked: 0, consumers: 0 });
      // Another prefix in the same vhost is another installation: not listed.
      expect(await readBusQueues(MANAGEMENT, broker.url, 'other.')).toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it('says when no broker is configured, and why figures are missing when the API cannot be reached', async () => {
    expect(await eventBusStatus(db, null)).toEqual({ configured: false });
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    await insertEvents(db, [
      { customerId: cid, domainId: did, event: 'accepted', createdAt: new Date(Date.now() - 60_000) },
      { customerId: cid, domainId: did, event: 'delivered' },
    ]);
    // Nothing relayed yet: both events wait, the oldest a minute old.
    const backlog = await relayBacklog(db);
    expect(backlog.unpublished).toBe(2);
    expect(backlog.lag_seconds).toBeGreaterThanOrEqual(59);
    const unset = await eventBusStatus(db, { url: broker.url, prefix: names.prefix, managementUrl: undefined });
    expect(unset).toMatchObject({
      configured: true,
      unpublished: 2,
      queues: [],
      error: expect.stringMatching(/not set/),
    });
    const closed = await eventBusStatus(db, {
      url: broker.url,
      prefix: names.prefix,
      managementUrl: 'http://127.0.0.1:9/',
    });
    expect(closed).toMatchObject({
      configured: true,
      queues: [],
      error: expect.stringMatching(/unreachable: fetch failed \(.+\)$/),
    });
  });
});

describe('event-bus metrics (issue 17)', () => {
  it('counts unpublished events and shows the lag of whichever side reads the outbox now', async () => {
    const cid = await makeCustomer(db);
    const { did } = await makeTestDomain(db, cid);
    await insertEvents(db, [{ customerId: cid, domainId: did, event: 'accepted' }]);
    const total = Number((await db.one<{ n: number }>('SELECT count(*) AS n FROM events')).n);
    // The installation ran embedded (rollups' row, an hour ago), then switched to the bus (the relay's row, now).
    await db.query(
      `INSERT INTO event_consumers (name, updated_at) VALUES ('rollups', now() - interval '1 hour'), ('amqp-relay', now())
       ON CONFLICT (name) DO UPDATE SET last_txid = '0', last_id = 0, updated_at = excluded.updated_at`,
    );
    startMetrics(db, ['worker']);
    try {
      const text = await registry.metrics();
      expect(text).toMatch(new RegExp(`^mailwright_event_bus_unpublished\\{[^}]*\\} ${total}$`, 'm'));
      expect(text).toMatch(/^mailwright_event_bus_lag_seconds\{consumer="amqp-relay"/m);
      expect(text).not.toMatch(/^mailwright_event_bus_lag_seconds\{consumer="rollups"/m);
    } finally {
      stopMetrics(db);
    }
  });
});
