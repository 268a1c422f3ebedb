import type { MessageDetail } from '@mailwright/contract';
import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { type ReceivedWebhook, startWebhookReceiver } from '../webhooks/webhook-receiver.ts';
import { sendDueWebhooks } from '../webhooks/webhook-sender.ts';
import { webhooksConsumer } from '../webhooks/webhooks.consumer.ts';

/**
 * Issue 10, item 5: native `variables`, Mailgun `v:` and SendGrid `custom_args` were stored but shown nowhere. They
 * are in the message detail of the logs, and in webhooks (Mailgun's `user-variables`, `variables` in our format).
 */
let env: MailEnv;
let baseUrl: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  // The receiver listens on loopback, which production refuses (WEBHOOK_ALLOW_PRIVATE).
  env = await startMailEnv({ webhookAllowPrivate: true });
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = await startWebhookReceiver();
  const hooks = `/api/domains/${env.domain.id}/webhooks`;
  for (const [type, format] of [
    ['accepted', 'mailgun'],
    ['delivered', 'json'],
  ]) {
    const added = await env.t.request('POST', hooks, {
      token: env.tenant.admin.token,
      body: { type, url: `${receiver.url}/${type}`, format },
    });
    expect(added.status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await env?.close();
});

/** The message detail of the logs for a Message-ID header, as the console's drawer loads it. */
async function detailOf(messageIdHeader: string): Promise<MessageDetail> {
  const { id } = await env.t.deps.db.one<{ id: number }>('SELECT id FROM messages WHERE message_id_header = $1', [
    messageIdHeader,
  ]);
  const res = await env.t.request<MessageDetail>('GET', `/api/stats/${env.domain.id}/logs/${id}`, {
    token: env.tenant.user.token,
  });
  expect(res.status).toBe(200);
  return res.body.data as MessageDetail;
}

/** The webhooks that arrive for one recipient once its message was delivered. */
async function webhooksFor(recipient: string): Promise<ReceivedWebhook[]> {
  await expect.poll(() => env.sink.receivedBy(recipient).length, { timeout: 15_000 }).toBe(1);
  const mine = () => receiver.received.filter((h) => JSON.stringify(h.body).includes(`"recipient":"${recipient}"`));
  await expect
    .poll(
      async () => {
        await drainConsumer(env.t.deps.db, webhooksConsumer);
        await sendDueWebhooks(env.t.deps.db, { allowPrivate: true });
        return mine().length;
      },
      { timeout: 15_000 },
    )
    .toBe(2);
  return mine();
}

describe('variables are shown in the logs and sent in webhooks', () => {
  it('Mailgun v: fields: in the message detail and as user-variables of a Mailgun-format webhook', async () => {
    const sent = await new Mailgun(FormData)
      .client({ username: 'api', key: env.domain.token, url: baseUrl })
      .messages.create('acme.test', {
        from: 'shop@acme.test',
        to: 'vars-mg@dest.test',
        subject: 'Order',
        text: 'Thanks',
        'v:order-id': '1234',
        'v:plan': 'gold',
      });
    const detail = await detailOf(sent.id?.slice(1, -1) as string);
    expect(detail.variables).toEqual({ 'order-id': '1234', plan: 'gold' });
    const hooks = await webhooksFor('vars-mg@dest.test');
    const accepted = hooks.find((h) => h.path === '/accepted') as ReceivedWebhook;
    expect(accepted.body['event-data']).toMatchObject({ 'user-variables': { 'order-id': '1234', plan: 'gold' } });
    const delivered = hooks.find((h) => h.path === '/delivered') as ReceivedWebhook;
    expect(delivered.body.event).toMatchObject({ variables: { 'order-id': '1234', plan: 'gold' } });
  });

  it('Mailgun h:X-Mailgun-Variables and h:X-Mailgun-Tag count like v: and o:tag, and stay out of the message', async () => {
    const sent = await new Mailgun(FormData)
      .client({ username: 'api', key: env.domain.token, url: baseUrl })
      .messages.create('acme.test', {
        from: 'shop@acme.test',
        to: 'vars-h@dest.test',
        subject: 'Order',
        text: 'Thanks',
        'h:X-Mailgun-Variables': '{"order-id": "55", "plan": "silver"}',
        'h:X-Mailgun-Tag': 'from-header',
        'v:plan': 'gold',
      });
    const detail = await detailOf(sent.id?.slice(1, -1) as string);
    expect(detail.variables).toEqual({ 'order-id': '55', plan: 'gold' });
    expect(detail.tags).toEqual(['from-header']);
    expect(detail.headers.map((h) => h.name.toLowerCase())).not.toContain('x-mailgun-variables');
  });

  it('Mailgun messages.mime: X-Mailgun-Tag and X-Mailgun-Variables in the file count (and are removed), v: wins', async () => {
    const mime = [
      'From: shop@acme.test',
      'To: vars-mime@dest.test',
      'Subject: Raw',
      'X-Mailgun-Tag: raw-orders',
      'X-Mailgun-Variables: {"order-id": "77", "plan": "silver"}',
      '',
      'Body',
      '',
    ].join('\r\n');
    const sent = await new Mailgun(FormData)
      .client({ username: 'api', key: env.domain.token, url: baseUrl })
      .messages.create('acme.test', { to: 'vars-mime@dest.test', message: mime, 'v:plan': 'gold', 'o:tag': 'api' });
    const detail = await detailOf(sent.id?.slice(1, -1) as string);
    expect(detail.variables).toEqual({ 'order-id': '77', plan: 'gold' });
    expect(detail.tags).toEqual(['raw-orders', 'api']);
    expect(detail.headers.map((h) => h.name.toLowerCase())).not.toContain('x-mailgun-variables');
  });

  it('SendGrid custom_args (the personalization over the message) and native variables', async () => {
    const client = new Client();
    client.setApiKey(env.domain.token);
    client.setDefaultRequest('baseUrl', baseUrl);
    sgMail.setClient(client);
    const [response] = await sgMail.send({
      from: { email: 'shop@acme.test' },
      personalizations: [{ to: [{ email: 'vars-sg@dest.test' }], customArgs: { campaign: 'autumn' } }],
      subject: 'Order',
      content: [{ type: 'text/plain', value: 'Thanks' }],
      customArgs: { campaign: 'spring', source: 'shop' },
    } as never);
    const detail = await detailOf(response.headers['x-message-id'] as string);
    expect(detail.variables).toEqual({ campaign: 'autumn', source: 'shop' });
    const delivered = (await webhooksFor('vars-sg@dest.test')).find((h) => h.path === '/delivered');
    expect(delivered?.body.event).toMatchObject({ variables: { campaign: 'autumn', source: 'shop' } });

    const native = await env.t.request<{ id: string }>('POST', '/api/v1/send', {
      token: env.domain.token,
      body: { from: 'shop@acme.test', to: 'vars-native@dest.test', subject: 'x', text: 'y', variables: { a: 'b' } },
    });
    expect((await detailOf(native.body.data?.id.slice(1, -1) as string)).variables).toEqual({ a: 'b' });
  });
});
