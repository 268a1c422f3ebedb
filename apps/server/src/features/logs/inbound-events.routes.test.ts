import type { AggregateEntry, LogEntry, RawStatsEntry, StatsGraph, Webhook } from '@mailwright/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { rollupsConsumer } from '../../events/rollups.consumer.ts';
import { insertEvents, waitForFinalEvents } from '../../events/testing.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { startWebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { webhooksConsumer } from '../webhooks/webhooks.consumer.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Issue 13: inbound messages are events (channel inbound, event received, the outcome as category). The messages
// are written as the inbound MX writes them (routing.repo.ts); the database adds their events.
// The receiver listens on loopback, which production refuses (WEBHOOK_ALLOW_PRIVATE).
const t = useTestApp({ webhookAllowPrivate: true });
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let routeId: number;
let inboundIds: number[];

interface Inbound {
  customerId?: number;
  domainId?: number;
  routeId?: number | null;
  sender?: string;
  fromHeader?: string;
  subject?: string;
  stored?: boolean;
  results?: { action: string; result: string }[];
}

/** An inbound_messages row as the MX records one (routing.repo.ts); its event comes from the database's trigger. */
async function record(recipient: string, outcome: 'accepted' | 'held' | 'bounced', m: Inbound = {}) {
  const row = await t.deps.db.one<{ id: number }>(
    `INSERT INTO inbound_messages (customer_id, domain_id, route_id, recipient, sender, from_header, subject,
                                   size_bytes, outcome, stored, results, raw, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 40, $8, $9, $10::jsonb, $11, now() + interval '3 days') RETURNING id::int`,
    [
      m.customerId ?? tenant.cid,
      m.domainId ?? domain.did,
      m.routeId ?? null,
      recipient,
      m.sender ?? 'alice@example.org',
      m.fromHeader ?? 'Alice <alice@example.org>',
      m.subject ?? `Help (${outcome})`,
      outcome,
      m.stored ?? outcome !== 'bounced',
      JSON.stringify(
        m.results ?? (outcome === 'accepted' ? [{ action: 'store(days=3)', result: 'stored for 3 days' }] : []),
      ),
      Buffer.from('From: alice@example.org\r\nSubject: Help\r\n\r\nHello\r\n'),
    ],
  );
  return row.id;
}

beforeAll(async () => {
  const route = await t.deps.db.one<{ id: number }>(
    `INSERT INTO inbound_routes (customer_id, domain_id, priority, description, expression, actions)
     VALUES ($1, $2, 1, 'Support desk', '{"type":"catch_all"}', '[{"type":"store","days":3}]') RETURNING id`,
    [tenant.cid, domain.did],
  );
  routeId = route.id;
  inboundIds = [
    await record('Support@EXAMPLE.test', 'accepted', { routeId }),
    await record('held@example.test', 'held'),
    await record('gone@example.test', 'bounced'),
  ];
  // Outbound traffic of the same domain, and another customer's inbound message.
  await insertEvents(t.deps.db, [
    { customerId: tenant.cid, domainId: domain.did, event: 'accepted', recipient: 'ann@dest.test' },
    { customerId: tenant.cid, domainId: domain.did, event: 'delivered', recipient: 'ann@dest.test' },
    { customerId: tenant.cid, domainId: domain.did, event: 'delivered', channel: 'seedtest', recipient: 'seed@x.test' },
  ]);
  await record('x@other.test', 'accepted', {
    customerId: other.cid,
    domainId: otherDomain.did,
    sender: 'mallory@example.org',
    fromHeader: '',
    subject: 'Not yours',
  });
  await waitForFinalEvents(t.deps.db);
});

const logs = (query = '', token = tenant.user.token, did = domain.did) =>
  t.request<{ items: LogEntry[]; total_count: number }>('GET', `/api/stats/${did}/logs${query}`, { token });

describe('inbound messages in Logs (issue 13, S7-080 channel)', () => {
  it('channel=inbound lists the inbound events with sender, subject, route and outcome', async () => {
    const res = await logs('?channel=inbound');
    expect(res.status).toBe(200);
    expect(res.body.data?.total_count).toBe(3);
    const items = res.body.data?.items ?? [];
    expect(items.every((i) => i.event === 'inbound:received' && i.channel === 'inbound')).toBe(true);
    expect(items.map((i) => i.category).sort()).toEqual(['accepted', 'bounced', 'held']);
    const accepted = items.find((i) => i.category === 'accepted');
    expect(accepted).toMatchObject({
      recipient: 'Support@example.test',
      from: 'Alice <alice@example.org>',
      subject: 'Help (accepted)',
      message_id: null,
      inbound: {
        message_id: inboundIds[0],
        sender: 'alice@example.org',
        route_id: routeId,
        route: 'Support desk',
        outcome: 'accepted',
        stored: true,
        results: [{ action: 'store(days=3)', result: 'stored for 3 days' }],
      },
    });
    expect(items.find((i) => i.category === 'held')?.inbound).toMatchObject({ route_id: null, route: null });
  });

  it('channel=outbound leaves them out (seed tests stay: they are outbound mail); all and no channel show both', async () => {
    const outbound = await logs('?channel=outbound');
    expect(outbound.body.data?.items.map((i) => i.event).sort()).toEqual([
      'accepted',
      'delivered',
      'seedtest:delivered',
    ]);
    expect(outbound.body.data?.items.every((i) => i.inbound === null)).toBe(true);
    expect((await logs('?channel=all')).body.data?.total_count).toBe(6);
    expect((await logs()).body.data?.total_count).toBe(6);
  });

  it('action=inbound:received and the recipient filter find inbound events', async () => {
    const res = await logs('?action=inbound:received');
    expect(res.body.data?.total_count).toBe(3);
    const one = await logs(`?recipient=${encodeURIComponent('support@example.test')}`);
    // The local part is kept as received; the domain is lowercased, as for outbound recipients.
    expect(one.body.data?.total_count).toBe(0);
    const exact = await logs(`?recipient=${encodeURIComponent('Support@Example.TEST')}`);
    expect(exact.body.data?.items.map((i) => i.category)).toEqual(['accepted']);
  });

  it('401 without a session, 404 for another customer’s domain, 400 for a bad action', async () => {
    expect((await t.request('GET', `/api/stats/${domain.did}/logs?channel=inbound`)).status).toBe(401);
    expect((await logs('?channel=inbound', tenant.user.token, otherDomain.did)).status).toBe(404);
    const bad = await logs('?action=inbound:delivered');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('action');
    // The other customer sees its own inbound message only.
    const theirs = await logs('?channel=inbound', other.user.token, otherDomain.did);
    expect(theirs.body.data?.items.map((i) => i.subject)).toEqual(['Not yours']);
  });
});

