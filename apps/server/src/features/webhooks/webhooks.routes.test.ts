import { execFileSync } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import type { DeferredWebhook, Webhook } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { insertEvents, makeTestDomain } from '../../events/testing.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { type ReceivedWebhook, startWebhookReceiver } from './webhook-receiver.ts';
import { MAX_ATTEMPTS, sendDueWebhooks } from './webhook-sender.ts';
import { webhooksConsumer } from './webhooks.consumer.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The receiver listens on loopback, which production refuses (WEBHOOK_ALLOW_PRIVATE).
const t = useTestApp({ webhookAllowPrivate: true });
const { tenant, other } = useTenants(t);
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

// Registered after the app's hooks: the receiver starts after the app and is closed before it.
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/**
 * The customer-side check, written independently of the server's code: Python's hmac module, as a receiver would
 * (docs/webhooks.md). Answers whether the signature in the body and in the headers is valid for the key.
 */
function verifiedByPython(key: string, hook: ReceivedWebhook): boolean {
  const script = `
import hashlib, hmac, json, sys
key, raw, headers = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
sig = json.loads(raw)["signature"]
def ok(ts, token, signature):
    expected = hmac.new(key.encode(), (ts + token).encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)
body_ok = ok(sig["timestamp"], sig["token"], sig["signature"])
header_ok = ok(headers["x-mailwright-timestamp"], headers["x-mailwright-token"], headers["x-mailwright-signature"])
print("valid" if body_ok and header_ok else "invalid")`;
  const out = execFileSync('python3', ['-c', script, key, hook.raw, JSON.stringify(hook.headers)])
    .toString()
    .trim();
  return out === 'valid';
}

