import type { LogEntry, MessageDetail } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../../events/testing.ts';
import { composeMessage } from '../../mail/message/compose.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { makeTenant } from '../../test/factories.ts';

let env: MailEnv;
let delivered: number;
let bounced: number;

async function send(to: string, subject: string, tags: string[] = [], variables: Record<string, string> | null = null) {
  const raw = await composeMessage({
    from: { address: 'app@acme.test' },
    to: [{ address: to }],
    cc: [],
    bcc: [],
    subject,
    text: 'Hello',
    headers: {},
    attachments: [],
  });
  const result = await env.engine.intake.accept({
    source: 'api',
    customerId: env.tenant.cid,
    domainId: env.domain.id,
    domainName: null,
    raw,
    recipients: [to],
    tags,
    variables,
  });
  return result.messageId;
}

async function until(done: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for delivery');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const eventsOf = async (recipient: string) =>
  (
    await env.t.deps.db.query<{ event: string }>('SELECT event FROM events WHERE recipient = $1 ORDER BY id', [
      recipient,
    ])
  ).map((e) => e.event);

beforeAll(async () => {
  env = await startMailEnv();
  env.sink.script('bounce@dest.test', ['550 5.1.1 No such user']);
  delivered = await send('ok@dest.test', 'Welcome', ['welcome'], { 'order-id': '1234', plan: 'gold' });
  bounced = await send('bounce@dest.test', 'Reset');
  await until(
    async () => (await eventsOf('ok@dest.test')).length === 2 && (await eventsOf('bounce@dest.test')).length === 2,
  );
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const logs = (query = '', token = env.tenant.user.token, did = env.domain.id) =>
  env.t.request<{ items: LogEntry[]; total_count: number }>('GET', `/api/stats/${did}/logs${query}`, { token });

describe('GET /api/stats/:domain/logs', () => {
  it('lists the domain events newest first with message info, for any signed-in role', async () => {
    const res = await logs();
    expect(res.status).toBe(200);
    expect(res.body.data?.total_count).toBe(4);
    const items = res.body.data?.items ?? [];
    expect(items.map((i) => i.event).sort()).toEqual(['accepted', 'accepted', 'delivered', 'hardbounce']);
    const times = items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const hard = items.find((i) => i.event === 'hardbounce');
    expect(hard).toMatchObject({
      recipient: 'bounce@dest.test',
      message_id: bounced,
      from: 'app@acme.test',
      subject: 'Reset',
      category: 'bad-mailbox',
    });
    expect(hard?.reply).toContain('550 5.1.1 No such user');
    expect((await logs('', env.tenant.admin.token)).status).toBe(200);
  });

  it('filters by action, recipient, bot and channel, and pages with limit and skip', async () => {
    expect((await logs('?action=delivered')).body.data?.items.map((i) => i.recipient)).toEqual(['ok@dest.test']);
    expect((await logs('?recipient=bounce@dest.test')).body.data?.total_count).toBe(2);
    const page = await logs('?limit=1&skip=1&sort=recipient&order=asc');
    expect(page.body.data?.items).toHaveLength(1);
    expect(page.body.data?.items[0]?.recipient).toBe('bounce@dest.test');
    expect(page.body.data?.total_count).toBe(4);
    await insertEvents(env.t.deps.db, [
      { customerId: env.tenant.cid, domainId: env.domain.id, event: 'opened', recipient: 'ok@dest.test', bot: true },
      {
        customerId: env.tenant.cid,
        domainId: env.domain.id,
        event: 'delivered',
        recipient: 'seed@dest.test',
        channel: 'seedtest',
      },
    ]);
    expect((await logs('?action=opened&bot=false')).body.data?.total_count).toBe(0);
    expect((await logs('?action=opened')).body.data?.total_count).toBe(1);
    expect((await logs('?action=seedtest:delivered')).body.data?.items.map((i) => i.event)).toEqual([
      'seedtest:delivered',
    ]);
    expect((await logs('?channel=seedtest')).body.data?.total_count).toBe(1);
    expect((await logs('?action=delivered')).body.data?.total_count).toBe(1);
  });

  it('honours from and to', async () => {
    expect((await logs('?from=2001-01-01&to=2001-02-01')).body.data?.total_count).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await logs(`?from=2001-01-01&to=${tomorrow}`)).body.data?.total_count).toBeGreaterThanOrEqual(4);
  });

  it('answers 401 without a session', async () => {
    expect((await logs('', '')).status).toBe(401);
  });

  it("answers 404 for another customer's domain", async () => {
    const other = await makeTenant(env.t);
    const res = await logs('', other.admin.token);
    expect(res.status).toBe(404);
  });

  it('answers 400 for malformed filters', async () => {
    const res = await logs('?action=exploded&limit=0&order=up&from=yesterday');
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['action', 'from', 'limit', 'order']);
  });
});

describe('GET /api/stats/:domain/logs/:message', () => {
  const detail = (id: number, token = env.tenant.user.token, did = env.domain.id) =>
    env.t.request<MessageDetail>('GET', `/api/stats/${did}/logs/${id}`, { token });

  it('shows headers, recipients, events and every delivery attempt with the SMTP reply', async () => {
    const res = await detail(delivered);
    expect(res.status).toBe(200);
    const message = res.body.data!;
    expect(message).toMatchObject({
      id: delivered,
      did: env.domain.id,
      subject: 'Welcome',
      tags: ['welcome'],
      source: 'api',
    });
    expect(message.headers.map((h) => h.name)).toEqual(
      expect.arrayContaining(['DKIM-Signature', 'Message-ID', 'Subject']),
    );
    expect(message.recipients).toEqual([
      expect.objectContaining({ recipient: 'ok@dest.test', state: 'delivered', attempts: 1 }),
    ]);
    expect(message.events.map((e) => e.event)).toEqual(expect.arrayContaining(['accepted', 'delivered']));
    expect(message.attempts).toEqual([
      expect.objectContaining({
        recipient: 'ok@dest.test',
        mx_host: 'mx.dest.test',
        remote_ip: '127.0.0.1',
        reply_code: 250,
        tls: true,
      }),
    ]);
  });

  it('shows the variables the message was sent with (issue 10: they were stored but never shown)', async () => {
    expect((await detail(delivered)).body.data?.variables).toEqual({ 'order-id': '1234', plan: 'gold' });
    expect((await detail(bounced)).body.data?.variables).toEqual({});
  });

  it("answers 404 for an unknown message, and for another customer's domain", async () => {
    expect((await detail(999_999)).status).toBe(404);
    const other = await makeTenant(env.t);
    expect((await detail(delivered, other.admin.token)).status).toBe(404);
  });

  it('answers 401 without a session and 400 for a malformed id', async () => {
    expect((await detail(delivered, '')).status).toBe(401);
    const bad = await env.t.request('GET', `/api/stats/${env.domain.id}/logs/abc`, { token: env.tenant.user.token });
    expect(bad.status).toBe(400);
  });
});
