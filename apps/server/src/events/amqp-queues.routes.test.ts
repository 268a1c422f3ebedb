import type { Queues } from '@mailwright/contract';
import { connect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOperators } from '../test/factories.ts';
import { useTestApp } from '../test/setup.ts';
import { makeTestVhost, type TestVhost, waitUntil } from './amqp-testing.ts';
import { assertTopology, busNames } from './amqp-topology.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const MANAGEMENT = process.env.TEST_AMQP_MANAGEMENT_URL ?? 'http://127.0.0.1:15672';
const names = busNames('mwroute.');

let broker: TestVhost;
beforeAll(async () => {
  broker = await makeTestVhost();
  const connection = await connect(broker.url);
  await assertTopology(await connection.createChannel(), names);
  await connection.close();
});
afterAll(() => broker?.drop());

// Started after the vhost exists (hooks run in order): the app's config points at it.
const t = useTestApp(() => ({ amqp: { url: broker.url, prefix: names.prefix, managementUrl: MANAGEMENT } }));

describe('S7-110 system/monitoring/queues with RabbitMQ configured (AMQP_URL, AMQP_MANAGEMENT_URL)', () => {
  it("answers the event bus's queues and the relay's backlog to an operator", async () => {
    const { mta } = await makeOperators(t);
    let body: Queues | undefined;
    await waitUntil('the queues listed', async () => {
      const res = await t.request<Queues>('GET', '/api/system/monitoring/queues', { token: mta });
      expect(res.status).toBe(200);
      body = res.body.data;
      return body?.rabbitmq.configured === true && body.rabbitmq.queues.length === 3;
    });
    expect(body?.rabbitmq).toEqual({
      configured: true,
      unpublished: 0,
      lag_seconds: 0,
      error: null,
      queues: ['mwroute.rollups', 'mwroute.suppressions', 'mwroute.webhooks'].map((name) => ({
        name,
        ready: 0,
        unacked: 0,
        consumers: 0,
        publish_rate: 0,
        deliver_rate: 0,
        ack_rate: 0,
      })),
    });
  });
});
