import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader } from '../../mail/testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';

/**
 * Issue 10, item 1: every way in reads addresses with one strict grammar (RFC 5321 mailbox, RFC 5322 name-addr) and
 * refuses line breaks in names, subjects and file names: 400 naming the field (HTTP) or a 5xx reply (SMTP), nothing
 * stored. Each case here was delivered to another mailbox, or let a header in, before.
 */
const run = promisify(execFile);
let env: MailEnv;
let baseUrl: string;

beforeAll(async () => {
  env = await startMailEnv();
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await env?.close();
});

const countMessages = async () => (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;

/** Runs the refused call and checks that nothing was stored. */
async function refusedWithNothingStored<T>(call: () => Promise<T>): Promise<T> {
  const before = await countMessages();
  const result = await call();
  expect(await countMessages()).toBe(before);
  return result;
}

describe('native POST /api/v1/send', () => {
  const base = { from: 'shop@acme.test', to: ['ok@dest.test'], subject: 'Order', text: 'Thanks' };
  const send = (body: Record<string, unknown>) =>
    refusedWithNothingStored(() => env.t.request('POST', '/api/v1/send', { token: env.domain.token, body }));

  it.each([
    ['to', { to: ['john smith@rcpt.test'] }],
    ['cc', { cc: 'bad address@rcpt.test' }],
    ['to', { to: ['victim@rcpt.test\r\nBcc: inj@evil.test'] }],
    ['reply_to', { reply_to: 'help@acme.test\r\nReply-To: attacker@evil.test' }],
    ['to', { to: 'a@rcpt.test b@evil.test' }],
    ['from', { from: 'Shop\r\nBcc: x@evil.test <shop@acme.test>' }],
    ['from', { from: { email: 'shop@acme.test', name: 'Shop\r\nBcc: x@evil.test' } }],
    ['bcc', { bcc: [{ email: 'john smith@rcpt.test' }] }],
    ['subject', { subject: 'Order\r\nBcc: x@evil.test' }],
    ['attachments', { attachments: [{ filename: 'a.txt\r\nBcc: x@evil.test', content: 'aGk=' }] }],
    ['headers', { headers: { 'X-Order': '1\u0000' } }],
    ['headers', { headers: { 'Reply-To': 'a@rcpt.test b@evil.test' } }],
  ])('refuses %s in %j with 400 naming the field', async (field, change) => {
    const response = await send({ ...base, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toMatch(new RegExp(`^${field}(\\.|$)`));
    // The message says what is wrong (zod's unions answer a bare "Invalid input" when left alone).
    expect(response.body.errors?.[0]?.message).toMatch(/address|line breaks|character|header/);
  });

  it('names the limit when there are more than 1,000 recipients', async () => {
    const to = Array.from({ length: 1001 }, (_, i) => `r${i}@dest.test`);
    const response = await send({ ...base, to });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({
      field: 'to',
      message: 'Too many recipients: at most 1000 per message',
    });
    const spread = await send({ ...base, to: to.slice(0, 600), cc: to.slice(600) });
    expect(spread.status).toBe(400);
    expect(spread.body.errors?.[0]?.message).toBe('Too many recipients: at most 1000 per message');
  });

  it('still takes quoted display names with commas, and delivers to exactly the named mailboxes', async () => {
    const response = await env.t.request('POST', '/api/v1/send', {
      token: env.domain.token,
      body: { ...base, from: '"Shop, The" <shop@acme.test>', to: ['"Smith, John" <grammar-1@dest.test>'] },
    });
    expect(response.status).toBe(200);
    await expect.poll(() => env.sink.receivedBy('grammar-1@dest.test').length, { timeout: 15_000 }).toBe(1);
    const message = env.sink.receivedBy('grammar-1@dest.test')[0]!;
    expect(rawHeader(message.raw, 'To')).toBe('"Smith, John" <grammar-1@dest.test>');
    expect(rawHeader(message.raw, 'From')).toBe('"Shop, The" <shop@acme.test>');
  });
});

describe('Mailgun-shaped /v3/{domain}/messages with mailgun.js', () => {
  const mailgun = () => new Mailgun(FormData).client({ username: 'api', key: env.domain.token, url: baseUrl });
  const base = { from: 'shop@acme.test', to: 'ok@dest.test', subject: 'Order', text: 'Thanks' };

  it.each([
    ['from', { from: 'Shop\r\nBcc: x@evil.test <shop@acme.test>' }],
    ['to', { to: 'john smith@rcpt.test' }],
    ['to', { to: ['victim@rcpt.test\r\nBcc: inj@evil.test'] }],
    ['to', { to: 'a@rcpt.test b@evil.test' }],
    ['cc', { cc: 'bad address@rcpt.test' }],
    ['h:Reply-To', { 'h:Reply-To': 'help@acme.test\r\nReply-To: attacker@evil.test' }],
    ['subject', { subject: 'Order\r\nBcc: x@evil.test' }],
    ['tag', { 'o:tag': 'orders\u0007' }],
    // The seed tests' marker: it would move this message's events to the seedtest: channel (migration 0032).
    ['tag', { 'o:tag': 'mailwright-seedtest' }],
    ['tag', { 'o:tag': ['orders', 'Mailwright-Seedtest'] }],
  ])('refuses %s in %j with 400 naming the field', async (field, change) => {
    const error = await refusedWithNothingStored(() =>
      mailgun()
        .messages.create('acme.test', { ...base, ...change } as never)
        .catch((e: { status?: number; details?: string }) => e),
    );
    expect((error as { status?: number }).status).toBe(400);
    expect((error as { details?: string }).details).toMatch(new RegExp(`^${field}: `));
  });

  it('refuses a malformed to of messages.mime', async () => {
    const error = await refusedWithNothingStored(() =>
      mailgun()
        .messages.create('acme.test', {
          to: 'a@rcpt.test b@evil.test',
          message: 'From: shop@acme.test\r\nSubject: x\r\n\r\nbody\r\n',
        })
        .catch((e: { status?: number; details?: string }) => e),
    );
    expect((error as { status?: number }).status).toBe(400);
    expect((error as { details?: string }).details).toMatch(/^to: /);
  });

  it('refuses a From header of messages.mime that is not one mailbox', async () => {
    const error = await refusedWithNothingStored(() =>
      mailgun()
        .messages.create('acme.test', {
          to: 'ok@dest.test',
          message: 'From: john smith@acme.test\r\nSubject: x\r\n\r\nbody\r\n',
        })
        .catch((e: { status?: number; details?: string }) => e),
    );
    expect((error as { status?: number }).status).toBe(400);
    expect((error as { details?: string }).details).toMatch(/^from: The From header must hold one address/);
  });
});

describe('SendGrid-shaped /v3/mail/send with @sendgrid/mail', () => {
  function sendgrid() {
    const client = new Client();
    client.setApiKey(env.domain.token);
    client.setDefaultRequest('baseUrl', baseUrl);
    sgMail.setClient(client);
    return sgMail;
  }
  const base = {
    from: { email: 'shop@acme.test' },
    personalizations: [{ to: [{ email: 'ok@dest.test' }] }],
    subject: 'Order',
    content: [{ type: 'text/plain', value: 'Thanks' }],
  };

  it.each([
    ['from.name', { from: { email: 'shop@acme.test', name: 'Shop\r\nBcc: x@evil.test' } }],
    ['personalizations.0.to.0.email', { personalizations: [{ to: [{ email: 'john smith@rcpt.test' }] }] }],
    ['reply_to.email', { replyTo: { email: 'help@acme.test\r\nReply-To: attacker@evil.test' } }],
    ['subject', { subject: 'Order\r\nBcc: x@evil.test' }],
    ['attachments.0.filename', { attachments: [{ filename: 'a.txt\r\nBcc: x', content: 'aGk=' }] }],
  ])('refuses %s with 400 naming the field', async (field, change) => {
    const error = await refusedWithNothingStored(() =>
      sendgrid()
        .send({ ...base, ...change } as never)
        .catch((e: { code?: number; response?: { body?: unknown } }) => e),
    );
    expect((error as { code?: number }).code).toBe(400);
    expect((error as { response?: { body?: unknown } }).response?.body).toMatchObject({
      errors: [expect.objectContaining({ field })],
    });
  });
});

describe('SMTP submission', () => {
  const swaks = (args: string[]) =>
    run('swaks', [
      ...['--server', `127.0.0.1:${env.smtpPort}`, '--tls', '--timeout', '20'],
      ...['--auth', 'PLAIN', '--auth-user', env.domain.smtpLogin, '--auth-password', env.domain.smtpPassword],
      ...args,
    ]).then(
      (r) => r.stdout,
      (e: { stdout?: string }) => e.stdout ?? '',
    );

  it('refuses a recipient with a space (501 5.1.3) and a sender with one (501)', async () => {
    const rcpt = await refusedWithNothingStored(() =>
      swaks(['--from', 'shop@acme.test', '--to', 'john smith@rcpt.test', '--quit-after', 'RCPT']),
    );
    expect(rcpt).toMatch(/<~?\* 501 5\.1\.3 /);
    const sender = await swaks(['--from', 'a..b@acme.test', '--to', 'ok@dest.test', '--quit-after', 'RCPT']);
    expect(sender).toMatch(/<~?\* 501 5\.1\.7 /);
  });

  it('refuses a From header that is not one mailbox (550 5.6.0)', async () => {
    const out = await refusedWithNothingStored(() =>
      swaks([
        ...['--from', 'shop@acme.test', '--to', 'ok@dest.test'],
        ...['--header', 'From: john smith@acme.test', '--header', 'Subject: x', '--body', 'x'],
      ]),
    );
    expect(out).toMatch(/<~?\* 550 5\.6\.0 The From header must hold one address/);
  });
});
