import type { Queues } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimDeliveries } from '../../mail/delivery/delivery.repo.ts';
import { makeCustomer, makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { type QueuedState, queueMessage } from './testing.ts';

const t = useTestApp();
let master: string;
let plain: string;
let tenant: Tenant;

beforeAll(async () => {
  ({ master, plain } = await makeOperators(t));
  tenant = await makeTenant(t);
});

const queue = (customerId: number, domain: string, state: QueuedState) =>
  queueMessage(t.deps.db, customerId, domain, state);
const due: QueuedState = { dueInSeconds: -1, attempts: 0, recorded: 0 };
const deferred = (reply: string): QueuedState => ({ dueInSeconds: 3600, attempts: 1, recorded: 1, reply });
const post = <T = { message: string; count: number }>(url: string, body: unknown = {}, token = master) =>
  t.request<T>('POST', `/api/system/monitoring/queues${url}`, { token, body });
const claimAll = async () =>
  (await claimDeliveries(t.deps.db, 1000, t.deps.config.deliveryLeaseSeconds)).map((d) => d.queueId);
const rowState = (id: number) =>
  t.deps.db.one<{ hold: string | null; due: boolean; attempts: number }>(
    `SELECT hold, due_at <= now() AS due, attempts FROM delivery_queue WHERE id = $1`,
    [id],
  );
const queues = async () =>
  (await t.request<Queues>('GET', '/api/system/monitoring/queues', { token: master })).body.data as Queues;

describe('S1-011 pause and resume a destination: no worker takes its rows until it is resumed', () => {
  it('parks what waits at once, parks an in-flight row when it comes due, and resume makes them due now', async () => {
    const cid = await makeCustomer(t.deps.db, { name: 'Pause Dest Co' });
    const waiting = await queue(cid, 'pause.example', due);
    const later = await queue(cid, 'pause.example', deferred('421 slow down'));
    const inFlight = await queue(cid, 'pause.example', { dueInSeconds: 30, attempts: 1, recorded: 0 });
    const other = await queue(cid, 'free.example', due);

    const res = await post('/Pause.Example/pause', {}, plain);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 2, message: 'pause.example paused: 2 messages held' });
    expect((await post('/pause.example/pause')).body.data?.message).toBe('pause.example is already paused');

    const view = await queues();
    expect(view.delivery.by_destination.find((d) => d.destination === 'pause.example')).toMatchObject({
      queued: 3,
      paused: 2,
      in_flight: 1,
      is_paused: true,
    });
    expect(view.delivery.pauses[0]).toMatchObject({ destination: 'pause.example', customer_id: null });
    expect(view.delivery.pauses[0]?.paused_by).not.toBe('');

    // The in-flight row's lease runs out (its worker recorded nothing): the next claim parks it, no attempt counted.
    await t.deps.db.query("UPDATE delivery_queue SET due_at = now() - interval '1 second' WHERE id = $1", [inFlight]);
    const claimed = await claimAll();
    expect(claimed).toContain(other);
    expect(claimed).not.toContain(waiting);
    expect(claimed).not.toContain(inFlight);
    expect(await rowState(inFlight)).toEqual({ hold: 'paused', due: false, attempts: 1 });

    const resumed = await post('/pause.example/resume');
    expect(resumed.body.data).toEqual({ count: 3, message: 'pause.example resumed: 3 messages due now' });
    expect(await rowState(later)).toEqual({ hold: null, due: true, attempts: 1 });
    expect((await claimAll()).sort()).toEqual([waiting, later, inFlight].sort());
    const again = await post('/pause.example/resume');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('pause.example is not paused');
  });
});

