import type { MtaGroups, Queues } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerProcess } from '../../mail/processes/process-registry.ts';
import { makeCustomer, makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { type QueuedState, queueMessage as queueMessageIn } from './testing.ts';

const t = useTestApp();
let master: string;
let mta: string;
let plain: string;
let tenant: Tenant;

beforeAll(async () => {
  ({ master, mta, plain } = await makeOperators(t));
  tenant = await makeTenant(t);
});

const queueMessage = (customerId: number, domain: string, state: QueuedState) =>
  queueMessageIn(t.deps.db, customerId, domain, state);

describe('S7-109 S3-063 S1-010 system/mtas: running processes grouped by role and by host', () => {
  it('lists a registered process under each of its roles and its host; a stopped one disappears', async () => {
    const one = await registerProcess({
      db: t.deps.db,
      log: t.deps.log,
      roles: ['worker', 'api'],
      host: 'mta-a.test',
      pid: 4101,
      load: () => ({ inFlight: 7, deliveredLastMinute: 120, openConnections: 3 }),
    });
    const two = await registerProcess({
      db: t.deps.db,
      log: t.deps.log,
      roles: ['smtp'],
      host: 'mta-b.test',
      pid: 4102,
    });
    const res = await t.request<MtaGroups>('GET', '/api/system/mtas', { token: mta });
    expect(res.status).toBe(200);
    const groups = res.body.data as MtaGroups;
    expect(groups.by_role.map((g) => [g.role, g.items.map((p) => p.pid)])).toEqual([
      ['api', [4101]],
      ['smtp', [4102]],
      ['worker', [4101]],
    ]);
    expect(groups.by_host.map((g) => [g.host, g.items.map((p) => p.pid)])).toEqual([
      ['mta-a.test', [4101]],
      ['mta-b.test', [4102]],
    ]);
    expect(groups.by_host[0]?.items[0]).toMatchObject({
      id: one.id,
      roles: ['api', 'worker'],
      in_flight: 7,
      delivered_last_minute: 120,
      open_connections: 3,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });

    await one.stop();
    const after = (await t.request<MtaGroups>('GET', '/api/system/mtas', { token: master })).body.data as MtaGroups;
    expect(after.by_host.map((g) => g.host)).toEqual(['mta-b.test']);
    await two.stop();
  });

  it('hides a process whose heartbeat is older than 30 s and deletes it at the next registration', async () => {
    const gone = await registerProcess({ db: t.deps.db, log: t.deps.log, roles: ['worker'], host: 'crashed.test' });
    await t.deps.db.query(`UPDATE processes SET heartbeat_at = now() - interval '31 seconds' WHERE id = $1`, [gone.id]);
    const listed = (await t.request<MtaGroups>('GET', '/api/system/mtas', { token: master })).body.data as MtaGroups;
    expect(listed.by_host.map((g) => g.host)).not.toContain('crashed.test');
    const next = await registerProcess({ db: t.deps.db, log: t.deps.log, roles: ['api'], host: 'fresh.test' });
    const rows = await t.deps.db.query('SELECT id FROM processes WHERE id = $1', [gone.id]);
    expect(rows).toHaveLength(0);
    // A heartbeat of the stalled process registers it again instead of writing to nothing.
    await gone.beat();
    const back = (await t.request<MtaGroups>('GET', '/api/system/mtas', { token: master })).body.data as MtaGroups;
    expect(back.by_host.map((g) => g.host)).toEqual(['crashed.test', 'fresh.test']);
    await gone.stop();
    await next.stop();
  });

  it('S6-014 answers 401 anonymous, 403 to a customer admin and to a superadmin without the mta/master subrole', async () => {
    expect((await t.request('GET', '/api/system/mtas')).status).toBe(401);
    expect((await t.request('GET', '/api/system/mtas', { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('GET', '/api/system/mtas', { token: plain })).status).toBe(403);
  });
});

describe('S7-110 S1-011 system/monitoring/queues: the delivery queue by destination and by customer', () => {
  it('counts queued, in flight and deferred rows with the oldest, next attempt, reply and backoff', async () => {
    const acme = await makeCustomer(t.deps.db, { name: 'Acme Queues' });
    const lease = t.deps.config.deliveryLeaseSeconds;
    await queueMessage(acme, 'slow.example', {
      dueInSeconds: 600,
      attempts: 2,
      recorded: 2,
      reply: '451 4.7.1 Try later',
      ageSeconds: 900,
    });
    await queueMessage(acme, 'slow.example', { dueInSeconds: 1200, attempts: 1, recorded: 1, reply: '421 busy' });
    await queueMessage(acme, 'slow.example', { dueInSeconds: Math.max(1, lease - 5), attempts: 3, recorded: 2 });
    await queueMessage(tenant.cid, 'fast.example', { dueInSeconds: -1, attempts: 0, recorded: 0 });
    await t.deps.db.query(
      `INSERT INTO destination_backoff (destination, reason, hits, until) VALUES ('slow.example', '421 too many connections', 3, now() + interval '1 hour')`,
    );

    const res = await t.request<Queues>('GET', '/api/system/monitoring/queues', { token: plain });
    expect(res.status).toBe(200);
    const queues = res.body.data as Queues;
    expect(queues.rabbitmq).toEqual({ configured: false });
    expect(queues.delivery.total).toMatchObject({ queued: 4, in_flight: 1, deferred: 2 });
    const slow = queues.delivery.by_destination[0];
    expect(slow).toMatchObject({
      destination: 'slow.example',
      queued: 3,
      in_flight: 1,
      deferred: 2,
      last_reply: '421 busy',
      backoff: { reason: '421 too many connections', hits: 3 },
    });
    expect(Date.parse(slow?.next_attempt ?? '') - Date.now()).toBeGreaterThan(500_000);
    expect(Date.now() - Date.parse(slow?.oldest ?? '')).toBeGreaterThan(850_000);
    expect(queues.delivery.by_destination[1]).toMatchObject({
      destination: 'fast.example',
      queued: 1,
      deferred: 0,
      backoff: null,
    });
    expect(queues.delivery.by_customer.map((c) => [c.customer, c.queued, c.deferred])).toEqual([
      ['Acme Queues', 3, 2],
      [expect.any(String), 1, 0],
    ]);
    const top = (await t.request<Queues>('GET', '/api/system/monitoring/queues?limit=1', { token: master })).body.data;
    expect(top?.delivery.by_destination.map((d) => d.destination)).toEqual(['slow.example']);
  });

  it('S6-014 answers 401, 403 for anyone but a superadmin, 400 for a bad limit', async () => {
    const url = '/api/system/monitoring/queues';
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.request('GET', url, { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('GET', url, { token: tenant.user.token })).status).toBe(403);
    const bad = await t.request('GET', `${url}?limit=0`, { token: master });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('limit');
    expect((await t.request('GET', `${url}?limit=abc`, { token: master })).status).toBe(400);
  });
});

describe('S1-011 Retry now: the deferred messages to a destination come due at once', () => {
  it('moves only the deferred rows of that destination, then answers 404 when none is left', async () => {
    const cid = await makeCustomer(t.deps.db, { name: 'Retry Co' });
    await queueMessage(cid, 'retry.example', { dueInSeconds: 3600, attempts: 1, recorded: 1, reply: '450 later' });
    await queueMessage(cid, 'retry.example', { dueInSeconds: 3600, attempts: 2, recorded: 2, reply: '450 later' });
    await queueMessage(cid, 'other.example', { dueInSeconds: 3600, attempts: 1, recorded: 1, reply: '450 later' });
    const url = '/api/system/monitoring/queues/Retry.Example/retry';
    const res = await t.request<{ message: string; count: number }>('POST', url, { token: master, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 2, message: '2 deferred messages to retry.example will be retried now' });
    const due = await t.deps.db.query<{ recipient_domain: string; due: boolean }>(
      `SELECT recipient_domain, due_at <= now() AS due FROM delivery_queue
        WHERE recipient_domain IN ('retry.example', 'other.example') ORDER BY recipient_domain`,
    );
    expect(due.map((r) => [r.recipient_domain, r.due])).toEqual([
      ['other.example', false],
      ['retry.example', true],
      ['retry.example', true],
    ]);
    const again = await t.request('POST', url, { token: master, body: {} });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('No deferred messages to retry.example');
  });

  it('S6-014 answers 401, 403 for a customer admin, 400 for a bad destination', async () => {
    const url = '/api/system/monitoring/queues/retry.example/retry';
    expect((await t.request('POST', url, { body: {} })).status).toBe(401);
    expect((await t.request('POST', url, { token: tenant.admin.token, body: {} })).status).toBe(403);
    const bad = await t.request('POST', '/api/system/monitoring/queues/-bad_/retry', { token: master, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('params.destination');
  });
});

describe('S1-011 bulk retry or drop of deferred messages by filter (destination, customer, reply text)', () => {
  const url = '/api/system/monitoring/queues/deferred';

  it('retries only what every filter matches, and drops with a hard bounce per recipient as expiry does', async () => {
    const one = await makeCustomer(t.deps.db, { name: 'Bulk One' });
    const two = await makeCustomer(t.deps.db, { name: 'Bulk Two' });
    const deferred = (reply: string) => ({ dueInSeconds: 3600, attempts: 1, recorded: 1, reply });
    await queueMessage(one, 'bulk.example', deferred('452 4.2.2 Mailbox FULL'));
    await queueMessage(one, 'bulk.example', deferred('421 rate limited'));
    await queueMessage(two, 'bulk.example', deferred('452 mailbox full'));
    await queueMessage(one, 'bulk.example', { dueInSeconds: -1, attempts: 0, recorded: 0 });

    const retried = await t.request<{ count: number; message: string }>('POST', url, {
      token: master,
      body: { action: 'retry', destination: 'bulk.example', customer_id: one, reply: 'mailbox full' },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ count: 1, message: '1 deferred message will be retried now' });

    const dropped = await t.request<{ count: number; message: string }>('POST', url, {
      token: plain,
      body: { action: 'drop', reply: 'MAILBOX FULL' },
    });
    // The first was made due by the retry: only customer two's is still deferred.
    expect(dropped.body.data).toEqual({ count: 1, message: '1 message dropped' });
    const events = await t.deps.db.query<{ customer_id: number; event: string; category: string; reply: string }>(
      `SELECT customer_id, event, category, reply FROM events WHERE category = 'dropped'`,
    );
    expect(events).toEqual([
      { customer_id: two, event: 'hardbounce', category: 'dropped', reply: 'Dropped by an operator: 452 mailbox full' },
    ]);
    const left = await t.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM delivery_queue WHERE recipient_domain = 'bulk.example'`,
    );
    expect(left[0]?.n).toBe(3);
    const states = await t.deps.db.query<{ state: string }>(
      `SELECT state FROM message_recipients WHERE customer_id = $1`,
      [two],
    );
    expect(states.map((s) => s.state)).toEqual(['bounced']);
  });

  it('S6-014 answers 401, 403 for a customer admin, 400 without a filter or with a bad one', async () => {
    expect((await t.request('POST', url, { body: { action: 'retry', reply: 'x' } })).status).toBe(401);
    expect(
      (await t.request('POST', url, { token: tenant.admin.token, body: { action: 'drop', reply: 'x' } })).status,
    ).toBe(403);
    const none = await t.request('POST', url, { token: master, body: { action: 'drop' } });
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.message).toBe('Choose a destination, a customer or a reply text');
    expect((await t.request('POST', url, { token: master, body: { action: 'purge', reply: 'x' } })).status).toBe(400);
    expect(
      (await t.request('POST', url, { token: master, body: { action: 'retry', destination: 'not a domain' } })).status,
    ).toBe(400);
  });
});