/** A loopback port that was free a moment ago (bound, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function signingKey(token: string): Promise<string> {
  const res = await t.request<{ token: string }>('GET', '/api/tokens/signing', { token });
  return res.body.data?.token as string;
}

describe('webhooks CRUD (S3-012, S3-013, S4-025, S7-054, S7-056)', () => {
  it('adds one webhook per event type, lists them in event order, updates, switches and deletes', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const token = tenant.user.token;
    const base = `/api/domains/${did}/webhooks`;
    const clicked = await t.request<Webhook>('POST', base, {
      token,
      body: { type: 'clicked', url: `${receiver.url}/c` },
    });
    expect(clicked.status).toBe(200);
    expect(clicked.body.data).toMatchObject({
      type: 'clicked',
      did,
      format: 'json',
      enabled: true,
      last_test_error: null,
    });
    await t.request('POST', base, { token, body: { type: 'delivered', url: `${receiver.url}/d`, format: 'mailgun' } });

    const again = await t.request('POST', base, { token, body: { type: 'clicked', url: `${receiver.url}/x` } });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.field).toBe('type');

    const list = await t.request<{ items: Webhook[]; total_count: number }>('GET', base, { token });
    expect(list.body.data?.items.map((w) => w.type)).toEqual(['delivered', 'clicked']);
    expect(list.body.data?.total_count).toBe(2);

    const wid = clicked.body.data?.id as number;
    const updated = await t.request<Webhook>('PUT', `${base}/${wid}`, { token, body: { url: `${receiver.url}/c2` } });
    expect(updated.body.data).toMatchObject({ id: wid, url: `${receiver.url}/c2`, enabled: true });
    const off = await t.request<Webhook>('PUT', `${base}/${wid}/state`, { token, body: { enabled: false } });
    expect(off.body.data?.enabled).toBe(false);
    expect((await t.request<Webhook>('GET', `${base}/${wid}`, { token })).body.data?.enabled).toBe(false);

    expect((await t.request('DELETE', `${base}/${wid}`, { token })).status).toBe(200);
    expect((await t.request('GET', `${base}/${wid}`, { token })).status).toBe(404);
  });

  it('answers 401, 404 for another customer’s domain or webhook, 400 for bad input', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const foreign = await makeTestDomain(t.deps.db, other.cid);
    const base = `/api/domains/${did}/webhooks`;
    const mine = await t.request<Webhook>('POST', base, {
      token: tenant.admin.token,
      body: { type: 'opened', url: receiver.url },
    });
    const wid = mine.body.data?.id as number;
    expect((await t.request('GET', base)).status).toBe(401);
    expect((await t.request('GET', `/api/domains/${foreign.did}/webhooks`, { token: tenant.user.token })).status).toBe(
      404,
    );
    // The other customer may not read, change or test this customer's webhook, even through its own domain id.
    for (const path of [`${base}/${wid}`, `/api/domains/${foreign.did}/webhooks/${wid}`]) {
      expect((await t.request('GET', path, { token: other.admin.token })).status).toBe(404);
      expect((await t.request('GET', `${path}/test`, { token: other.admin.token })).status).toBe(404);
      expect(
        (await t.request('PUT', `${path}/state`, { token: other.admin.token, body: { enabled: false } })).status,
      ).toBe(404);
    }
    const bad = [
      { type: 'bounced', url: receiver.url },
      { type: 'opened', url: 'ftp://example.com/hook' },
      { type: 'opened', url: 'not a url' },
      { type: 'opened', url: receiver.url, format: 'xml' },
    ];
    for (const body of bad) {
      const res = await t.request('POST', base, { token: tenant.user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('PUT', `${base}/${wid}/state`, { token: tenant.user.token, body: {} })).status).toBe(400);
    expect((await t.request('GET', `${base}/abc`, { token: tenant.user.token })).status).toBe(400);
  });

  it('extras/webhooks lists the types and formats with name, format and auth (S3-014, S7-071)', async () => {
    const res = await t.request<{ types: string[]; formats: { name: string; format: string; auth: string }[] }>(
      'GET',
      '/api/extras/webhooks',
      { token: tenant.user.token },
    );
    expect(res.body.data?.types).toEqual([
      'accepted',
      'delivered',
      'rejected',
      'softbounce',
      'hardbounce',
      'opened',
      'clicked',
      'unsubscribed',
      'complained',
      'received',
    ]);
    expect(res.body.data?.formats.map((f) => f.format)).toEqual(['json', 'mailgun']);
    expect(res.body.data?.formats.every((f) => f.name && f.auth === 'hmac-sha256')).toBe(true);
    expect((await t.request('GET', '/api/extras/webhooks')).status).toBe(401);
  });
});

describe('GET test (S7-055, S8-032)', () => {
  it('posts a signed sample event; a failing answer is a 400 whose message (the status, never the body) is kept as the test error', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/domains/${did}/webhooks`;
    const hook = await t.request<Webhook>('POST', base, {
      token: tenant.user.token,
      body: { type: 'hardbounce', url: `${receiver.url}/test-hook` },
    });
    const wid = hook.body.data?.id as number;
    receiver.answer(200, 'thanks');
    const good = await t.request<{ message: string; status: number }>('GET', `${base}/${wid}/test`, {
      token: tenant.user.token,
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ message: 'Webhook answered 200', status: 200 });
    const sample = receiver.received.at(-1) as ReceivedWebhook;
    expect(sample.path).toBe('/test-hook');
    expect(sample.body.event).toMatchObject({
      event: 'hardbounce',
      recipient: 'alice@example.com',
      category: 'bad-mailbox',
    });
    expect(verifiedByPython(await signingKey(tenant.admin.token), sample)).toBe(true);
    expect(verifiedByPython('some-other-key', sample)).toBe(false);

    receiver.answer(500, 'database down');
    const bad = await t.request('GET', `${base}/${wid}/test`, { token: tenant.user.token });
    expect(bad.status).toBe(400);
    // The receiver's words are not shown: echoed, they would let a URL read whatever it reaches (issue 10 item 7).
    expect(bad.body.message).toBe('Webhook answered 500');
    const stored = await t.request<Webhook>('GET', `${base}/${wid}`, { token: tenant.user.token });
    expect(stored.body.data?.last_test_error).toBe('Webhook answered 500');
    receiver.answer(200, 'ok');

    // A loopback port nobody listens on: unreachable is a failed test too.
    const closed = await freePort();
    await t.request('PUT', `${base}/${wid}`, {
      token: tenant.user.token,
      body: { url: `http://127.0.0.1:${closed}/hook` },
    });
    const unreachable = await t.request('GET', `${base}/${wid}/test`, { token: tenant.user.token });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toMatch(/^Webhook could not be reached/);
  });
});

describe('webhook URLs on private networks', () => {
  it('are refused unless WEBHOOK_ALLOW_PRIVATE is on: customers must not reach internal services', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/domains/${did}/webhooks`;
    const hook = await t.request<Webhook>('POST', base, {
      token: tenant.user.token,
      body: { type: 'opened', url: `${receiver.url}/internal` },
    });
    const wid = hook.body.data?.id as number;
    const before = receiver.received.length;
    t.deps.config.webhookAllowPrivate = false;
    try {
      const res = await t.request('GET', `${base}/${wid}/test`, { token: tenant.user.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Webhook URL not allowed: 127.0.0.1 is not a public address (loopback)');
      // Refused when saved too (issue 10 item 7; webhook-ssrf.test.ts covers every spelling and the sender).
      const named = await t.request('PUT', `${base}/${wid}`, {
        token: tenant.user.token,
        body: { url: 'http://localhost:9/x' },
      });
      expect(named.status).toBe(400);
      expect(named.body.errors?.[0]?.field).toBe('url');
    } finally {
      t.deps.config.webhookAllowPrivate = true;
    }
    expect(receiver.received.length).toBe(before);
  });
});

describe('event deliveries', () => {
  it('queue once per event, arrive signed, retry with back-off, then wait deferred for an operator replay', async () => {
    const { did, name } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/domains/${did}/webhooks`;
    await t.request('POST', base, { token: tenant.user.token, body: { type: 'delivered', url: `${receiver.url}/d` } });
    await t.request('POST', base, {
      token: tenant.user.token,
      body: { type: 'hardbounce', url: `${receiver.url}/b`, format: 'mailgun' },
    });
    const ev = { customerId: tenant.cid, domainId: did };
    await insertEvents(t.deps.db, [
      { ...ev, event: 'delivered', recipient: 'one@example.net', tags: ['welcome'] },
      {
        ...ev,
        event: 'hardbounce',
        recipient: 'gone@example.net',
        category: 'bad-mailbox',
        reply: '550 5.1.1 unknown',
      },
      // No webhook for opens, and seed-test events never go to webhooks.
      { ...ev, event: 'opened', recipient: 'one@example.net' },
      { ...ev, event: 'delivered', recipient: 'seed@example.net', channel: 'seedtest:' },
    ]);
    await drainConsumer(t.deps.db, webhooksConsumer, 3);
    await drainConsumer(t.deps.db, webhooksConsumer);

    receiver.answer(200, 'ok');
    const before = receiver.received.length;
    expect(await sendDueWebhooks(t.deps.db, { allowPrivate: true })).toBe(2);
    const arrived = receiver.received.slice(before);
    const key = await signingKey(tenant.admin.token);
    expect(arrived.every((hook) => verifiedByPython(key, hook))).toBe(true);
    const delivered = arrived.find((h) => h.path === '/d') as ReceivedWebhook;
    expect(delivered.body.event).toMatchObject({
      event: 'delivered',
      domain: name,
      recipient: 'one@example.net',
      tags: ['welcome'],
    });
    const bounce = arrived.find((h) => h.path === '/b') as ReceivedWebhook;
    expect(bounce.body['event-data']).toMatchObject({
      event: 'failed',
      severity: 'permanent',
      recipient: 'gone@example.net',
      'delivery-status': { code: 550, message: '550 5.1.1 unknown' },
    });
    expect(await sendDueWebhooks(t.deps.db, { allowPrivate: true })).toBe(0);

    // The receiver breaks; the next event is retried until the schedule is used up, then deferred.
    receiver.answer(503, 'maintenance');
    await insertEvents(t.deps.db, [{ ...ev, event: 'delivered', recipient: 'two@example.net' }]);
    await drainConsumer(t.deps.db, webhooksConsumer);
    const failing = receiver.received.length;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Make the retry due now instead of waiting out the back-off.
      await t.deps.db.query("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE state = 'pending'");
      expect(await sendDueWebhooks(t.deps.db, { allowPrivate: true })).toBe(1);
    }
    expect(receiver.received.length - failing).toBe(MAX_ATTEMPTS);
    const row = await t.deps.db.one<{ state: string; attempts: number; last_status: number; last_error: string }>(
      "SELECT state, attempts, last_status, last_error FROM webhook_deliveries WHERE payload->'event'->>'recipient' = 'two@example.net'",
    );
    expect(row).toEqual({
      state: 'deferred',
      attempts: MAX_ATTEMPTS,
      last_status: 503,
      last_error: 'Webhook answered 503',
    });

    const superToken = await t.login('admin', ADMIN_PASSWORD);
    const deferred = await t.request<{ items: DeferredWebhook[]; total_count: number }>('GET', '/api/webhooks', {
      token: superToken,
    });
    expect(deferred.status).toBe(200);
    const entry = deferred.body.data?.items.find((d) => d.did === did) as DeferredWebhook;
    expect(entry).toMatchObject({
      cid: tenant.cid,
      domain: name,
      type: 'delivered',
      attempts: MAX_ATTEMPTS,
      last_status: 503,
    });
    expect((await t.request('GET', '/api/webhooks', { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('POST', `/api/webhooks/${entry.id}/replay`, { token: tenant.admin.token })).status).toBe(
      403,
    );
    expect((await t.request('GET', '/api/webhooks?limit=x', { token: superToken })).status).toBe(400);

    receiver.answer(200, 'ok');
    expect((await t.request('POST', `/api/webhooks/${entry.id}/replay`, { token: superToken })).status).toBe(200);
    expect((await t.request('POST', `/api/webhooks/${entry.id}/replay`, { token: superToken })).status).toBe(404);
    expect(await sendDueWebhooks(t.deps.db, { allowPrivate: true })).toBe(1);
    expect((receiver.received.at(-1) as ReceivedWebhook).body.event).toMatchObject({ recipient: 'two@example.net' });
    const after = await t.request<{ items: DeferredWebhook[] }>('GET', '/api/webhooks', { token: superToken });
    expect(after.body.data?.items.some((d) => d.id === entry.id)).toBe(false);
  });
});