describe('inbound messages in Statistics (issue 13, S3-050, S3-052)', () => {
  beforeAll(async () => {
    await drainConsumer(t.deps.db, rollupsConsumer);
  });

  it('the domain graph has a Received series (inbound:received) from the rollups', async () => {
    const res = await t.request<StatsGraph>('GET', `/api/stats/${domain.did}`, { token: tenant.user.token });
    expect(res.status).toBe(200);
    const received = res.body.data?.series.find((s) => s.name === 'inbound:received');
    expect(received?.data.reduce((a, b) => a + b, 0)).toBe(3);
    const delivered = res.body.data?.series.find((s) => s.name === 'delivered');
    expect(delivered?.data.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('aggregate and raw formats count it; action=inbound:received asks for it alone; customer statistics too', async () => {
    const aggregate = await t.request<AggregateEntry[]>('GET', `/api/stats/${domain.did}?format=aggregate`, {
      token: tenant.user.token,
    });
    expect(aggregate.body.data).toContainEqual({ category: 'inbound:received', value: 3 });
    const raw = await t.request<RawStatsEntry[]>(
      'GET',
      `/api/stats/${domain.did}?format=raw&action=${encodeURIComponent('inbound:received')}`,
      { token: tenant.user.token },
    );
    expect(raw.status).toBe(200);
    expect(raw.body.data?.map((r) => [r.action, r.count])).toEqual([['inbound:received', 3]]);
    const customer = await t.request<AggregateEntry[]>('GET', '/api/stats?format=aggregate', {
      token: tenant.admin.token,
    });
    expect(customer.body.data).toContainEqual({ category: 'inbound:received', value: 3 });
    const theirs = await t.request<AggregateEntry[]>('GET', `/api/stats/${otherDomain.did}?format=aggregate`, {
      token: other.user.token,
    });
    expect(theirs.body.data).toContainEqual({ category: 'inbound:received', value: 1 });
  });
});

describe('inbound messages in webhooks (issue 13, S3-012)', () => {
  it('a webhook of type received is saved and gets one payload per inbound event with the route results', async () => {
    const created = await t.request<Webhook>('POST', `/api/domains/${domain.did}/webhooks`, {
      token: tenant.user.token,
      body: { type: 'received', url: 'https://hooks.example.com/inbound' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data?.type).toBe('received');
    // Only events written after the consumer starts reach it: the consumer starts where the outbox ends.
    await drainConsumer(t.deps.db, webhooksConsumer);
    await t.deps.db.query('DELETE FROM webhook_deliveries');
    const id = await record('late@example.test', 'accepted', { routeId });
    await waitForFinalEvents(t.deps.db);
    await drainConsumer(t.deps.db, webhooksConsumer);
    const rows = await t.deps.db.query<{ payload: { event: Record<string, unknown> } }>(
      'SELECT payload FROM webhook_deliveries WHERE webhook_id = $1',
      [created.body.data?.id],
    );
    expect(rows.map((r) => r.payload.event)).toEqual([
      expect.objectContaining({
        event: 'received',
        recipient: 'late@example.test',
        domain: domain.name,
        inbound: expect.objectContaining({ message_id: id, route: 'Support desk', outcome: 'accepted' }),
      }),
    ]);
  });

  it('the webhook test call of a received webhook posts a sample inbound event', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const base = `/api/domains/${otherDomain.did}/webhooks`;
      const hook = await t.request<Webhook>('POST', base, {
        token: other.user.token,
        body: { type: 'received', url: `${receiver.url}/sample` },
      });
      const test = await t.request<{ status: number }>('GET', `${base}/${hook.body.data?.id}/test`, {
        token: other.user.token,
      });
      expect(test.status).toBe(200);
      expect(receiver.received.at(-1)?.body.event).toMatchObject({
        event: 'received',
        recipient: `support@${otherDomain.name}`,
        message_id: null,
        category: 'accepted',
        inbound: { outcome: 'accepted', route: 'Support desk', stored: true },
      });
    } finally {
      await receiver.close();
    }
  });
});
