import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader, verifyDkim } from '../testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';

/**
 * Issue 10, item 5: the SMTP replies docs/sending.md promises (RFC 3463 enhanced codes on every refusal, AUTH only
 * offered where it is accepted, RFC 4954), and Mailgun's X-Mailgun-Tag / X-Mailgun-Variables over SMTP. The client is
 * Python's smtplib, which shows the server's EHLO keywords and replies as they are.
 */
const run = promisify(execFile);
let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
}, 60_000);

// One SMTP conversation: EHLO in plaintext, AUTH before STARTTLS, then STARTTLS, EHLO, AUTH, MAIL FROM with a SIZE
// over the limit and RCPT TO with a bad address; prints each step's reply as JSON.
const PY_CONVERSATION = `
import base64, json, smtplib, ssl, sys
port, user, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
out = {}
s = smtplib.SMTP('127.0.0.1', port, timeout=20)
s.ehlo('client.test')
out['plain_features'] = sorted(s.esmtp_features.keys())
token = base64.b64encode(('\\0' + user + '\\0' + password).encode()).decode()
out['auth_before_tls'] = list(map(lambda x: x if isinstance(x, int) else x.decode(), s.docmd('AUTH', 'PLAIN ' + token)))
s.starttls(context=ssl._create_unverified_context())
s.ehlo('client.test')
out['tls_features'] = sorted(s.esmtp_features.keys())
out['tls_auth'] = s.esmtp_features.get('auth', '').strip()
s.login(user, password)
out['mail_too_big'] = list(map(lambda x: x if isinstance(x, int) else x.decode(), s.docmd('MAIL', 'FROM:<shop@acme.test> SIZE=999999999')))
out['mail'] = list(map(lambda x: x if isinstance(x, int) else x.decode(), s.docmd('MAIL', 'FROM:<shop@acme.test>')))
out['rcpt_bad'] = list(map(lambda x: x if isinstance(x, int) else x.decode(), s.docmd('RCPT', 'TO:<john smith@rcpt.test>')))
s.quit()
print(json.dumps(out))
`;

async function converse() {
  const { stdout } = await run('python3', [
    '-c',
    PY_CONVERSATION,
    String(env.smtpPort),
    env.domain.smtpLogin,
    env.domain.smtpPassword,
  ]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('SMTP submission replies', () => {
  it('offers AUTH only after STARTTLS, and advertises ENHANCEDSTATUSCODES', async () => {
    const out = await converse();
    expect(out.plain_features).toContain('starttls');
    expect(out.plain_features).toContain('enhancedstatuscodes');
    expect(out.plain_features).not.toContain('auth');
    expect(out.tls_features).toContain('auth');
    expect(out.tls_auth).toBe('PLAIN LOGIN');
  });

  it('answers AUTH before STARTTLS with 538 5.7.11, a SIZE over the limit with 552 5.3.4, a bad address with 501 5.1.3', async () => {
    const out = await converse();
    expect(out.auth_before_tls).toEqual([538, expect.stringMatching(/^5\.7\.11 /)]);
    expect(out.mail_too_big).toEqual([552, expect.stringMatching(/^5\.3\.4 /)]);
    expect(out.mail).toEqual([250, expect.stringMatching(/^2\.1\.0 /)]);
    expect(out.rcpt_bad).toEqual([501, expect.stringMatching(/^5\.1\.3 /)]);
  });

  it('keeps the enhanced code of our own replies once (no "5.7.8 5.7.8")', async () => {
    const error = await nodemailer
      .createTransport({
        host: '127.0.0.1',
        port: env.smtpPort,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
        auth: { user: env.domain.smtpLogin, pass: 'wrong-password' },
      })
      .sendMail({ from: 'shop@acme.test', to: 'x@dest.test', subject: 's', text: 't' })
      .catch((e: { response?: string }) => e);
    expect((error as { response?: string }).response).toBe('535 5.7.8 Authentication credentials invalid');
  });
});

describe('X-Mailgun-Tag and X-Mailgun-Variables over SMTP', () => {
  const transport = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: env.smtpPort,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: env.domain.smtpLogin, pass: env.domain.smtpPassword },
    });

  it('stores the tags and variables, and removes the headers before signing', async () => {
    const info = await transport().sendMail({
      from: 'Shop <shop@acme.test>',
      to: 'tagged@dest.test',
      subject: 'Tagged over SMTP',
      text: 'Hello',
      headers: [
        { key: 'X-Mailgun-Tag', value: 'orders' },
        { key: 'X-Mailgun-Tag', value: 'receipts' },
        { key: 'X-Mailgun-Variables', value: '{"order-id": "1234", "count": 3}' },
      ],
    });
    const id = info.response.match(/queued as <(.+)>/)?.[1];
    const stored = await env.t.deps.db.one<{ tags: string[]; variables: Record<string, string> }>(
      'SELECT tags, variables FROM messages WHERE message_id_header = $1',
      [id],
    );
    expect(stored).toEqual({ tags: ['orders', 'receipts'], variables: { 'order-id': '1234', count: '3' } });
    await expect.poll(() => env.sink.receivedBy('tagged@dest.test').length, { timeout: 15_000 }).toBe(1);
    const message = env.sink.receivedBy('tagged@dest.test')[0]!;
    expect(message.raw.toString()).not.toMatch(/^X-Mailgun-/im);
    expect(rawHeader(message.raw, 'Feedback-ID')).toMatch(/^orders:/);
    expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
  });

  it('refuses X-Mailgun-Variables that is not a JSON object (550 5.6.0), storing nothing', async () => {
    const before = (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;
    const error = await transport()
      .sendMail({
        from: 'shop@acme.test',
        to: 'x@dest.test',
        subject: 's',
        text: 't',
        headers: { 'X-Mailgun-Variables': '[1, 2]' },
      })
      .catch((e: { response?: string }) => e);
    expect((error as { response?: string }).response).toBe('550 5.6.0 X-Mailgun-Variables must be a JSON object');
    expect((await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n).toBe(before);
  });
});
