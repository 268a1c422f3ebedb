import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader, verifyDkim } from '../testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';

const run = promisify(execFile);
let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
}, 60_000);

function transport(
  auth: { user: string; pass: string } = { user: env.domain.smtpLogin, pass: env.domain.smtpPassword },
) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: env.smtpPort,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false }, // the engine's first-start certificate is self-signed
    auth,
  });
}

async function swaks(args: string[]) {
  const base = ['--server', `127.0.0.1:${env.smtpPort}`, '--tls', '--hide-all', '--timeout', '20'];
  return run('swaks', [...base, ...args]);
}

const PY_SEND = `
import smtplib, ssl, sys
from email.message import EmailMessage
port, user, password, rcpt = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
msg = EmailMessage()
msg['From'] = 'Python <python@acme.test>'
msg['To'] = rcpt
msg['Subject'] = 'Hello from smtplib'
msg.set_content('Sent by Python smtplib.')
ctx = ssl._create_unverified_context()
with smtplib.SMTP('127.0.0.1', int(port), timeout=20) as s:
    s.starttls(context=ctx)
    s.login(user, password)
    s.send_message(msg)
`;

async function expectArrivesSigned(recipient: string) {
  await expect.poll(() => env.sink.receivedBy(recipient).length, { timeout: 15_000 }).toBe(1);
  const message = env.sink.receivedBy(recipient)[0]!;
  const results = await verifyDkim(message.raw, env.dns.servers);
  expect(results).toContainEqual({ domain: 'acme.test', result: 'pass' });
  expect(message.tls).toBe(true);
  const { bounce_host } = await env.t.deps.db.one<{ bounce_host: string }>(
    "SELECT bounce_host FROM domains WHERE name = 'acme.test'",
  );
  expect(message.mailFrom).toMatch(new RegExp(`^b-[0-9a-z]+-[0-9a-z_-]{10}@${bounce_host.replace(/\./g, '\\.')}$`));
  expect(rawHeader(message.raw, 'List-Unsubscribe')).toMatch(/^<https:\/\/.+\/unsubscribe\/.+>$/);
  expect(rawHeader(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(rawHeader(message.raw, 'Feedback-ID')).toMatch(/:\d+:\d+:mailwright$/);
  expect(rawHeader(message.raw, 'Message-ID')).toMatch(/^<.+@.+>$/);
  return message;
}

describe('SMTP submission', () => {
  it('accepts mail from swaks with STARTTLS and AUTH PLAIN, and it arrives DKIM-signed', async () => {
    await swaks([
      '--auth',
      'PLAIN',
      '--auth-user',
      env.domain.smtpLogin,
      '--auth-password',
      env.domain.smtpPassword,
      '--from',
      'swaks@acme.test',
      '--to',
      'swaks@dest.test',
      '--header',
      'From: Swaks <swaks@acme.test>',
      '--header',
      'Subject: Hello from swaks',
      '--body',
      'Sent by swaks.',
    ]);
    const message = await expectArrivesSigned('swaks@dest.test');
    expect(message.raw.toString()).toContain('Sent by swaks.');
  });

  it('accepts mail from nodemailer (AUTH LOGIN), with the client Message-ID kept', async () => {
    const info = await transport().sendMail({
      from: 'Node <node@acme.test>',
      to: 'node@dest.test',
      subject: 'Hello from nodemailer',
      text: 'Sent by nodemailer.',
      messageId: '<client-chosen-1@acme.test>',
      headers: { 'X-Test': 'nodemailer' },
    });
    expect(info.response).toMatch(/^250 .*queued as <client-chosen-1@acme\.test>/);
    const message = await expectArrivesSigned('node@dest.test');
    expect(rawHeader(message.raw, 'Message-ID')).toBe('<client-chosen-1@acme.test>');
  });

  it("accepts mail from Python's smtplib", async () => {
    await run('python3', [
      '-c',
      PY_SEND,
      String(env.smtpPort),
      env.domain.smtpLogin,
      env.domain.smtpPassword,
      'py@dest.test',
    ]);
    await expectArrivesSigned('py@dest.test');
  });

  it('records accepted then delivered events, and the attempt with the remote reply', async () => {
    await expect
      .poll(async () =>
        (
          await env.t.deps.db.query<{ event: string }>(
            "SELECT event FROM events WHERE recipient = 'node@dest.test' ORDER BY id",
          )
        ).map((r) => r.event),
      )
      .toEqual(['accepted', 'delivered']);
    const attempt = await env.t.deps.db.one<{ mx_host: string; remote_ip: string; reply_code: number; tls: boolean }>(
      `SELECT a.mx_host, a.remote_ip, a.reply_code, a.tls FROM delivery_attempts a
         JOIN message_recipients r ON r.id = a.recipient_id WHERE r.recipient = 'node@dest.test'`,
    );
    expect(attempt).toEqual({ mx_host: 'mx.dest.test', remote_ip: '127.0.0.1', reply_code: 250, tls: true });
  });
});

describe('SMTP submission refuses bad input and stores nothing', () => {
  const countMessages = async () =>
    (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;

  it('answers 535 to bad credentials', async () => {
    const before = await countMessages();
    const error = await transport({ user: env.domain.smtpLogin, pass: 'wrong-password' })
      .sendMail({ from: 'node@acme.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { responseCode?: number }) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(535);
    expect(await countMessages()).toBe(before);
  });

  it('does not relay without authentication (530)', async () => {
    const plain = nodemailer.createTransport({
      host: '127.0.0.1',
      port: env.smtpPort,
      secure: false,
      tls: { rejectUnauthorized: false },
    });
    const error = await plain
      .sendMail({ from: 'node@acme.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { responseCode?: number }) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(530);
  });

  it('refuses a From address of another domain (553)', async () => {
    const before = await countMessages();
    const error = await transport()
      .sendMail({ from: 'someone@other.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { responseCode?: number; response?: string }) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(553);
    expect((error as { response?: string }).response).toMatch(/does not belong to the domain acme\.test/);
    expect(await countMessages()).toBe(before);
  });

  it('refuses mail for an unverified domain (550)', async () => {
    const pending = await env.addDomain('pending.test', { verified: false });
    const before = await countMessages();
    const error = await transport({ user: pending.smtpLogin, pass: pending.smtpPassword })
      .sendMail({ from: 'a@pending.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { responseCode?: number; response?: string }) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(550);
    expect((error as { response?: string }).response).toMatch(/not verified/);
    expect(await countMessages()).toBe(before);
  });

  it('refuses an oversize message: 552 over SMTP, 413 over HTTP', { timeout: 60_000 }, async () => {
    const small = await startSmallLimitEnv();
    try {
      const error = await nodemailer
        .createTransport({
          host: '127.0.0.1',
          port: small.smtpPort,
          secure: false,
          requireTLS: true,
          tls: { rejectUnauthorized: false },
          auth: { user: small.domain.smtpLogin, pass: small.domain.smtpPassword },
        })
        .sendMail({ from: 'a@acme.test', to: 'x@dest.test', subject: 's', text: 'x'.repeat(20_000) })
        .catch((e: { responseCode?: number }) => e);
      expect((error as { responseCode?: number }).responseCode).toBe(552);
      const http = await small.t.request('POST', '/api/v1/send', {
        token: small.domain.token,
        body: { from: 'a@acme.test', to: 'x@dest.test', subject: 's', text: 'x'.repeat(20_000) },
      });
      expect(http.status).toBe(413);
      expect(http.body.message).toMatch(/size limit of 10000 bytes/);
      expect((await small.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('refuses a recipient with bad syntax (501 5.1.3, as docs/sending.md says)', async () => {
    const result = await run('swaks', [
      '--server',
      `127.0.0.1:${env.smtpPort}`,
      '--tls',
      '--timeout',
      '20',
      '--auth',
      'LOGIN',
      '--auth-user',
      env.domain.smtpLogin,
      '--auth-password',
      env.domain.smtpPassword,
      '--from',
      'swaks@acme.test',
      '--to',
      'someone@no-dot-domain',
      '--quit-after',
      'RCPT',
    ]).catch((e: { stdout?: string }) => e);
    expect((result as { stdout?: string }).stdout).toMatch(/<~?\* 501 5\.1\.3 Bad recipient address syntax/);
  });
});

function startSmallLimitEnv() {
  return startMailEnv({ smtpMaxSize: 10_000 });
}
