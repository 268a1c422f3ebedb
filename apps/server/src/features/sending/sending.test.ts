import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader, verifyDkim } from '../../mail/testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { makeTenant } from '../../test/factories.ts';

let env: MailEnv;
let baseUrl: string;

beforeAll(async () => {
  env = await startMailEnv();
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await env?.close();
});

const db = () => env.t.deps.db;
const countMessages = async () => (await db().one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;

async function arrivesSigned(recipient: string) {
  await expect.poll(() => env.sink.receivedBy(recipient).length, { timeout: 15_000 }).toBe(1);
  const message = env.sink.receivedBy(recipient)[0]!;
  expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
  return message;
}

const mailgun = (key: string) => new Mailgun(FormData).client({ username: 'api', key, url: baseUrl });

describe('Mailgun-shaped API with the official mailgun.js client', () => {
  it('sends a message with tags, variables, a custom header and an attachment', async () => {
    const result = await mailgun(env.domain.token).messages.create('acme.test', {
      from: 'Shop <shop@acme.test>',
      to: ['mg@dest.test'],
      subject: 'Your order',
      text: 'Thanks for your order.',
      html: '<p>Thanks for your order.</p>',
      'o:tag': ['orders', 'receipts'],
      'v:order-id': '1234',
      'h:X-Order': '1234',
      attachment: [{ filename: 'receipt.txt', data: Buffer.from('receipt body') }],
    });
    expect(result.status).toBe(200);
    expect(result.message).toBe('Queued. Thank you.');
    expect(result.id).toMatch(/^<.+@acme\.test>$/);
    const message = await arrivesSigned('mg@dest.test');
    expect(rawHeader(message.raw, 'X-Order')).toBe('1234');
    expect(rawHeader(message.raw, 'Feedback-ID')).toMatch(/^orders:/);
    expect(message.raw.toString()).toContain('receipt.txt');
    const stored = await db().one<{ tags: string[]; variables: Record<string, string>; source: string }>(
      'SELECT tags, variables, source FROM messages WHERE message_id_header = $1',
      [result.id?.slice(1, -1)],
    );
    expect(stored).toEqual({ tags: ['orders', 'receipts'], variables: { 'order-id': '1234' }, source: 'mailgun' });
  });

  it('sends a ready MIME message through messages.mime', async () => {
    const mime = [
      'From: Shop <shop@acme.test>',
      'To: mime@dest.test',
      'Subject: Raw MIME',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Built by the customer.',
      '',
    ].join('\r\n');
    const result = await mailgun(env.domain.token).messages.create('acme.test', {
      to: 'mime@dest.test',
      message: mime,
    });
    expect(result.status).toBe(200);
    const message = await arrivesSigned('mime@dest.test');
    expect(message.raw.toString()).toContain('Built by the customer.');
  });

  it('o:testmode accepts without sending', async () => {
    await mailgun(env.domain.token).messages.create('acme.test', {
      from: 'shop@acme.test',
      to: 'mg-test@dest.test',
      subject: 'Test mode',
      text: 'Not sent',
      'o:testmode': 'yes',
    });
    await expect
      .poll(
        async () =>
          (await db().query("SELECT 1 FROM events WHERE recipient = 'mg-test@dest.test' AND event = 'delivered'"))
            .length,
      )
      .toBe(1);
    expect(env.sink.receivedBy('mg-test@dest.test')).toHaveLength(0);
  });

  it('o:tracking, o:tracking-clicks and o:tracking-opens decide tracking for one message', async () => {
    // The HTML as it arrives (quoted-printable undone), and whether it has an open pixel and rewritten links.
    const tracked = async (recipient: string, options: Record<string, string>) => {
      await mailgun(env.domain.token).messages.create('acme.test', {
        from: 'shop@acme.test',
        to: recipient,
        subject: 'Tracking per message',
        html: '<html><body><p><a href="https://shop.example/sale">Sale</a></p></body></html>',
        ...options,
      });
      const html = (await simpleParser((await arrivesSigned(recipient)).raw)).html || '';
      return { pixel: /\/t\/o\//.test(html), clicks: /\/t\/c\//.test(html), original: html.includes('shop.example') };
    };
    // The specific options win over o:tracking, both ways, whatever the domain's own settings are.
    expect(await tracked('trk-1@dest.test', { 'o:tracking': 'yes', 'o:tracking-clicks': 'no' })).toEqual({
      pixel: true,
      clicks: false,
      original: true,
    });
    expect(await tracked('trk-2@dest.test', { 'o:tracking': 'no', 'o:tracking-clicks': 'htmlonly' })).toEqual({
      pixel: false,
      clicks: true,
      original: false,
    });
    expect(await tracked('trk-3@dest.test', { 'o:tracking': 'false' })).toEqual({
      pixel: false,
      clicks: false,
      original: true,
    });
  });

  it('o:deliverytime schedules the first attempt', async () => {
    const at = new Date(Date.now() + 3600_000);
    const result = await mailgun(env.domain.token).messages.create('acme.test', {
      from: 'shop@acme.test',
      to: 'later-mg@dest.test',
      subject: 'Scheduled',
      text: 'Later',
      'o:deliverytime': at.toUTCString(),
    });
    const row = await db().one<{ due_at: Date }>(
      `SELECT q.due_at FROM delivery_queue q JOIN messages m ON m.id = q.message_id WHERE m.message_id_header = $1`,
      [result.id?.slice(1, -1)],
    );
    expect(Math.abs(new Date(row.due_at).getTime() - at.getTime())).toBeLessThan(1000);
  });

  it('answers 401 to a wrong key and stores nothing', async () => {
    const before = await countMessages();
    const error = await mailgun(`mw_${'x'.repeat(40)}`)
      .messages.create('acme.test', { from: 'shop@acme.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { status?: number }) => e);
    expect((error as { status?: number }).status).toBe(401);
    expect(await countMessages()).toBe(before);
  });

  it('answers 404 for a domain the key does not belong to', async () => {
    const error = await mailgun(env.domain.token)
      .messages.create('other-customer.test', {
        from: 'a@other-customer.test',
        to: 'x@dest.test',
        subject: 's',
        text: 't',
      })
      .catch((e: { status?: number }) => e);
    expect((error as { status?: number }).status).toBe(404);
  });

  it('answers 400 for malformed form fields (o:testmode, o:deliverytime, a bad recipient)', async () => {
    const before = await countMessages();
    const base = { from: 'shop@acme.test', to: 'x@dest.test', subject: 's', text: 't' };
    for (const extra of [{ 'o:testmode': 'maybe' }, { 'o:deliverytime': 'next tuesday' }, { to: 'not-an-address' }]) {
      const error = await mailgun(env.domain.token)
        .messages.create('acme.test', { ...base, ...extra } as never)
        .catch((e: { status?: number }) => e);
      expect((error as { status?: number }).status).toBe(400);
    }
    expect(await countMessages()).toBe(before);
  });

  it('answers 400 with a message when a required field is missing, and for a foreign From', async () => {
    const before = await countMessages();
    const missing = await mailgun(env.domain.token)
      .messages.create('acme.test', { from: 'shop@acme.test', subject: 's', text: 't' } as never)
      .catch((e: { status?: number; details?: string }) => e);
    expect((missing as { status?: number }).status).toBe(400);
    const foreign = await mailgun(env.domain.token)
      .messages.create('acme.test', { from: 'shop@elsewhere.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { status?: number; details?: string }) => e);
    expect((foreign as { status?: number }).status).toBe(400);
    expect(JSON.stringify(foreign)).toMatch(/does not belong to the domain acme\.test/);
    expect(await countMessages()).toBe(before);
  });
});

describe('SendGrid-shaped API with the official @sendgrid/mail client', () => {
  function sendgrid(key: string) {
    const client = new Client();
    client.setApiKey(key);
    client.setDefaultRequest('baseUrl', baseUrl);
    sgMail.setClient(client);
    return sgMail;
  }

  it('sends one message per personalization, answering 202 with X-Message-Id', async () => {
    const [response] = await sendgrid(env.domain.token).send({
      from: { email: 'shop@acme.test', name: 'Shop' },
      personalizations: [{ to: [{ email: 'sg1@dest.test' }] }, { to: [{ email: 'sg2@dest.test' }], subject: 'Second' }],
      subject: 'First',
      content: [{ type: 'text/plain', value: 'Hello from SendGrid client' }],
      categories: ['welcome'],
      customArgs: { campaign: 'spring' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers['x-message-id']).toMatch(/@acme\.test$/);
    const first = await arrivesSigned('sg1@dest.test');
    const second = await arrivesSigned('sg2@dest.test');
    expect(rawHeader(first.raw, 'Subject')).toBe('First');
    expect(rawHeader(second.raw, 'Subject')).toBe('Second');
  });

  it('tracking_settings switch open and click tracking for the message', async () => {
    await sendgrid(env.domain.token).send({
      from: { email: 'shop@acme.test' },
      to: 'sg-trk@dest.test',
      subject: 'Tracked',
      html: '<html><body><a href="https://shop.example/sale">Sale</a></body></html>',
      trackingSettings: { clickTracking: { enable: true }, openTracking: { enable: false } },
    });
    const html = (await simpleParser((await arrivesSigned('sg-trk@dest.test')).raw)).html || '';
    expect(html).toMatch(/\/t\/c\//);
    expect(html).not.toMatch(/\/t\/o\//);
  });

  it('answers 401 in SendGrid error format to a wrong key', async () => {
    const error = await sendgrid(`mw_${'y'.repeat(40)}`)
      .send({ from: 'shop@acme.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { code?: number; response?: { body?: unknown } }) => e);
    expect((error as { code?: number }).code).toBe(401);
    expect((error as { response?: { body?: unknown } }).response?.body).toEqual({
      errors: [{ message: 'Missing or invalid API key', field: null, help: null }],
    });
  });

  it('answers 400 with field errors for a malformed body, and stores nothing', async () => {
    const before = await countMessages();
    const response = await env.t.request('POST', '/v3/mail/send', {
      headers: { authorization: `Bearer ${env.domain.token}` },
      body: { from: { email: 'not-an-address' }, personalizations: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field: 'from.email' })]),
    });
    expect(await countMessages()).toBe(before);
  });
});

describe('native JSON API: POST /api/v1/send', () => {
  const send = (body: unknown, token: string | undefined = env.domain.token) =>
    env.t.request<{ id: string; message: string }>('POST', '/api/v1/send', { token, body });

  it('sends a message and answers its Message-ID', async () => {
    const response = await send({
      from: { email: 'app@acme.test', name: 'App' },
      to: ['native@dest.test'],
      bcc: 'native-bcc@dest.test',
      subject: 'Native',
      html: '<b>Native</b>',
      tags: ['native'],
      attachments: [{ filename: 'a.txt', content: Buffer.from('hello').toString('base64') }],
    });
    expect(response.status).toBe(200);
    expect(response.body.data?.id).toMatch(/^<.+@acme\.test>$/);
    const message = await arrivesSigned('native@dest.test');
    await arrivesSigned('native-bcc@dest.test');
    expect(message.raw.toString()).not.toMatch(/^Bcc:/im);
  });

  it('answers 401 without a key or with a console session token', async () => {
    expect((await send({ from: 'app@acme.test', to: 'x@dest.test', subject: 's', text: 't' }, '')).status).toBe(401);
    const session = await send(
      { from: 'app@acme.test', to: 'x@dest.test', subject: 's', text: 't' },
      env.tenant.admin.token,
    );
    expect(session.status).toBe(401);
  });

  it("answers 403 when the key's IP allow-list does not hold the caller", async () => {
    const token = await env.t.request<{ id: number; token: string }>('POST', `/api/tokens/${env.domain.id}`, {
      token: env.tenant.admin.token,
      body: { role: 'sending', note: 'ip limited' },
    });
    const key = token.body.data!;
    const added = await env.t.request('PUT', `/api/tokens/${key.id}/security`, {
      token: env.tenant.admin.token,
      body: { ipv4: '192.0.2.10' },
    });
    expect(added.status).toBe(200);
    const response = await send({ from: 'app@acme.test', to: 'x@dest.test', subject: 's', text: 't' }, key.token);
    expect(response.status).toBe(403);
  });

  it('answers 400 with field errors for bad input and stores nothing', async () => {
    const before = await countMessages();
    const noBody = await send({ from: 'app@acme.test', to: 'x@dest.test', subject: 's' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.errors).toContainEqual({ field: 'text', message: 'Give text or html' });
    const badRecipient = await send({ from: 'app@acme.test', to: 'not-an-address', subject: 's', text: 't' });
    expect(badRecipient.status).toBe(400);
    expect(badRecipient.body.errors?.[0]?.field).toBe('to');
    const foreign = await send({ from: 'app@elsewhere.test', to: 'x@dest.test', subject: 's', text: 't' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]).toEqual({
      field: 'from',
      message: 'From address app@elsewhere.test does not belong to the domain acme.test',
    });
    const reserved = await send({
      from: 'app@acme.test',
      to: 'x@dest.test',
      subject: 's',
      text: 't',
      headers: { Bcc: 'y@z.test' },
    });
    expect(reserved.status).toBe(400);
    const malformed = await env.t.app.inject({
      method: 'POST',
      url: '/api/v1/send',
      headers: { authorization: `Bearer ${env.domain.token}`, 'content-type': 'application/json' },
      payload: '{"from": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Malformed JSON body' });
    expect(await countMessages()).toBe(before);
  });

  it('answers 403 for an unverified domain', async () => {
    const pending = await env.addDomain('native-pending.test', { verified: false });
    const unverified = await send(
      { from: 'a@native-pending.test', to: 'x@dest.test', subject: 's', text: 't' },
      pending.token,
    );
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toMatch(/not verified/);
  });

  it("answers 404 for another customer's domain, even with an account-wide (primary) key", async () => {
    const rival = await makeTenant(env.t);
    await env.addDomain('rival.test', { tenant: rival });
    const primary = await env.t.request<{ token: string }>('POST', '/api/tokens', {
      token: env.tenant.admin.token,
      body: { role: 'primary', note: 'account key' },
    });
    const key = primary.body.data!.token;
    const response = await send({ from: 'a@rival.test', to: 'x@dest.test', subject: 's', text: 't' }, key);
    expect(response.status).toBe(404);
    const own = await send({ from: 'a@acme.test', to: 'primary@dest.test', subject: 's', text: 't' }, key);
    expect(own.status).toBe(200);
  });
});