describe('S1-011 pause and resume a customer', () => {
  it("holds every row of the customer, also one queued after the pause, and leaves other customers' alone", async () => {
    const held = await makeCustomer(t.deps.db, { name: 'Paused Customer' });
    const free = await makeCustomer(t.deps.db, { name: 'Free Customer' });
    const before = await queue(held, 'one.example', due);
    const res = await post(`/customers/${held}/pause`);
    expect(res.body.data).toEqual({ count: 1, message: `Customer ${held} paused: 1 message held` });
    const after = await queue(held, 'two.example', due);
    const others = await queue(free, 'two.example', due);
    const claimed = await claimAll();
    expect(claimed).toContain(others);
    expect(claimed).not.toContain(after);
    expect(await rowState(after)).toMatchObject({ hold: 'paused', attempts: 0 });

    const view = await queues();
    expect(view.delivery.by_customer.find((c) => c.customer_id === held)).toMatchObject({ paused: 2, is_paused: true });
    expect(view.delivery.pauses.find((p) => p.customer_id === held)?.customer).toBe('Paused Customer');

    expect((await post(`/customers/${held}/resume`)).body.data?.count).toBe(2);
    expect((await claimAll()).sort()).toEqual([before, after].sort());
    expect((await post('/customers/999999/pause')).status).toBe(404);
  });
});

describe('S1-011 bulk release, retry or drop by filter, with a preview count before the confirm', () => {
  it('releases the paused rows whose reply matches; they go although the pause stays, the others stay held', async () => {
    const cid = await makeCustomer(t.deps.db, { name: 'Release Co' });
    const quota = await queue(cid, 'held.example', deferred('452 4.2.2 Over QUOTA (50%_off)'));
    const spam = await queue(cid, 'held.example', deferred('421 4.7.0 Spam suspected'));
    expect((await post('/held.example/pause')).body.data?.count).toBe(2);

    // A LIKE wildcard in the text is plain text: '%' matches only a '%'.
    const filter = { destination: 'held.example', reply: 'quota (50%_' };
    const preview = await post('/deferred/preview', { action: 'release', ...filter });
    expect(preview.body.data).toEqual({ count: 1, message: '1 message paused now would be released' });
    expect(
      (await post('/deferred/preview', { action: 'release', destination: 'held.example', reply: '%quota' })).body.data
        ?.count,
    ).toBe(0);
    expect((await post('/deferred/preview', { action: 'retry', ...filter })).body.data?.count).toBe(0);
    expect((await post('/deferred/preview', { action: 'drop', destination: 'held.example' })).body.data?.count).toBe(2);
    // The preview took nothing.
    expect(await rowState(quota)).toMatchObject({ hold: 'paused', due: false });

    const released = await post('/deferred', { action: 'release', ...filter });
    expect(released.body.data).toEqual({ count: 1, message: '1 paused message released: the pause stays' });
    const claimed = await claimAll();
    expect(claimed).toContain(quota);
    expect(claimed).not.toContain(spam);
    expect(await rowState(spam)).toMatchObject({ hold: 'paused' });

    const dropped = await post('/deferred', { action: 'drop', destination: 'held.example', reply: 'spam' });
    expect(dropped.body.data).toEqual({ count: 1, message: '1 message dropped' });
    expect(await t.deps.db.query('SELECT id FROM delivery_queue WHERE id = $1', [spam])).toEqual([]);
    await post('/held.example/resume');
  });
});

describe('S6-014 pause, resume and preview: superadmin only, clear 4xx on bad input', () => {
  it('answers 401 anonymous, 403 to a customer admin and user, 400 for a bad destination or customer id', async () => {
    for (const url of [
      '/x.example/pause',
      '/x.example/resume',
      `/customers/${tenant.cid}/pause`,
      '/deferred/preview',
    ]) {
      const body = url.endsWith('preview') ? { action: 'drop', reply: 'x' } : {};
      expect((await t.request('POST', `/api/system/monitoring/queues${url}`, { body })).status).toBe(401);
      expect((await post(url, body, tenant.admin.token)).status).toBe(403);
      expect((await post(url, body, tenant.user.token)).status).toBe(403);
    }
    const bad = await post('/-bad_/pause');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('params.destination');
    expect((await post('/customers/abc/pause')).status).toBe(400);
    expect((await post('/customers/0/resume')).status).toBe(400);
    expect((await post('/deferred/preview', { action: 'release' })).status).toBe(400);
    expect((await post('/deferred/preview', { action: 'release', reply: 'x'.repeat(201) })).status).toBe(400);
  });
});
