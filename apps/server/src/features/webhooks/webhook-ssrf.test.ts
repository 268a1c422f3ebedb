import type { Webhook } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { insertEvents, makeTestDomain } from '../../events/testing.ts';
import { sealColumn } from '../../secrets/secret-columns.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import { sendDueWebhooks } from './webhook-sender.ts';
import { webhooksConsumer } from './webhooks.consumer.ts';

/**
 * Issue 10 item 7 as reported: IPv4-mapped IPv6 literals reached loopback and the metadata address through the
 * webhook test and the real sender, and a loopback URL could be saved. Here with the production setting
 * (WEBHOOK_ALLOW_PRIVATE off) and a real receiver on loopback that must receive nothing.
 */
const t = useTestApp({ webhookAllowPrivate: false });
const { tenant } = useTenants(t);
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiver.answer(500, 'secret internal answer');
});
afterAll(async () => {
  await receiver.close();
});

const port = () => new URL(receiver.url).port;
const privateUrls = () => [
  `http://[::ffff:127.0.0.1]:${port()}/hook`,
  `http://[::ffff:7f00:1]:${port()}/hook`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port()}/hook`,
  `http://[::ffff:a9fe:a9fe]:${port()}/latest/meta-data`,
  `http://127.0.0.1:${port()}/hook`,
  `http://localhost:${port()}/hook`,
];

/** A webhook row written past the API (as one saved before this policy, or by an operator with the setting on). */
async function storedWebhook(did: number, url: string, event = 'delivered'): Promise<number> {
  const row = await t.deps.db.one<{ id: number }>(
    `INSERT INTO webhooks (customer_id, domain_id, event, url, format, enabled) VALUES ($1, $2, $3, '', 'json', true)
     RETURNING id`,
    [tenant.cid, did, event],
  );
  await t.deps.db.query('UPDATE webhooks SET url = $2 WHERE id = $1', [
    row.id,
    sealColumn('webhooks.url', row.id, url),
  ]);
  return row.id;
}

describe('issue 10 item 7: webhooks never reach loopback, private or link-local addresses', () => {
  it('refuses such a URL when the webhook is saved (create and update), with a 400 on the url field', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/domains/${did}/webhooks`;
    for (const url of privateUrls()) {
      const created = await t.request('POST', base, { token: tenant.user.token, body: { type: 'opened', url } });
      expect(created.status, url).toBe(400);
      expect(created.body.errors?.[0]?.field).toBe('url');
      expect(created.body.errors?.[0]?.message).toMatch(/^Webhook URLs must reach a public address/);
    }
    const saved = await t.request<Webhook>('POST', base, {
      token: tenant.user.token,
      body: { type: 'opened', url: 'https://hooks.example.com/mailwright' },
    });
    expect(saved.status).toBe(200);
    const update = await t.request('PUT', `${base}/${saved.body.data?.id}`, {
      token: tenant.user.token,
      body: { url: `http://[::ffff:7f00:1]:${port()}/hook` },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors?.[0]?.field).toBe('url');
    expect(await t.deps.db.one('SELECT count(*)::int AS n FROM webhooks WHERE domain_id = $1', [did])).toEqual({
      n: 1,
    });
  });

  it('Test refuses a stored private URL without connecting, and shows no answer body', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    for (const url of privateUrls()) {
      await t.deps.db.query('DELETE FROM webhooks WHERE domain_id = $1', [did]);
      const wid = await storedWebhook(did, url);
      const test = await t.request('GET', `/api/domains/${did}/webhooks/${wid}/test`, { token: tenant.user.token });
      expect(test.status, url).toBe(400);
      expect(test.body.message, url).toMatch(/^Webhook URL not allowed: .* is not a public address/);
      expect(test.body.message).not.toContain('secret internal answer');
    }
    expect(receiver.received).toEqual([]);
  });

  it('the event sender refuses them too: the delivery fails and nothing reaches the receiver', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const urls = privateUrls();
    const events = ['accepted', 'delivered', 'rejected', 'softbounce', 'hardbounce', 'opened'] as const;
    for (const [i, url] of urls.entries()) await storedWebhook(did, url, events[i]);
    await insertEvents(
      t.deps.db,
      events.map((event) => ({ customerId: tenant.cid, domainId: did, event, recipient: 'a@example.net' })),
    );
    await drainConsumer(t.deps.db, webhooksConsumer);
    expect(await sendDueWebhooks(t.deps.db, { allowPrivate: false })).toBe(urls.length);
    const rows = await t.deps.db.query<{ state: string; last_status: number | null; last_error: string }>(
      `SELECT d.state, d.last_status, d.last_error FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE w.domain_id = $1`,
      [did],
    );
    expect(rows).toHaveLength(urls.length);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'pending', last_status: null });
      expect(row.last_error).toMatch(/^Webhook URL not allowed: .* is not a public address/);
    }
    expect(receiver.received).toEqual([]);
  });
});
