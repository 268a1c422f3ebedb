import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { AggregateEntry, Domain, LogEntry, Route, Webhook } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { rollupsConsumer } from '../../events/rollups.consumer.ts';
import { waitForFinalEvents } from '../../events/testing.ts';
import { type InboundMx, startInboundMx } from '../../mail/inbound/inbound-server.ts';
import { loadMailSecret } from '../../mail/mail-tokens.ts';
import { type MailEnv, startMailEnv, type TestDomain } from '../../mail/testing/mail-env.ts';
import { type ReceivedWebhook, startWebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { sendDueWebhooks } from '../webhooks/webhook-sender.ts';
import { webhooksConsumer } from '../webhooks/webhooks.consumer.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
const run = promisify(execFile);

// Issue 13, real peers: swaks (the remote MTA) → our inbound MX → a route → the received event in the Logs API
// (channel=inbound), in the statistics API (from the rollups) and at a local HTTP receiver as a signed webhook POST.
let env: MailEnv;
let inbound: InboundMx;
let recv: TestDomain;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const token = () => env.tenant.user.token;

/** Publishes the domain's records in the local DNS and verifies it through the API, as a customer would. */
async function publishAndVerify(did: number) {
  const admin = env.tenant.admin.token;
  const domain = (await env.t.request<Domain>('GET', `/api/domains/${did}`, { token: admin })).body.data as Domain;
  for (const r of domain.records) {
    if (r.type === 'MX') env.dns.set(r.host, 'MX', [{ exchange: r.value, priority: r.priority ?? 10 }]);
    else if (r.type === 'CNAME') env.dns.set(r.host, 'CNAME', [r.value]);
    else env.dns.set(r.host, 'TXT', [r.value]);
  }
  const verified = await env.t.request<Domain>('PUT', `/api/domains/${did}/verify`, { token: admin });
  if (verified.body.data?.state !== 'verified') throw new Error(`not verified: ${JSON.stringify(verified.body)}`);
}

beforeAll(async () => {
  // The receiver listens on loopback, which production refuses (WEBHOOK_ALLOW_PRIVATE).
  env = await startMailEnv({ webhookAllowPrivate: true });
  const { config, log, db } = env.t.deps;
  inbound = await startInboundMx({
    config: { ...config, inboundSmtpPort: 0 },
    log,
    db,
    secret: await loadMailSecret(db),
    intake: env.engine.intake,
  });
  receiver = await startWebhookReceiver();
  recv = await env.addDomain('inbox.test');
  await publishAndVerify(recv.id);
  const routes = [
    {
      priority: 1,
      description: 'Keep support mail',
      expression: { type: 'match_recipient', pattern: 'support@inbox\\.test' },
      actions: [{ type: 'store', days: 2 }],
    },
    {
      priority: 2,
      description: 'Hold',
      expression: { type: 'match_recipient', pattern: 'held@inbox\\.test' },
      mode: 'hold',
    },
  ];
  for (const body of routes) {
    const res = await env.t.request<Route>('POST', `/api/routes/${recv.id}`, { token: token(), body });
    if (res.status !== 200) throw new Error(`route: ${JSON.stringify(res.body)}`);
  }
  const hook = await env.t.request<Webhook>('POST', `/api/domains/${recv.id}/webhooks`, {
    token: token(),
    body: { type: 'received', url: `${receiver.url}/received` },
  });
  if (hook.status !== 200) throw new Error(`webhook: ${JSON.stringify(hook.body)}`);
});
afterAll(async () => {
  await receiver?.close();
  await inbound?.close();
  await env?.close();
});

async function swaks(to: string, subject: string) {
  const args = ['--server', `127.0.0.1:${inbound.port}`, '--from', 'alice@example.org', '--to', to];
  args.push('--header', `Subject: ${subject}`, '--body', 'Hello from Alice');
  return run('swaks', args);
}

/** The customer-side check, independent of our code: Python's hmac, as docs/webhooks.md shows. */
function verifiedByPython(key: string, hook: ReceivedWebhook): boolean {
  const script = `
import hashlib, hmac, json, sys
sig = json.loads(sys.argv[2])["signature"]
expected = hmac.new(sys.argv[1].encode(), (sig["timestamp"] + sig["token"]).encode(), hashlib.sha256).hexdigest()
print("valid" if hmac.compare_digest(expected, sig["signature"]) else "invalid")`;
  return execFileSync('python3', ['-c', script, key, hook.raw]).toString().trim() === 'valid';
}

describe('inbound messages as events end to end (issue 13)', () => {
  it('swaks → inbound MX → route: the received event is in Logs (channel=inbound), Statistics and a signed webhook', async () => {
    await swaks('support@inbox.test', 'Order 1234 is late');
    await swaks('held@inbox.test', 'Please hold');
    await waitForFinalEvents(env.t.deps.db);

    const logs = await env.t.request<{ items: LogEntry[]; total_count: number }>(
      'GET',
      `/api/stats/${recv.id}/logs?channel=inbound`,
      { token: token() },
    );
    expect(logs.status).toBe(200);
    const items = logs.body.data?.items ?? [];
    expect(items.map((i) => [i.event, i.recipient, i.category, i.subject])).toEqual([
      ['inbound:received', 'held@inbox.test', 'held', 'Please hold'],
      ['inbound:received', 'support@inbox.test', 'accepted', 'Order 1234 is late'],
    ]);
    const accepted = items[1] as LogEntry;
    expect(accepted.inbound).toMatchObject({
      sender: 'alice@example.org',
      route: 'Keep support mail',
      outcome: 'accepted',
      stored: true,
      results: [{ action: 'store(days=2)', result: 'stored for 2 days' }],
    });
    // The stored message the log line links to is the one the MX kept.
    const stored = await env.t.request<{ subject: string }>(
      'GET',
      `/api/routes/${recv.id}/messages/${accepted.inbound?.message_id}`,
      { token: token() },
    );
    expect(stored.body.data?.subject).toBe('Order 1234 is late');
    const outbound = await env.t.request<{ total_count: number }>(
      'GET',
      `/api/stats/${recv.id}/logs?channel=outbound`,
      { token: token() },
    );
    expect(outbound.body.data?.total_count).toBe(0);

    // Statistics: the event workers of a server run the rollups; here they are drained once.
    await drainConsumer(env.t.deps.db, rollupsConsumer);
    const stats = await env.t.request<AggregateEntry[]>('GET', `/api/stats/${recv.id}?format=aggregate`, {
      token: token(),
    });
    expect(stats.body.data).toContainEqual({ category: 'inbound:received', value: 2 });

    // Webhooks: the consumer queues one delivery per event, the sender POSTs them signed with the account's key.
    await drainConsumer(env.t.deps.db, webhooksConsumer);
    await sendDueWebhooks(env.t.deps.db, { allowPrivate: true });
    const hooks = receiver.received.filter((h) => h.path === '/received');
    expect(hooks).toHaveLength(2);
    const bodies = hooks.map(
      (h) => JSON.parse(h.raw) as { event: { event: string; recipient: string; inbound: { subject: string } } },
    );
    expect(bodies.map((b) => [b.event.event, b.event.recipient, b.event.inbound.subject]).sort()).toEqual([
      ['received', 'held@inbox.test', 'Please hold'],
      ['received', 'support@inbox.test', 'Order 1234 is late'],
    ]);
    const key = await env.t.request<{ token: string }>('GET', '/api/tokens/signing', { token: env.tenant.admin.token });
    for (const hook of hooks) expect(verifiedByPython(key.body.data?.token as string, hook)).toBe(true);
    expect(verifiedByPython('not-the-key', hooks[0] as ReceivedWebhook)).toBe(false);
  });
});
