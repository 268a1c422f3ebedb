import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MxSink, type SinkMessage, startMxSink } from '../../test/mx-sink.ts';
import { rawHeader, verifyDkim } from '../testing/dkim-check.ts';
import { verifyWithDkimpy } from '../testing/dkimpy.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const run = promisify(execFile);
let env: MailEnv;
/** An MX without SMTPUTF8 and 8BITMIME in its EHLO reply, for ascii.test. */
let plain: MxSink;
let origin: string;

beforeAll(async () => {
  env = await startMailEnv();
  plain = await startMxSink({ host: '127.0.0.2', port: env.sink.port, smtputf8: false, eightBitMime: false });
  env.dns.set('ascii.test', 'MX', [{ exchange: 'mx.ascii.test', priority: 10 }]);
  env.dns.set('mx.ascii.test', 'A', ['127.0.0.2']);
  origin = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await plain?.stop();
  await env?.close();
});

// Python's smtplib sends the message bytes as they are (a bytes message is not line-end fixed) and declares what
// mail_options says in MAIL FROM.
const PY_SEND = `
import smtplib, ssl, sys
port, user, password, rcpt, declare = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
msg = sys.stdin.buffer.read()
ctx = ssl._create_unverified_context()
with smtplib.SMTP('127.0.0.1', int(port), timeout=20) as s:
    s.ehlo('client.example.test')
    s.starttls(context=ctx)
    s.ehlo('client.example.test')
    s.login(user, password)
    s.sendmail('shop@acme.test', [rcpt], msg, mail_options=declare.split(',') if declare else [])
`;

async function smtplib(rcpt: string, message: string, declare: string[]) {
  const child = run('python3', [
    '-c',
    PY_SEND,
    String(env.smtpPort),
    env.domain.smtpLogin,
    env.domain.smtpPassword,
    rcpt,
    declare.join(','),
  ]);
  child.child.stdin?.end(Buffer.from(message, 'utf8'));
  await child;
}

const UTF8_MESSAGE = (to: string) =>
  [
    'From: Café Shop <shop@acme.test>',
    `To: Zoë <${to}>`,
    'Subject: 件名 ✓',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Grüße\rzweite Zeile',
    '.a line with a dot',
    '',
  ].join('\r\n');

const eventsOf = (recipient: string) =>
  env.t.deps.db.query<{ event: string; category: string | null; reply: string | null }>(
    'SELECT event, category, reply FROM events WHERE recipient = $1 ORDER BY id',
    [recipient],
  );

async function received(sink: MxSink, recipient: string): Promise<SinkMessage> {
  await expect.poll(() => sink.receivedBy(recipient).length, { timeout: 20_000 }).toBe(1);
  return sink.receivedBy(recipient)[0] as SinkMessage;
}

describe('SMTPUTF8 and 8BITMIME end to end (RFC 6531, RFC 6532, RFC 6152)', () => {
  it('raw UTF-8 headers and a bare CR, submitted with smtplib: signed as sent (mailauth and dkimpy pass), SMTPUTF8 and BODY=8BITMIME passed on, Received added', async () => {
    await smtplib('zoe@dest.test', UTF8_MESSAGE('zoe@dest.test'), ['SMTPUTF8', 'BODY=8BITMIME']);
    const message = await received(env.sink, 'zoe@dest.test');
    expect(message).toMatchObject({ smtputf8: true, body: '8bitmime' });
    const raw = message.raw;
    expect(raw.includes(Buffer.from('\r\nSubject: 件名 ✓\r\n', 'utf8'))).toBe(true);
    expect(raw.includes(Buffer.from('From: Café Shop <shop@acme.test>', 'utf8'))).toBe(true);
    expect(raw.includes(Buffer.from('Grüße\r\nzweite Zeile\r\n.a line with a dot\r\n', 'utf8'))).toBe(true);
    expect(await verifyDkim(raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
    expect(await verifyWithDkimpy([raw], { servers: env.dns.servers })).toEqual([true]);
    // RFC 5321 4.4: the trace field of our hop, from the client's EHLO name and address, with the protocol used.
    expect(rawHeader(raw, 'received')).toMatch(
      /^from client\.example\.test \(\[127\.0\.0\.1\]\) by mw\.mailwright\.test \(Mailwright\) with UTF8SMTPSA id [0-9a-z]+; \w{3}, \d{2} \w{3} \d{4} [\d:]{8} \+0000$/,
    );
    expect(raw.toString('latin1').indexOf('Received:')).toBeLessThan(raw.toString('latin1').indexOf('\r\nFrom:'));
  });

  it('a UTF-8 message meeting an MX without SMTPUTF8 bounces with a clear reason; an ASCII one goes without it', async () => {
    await smtplib('zoe@ascii.test', UTF8_MESSAGE('zoe@ascii.test'), ['SMTPUTF8', 'BODY=8BITMIME']);
    await expect
      .poll(async () => (await eventsOf('zoe@ascii.test')).map((e) => e.event), { timeout: 20_000 })
      .toEqual(['accepted', 'hardbounce']);
    const bounce = (await eventsOf('zoe@ascii.test'))[1];
    expect(bounce?.reply).toMatch(/^553 5\.6\.7 mx\.ascii\.test does not support SMTPUTF8 \(RFC 6531\)/);
    expect(plain.receivedBy('zoe@ascii.test')).toEqual([]);

    const ascii = 'From: Shop <shop@acme.test>\r\nTo: ann@ascii.test\r\nSubject: Plain\r\n\r\nHello\r\n';
    await smtplib('ann@ascii.test', ascii, ['SMTPUTF8', 'BODY=8BITMIME']);
    const message = await received(plain, 'ann@ascii.test');
    expect(message).toMatchObject({ smtputf8: false, body: '7bit' });
    expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
  });

  it('an HTTP API message says "from api" in its Received field; nothing is declared for it', async () => {
    const res = await fetch(`${origin}/api/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.domain.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'shop@acme.test', to: ['api@dest.test'], subject: 'Hi', text: 'Hello' }),
    });
    expect(res.status).toBe(200);
    const message = await received(env.sink, 'api@dest.test');
    expect(message).toMatchObject({ smtputf8: false, body: '7bit' });
    expect(rawHeader(message.raw, 'received')).toMatch(
      /^from api by mw\.mailwright\.test \(Mailwright\) with HTTP id [0-9a-z]+; .+ \+0000$/,
    );
  });
});

/** A link of the message as the recipient's browser would fetch it: the tracking host is ours, on loopback. */
const onLoopback = (url: string) => url.replace(/^https:\/\/mwt\.[a-z0-9.]+/, origin);

describe('each recipient of a message to several gets its own links', () => {
  it('List-Unsubscribe (RFC 8058 one-click), open pixel and click redirect name that recipient, and each copy is signed', async () => {
    const { t, tenant } = env;
    // A domain of its own: intake reads domain settings through a short cache.
    const domain = await env.addDomain('news.test');
    const updated = await t.request('PUT', `/api/domains/${domain.id}`, {
      token: tenant.admin.token,
      body: { open_tracking: true, click_tracking: true, unsubscribe_tracking: true },
    });
    expect(updated.status).toBe(200);
    const recipients = ['ann@dest.test', 'ben@dest.test', 'cat@dest.test'];
    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: env.smtpPort,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: domain.smtpLogin, pass: domain.smtpPassword },
    });
    await mailer.sendMail({
      from: 'news@news.test',
      to: recipients,
      subject: 'Spring sale',
      text: 'Our spring sale: https://shop.example/sale',
      html: '<html><body><p>Our <a href="https://shop.example/sale">spring sale</a>.</p></body></html>',
    });
    mailer.close();

    const links = new Map<string, { unsubscribe: string; pixel: string; click: string }>();
    for (const to of recipients) {
      const message = await received(env.sink, to);
      expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'news.test', result: 'pass' });
      const html = (await simpleParser(message.raw)).html as string;
      links.set(to, {
        unsubscribe: onLoopback(rawHeader(message.raw, 'list-unsubscribe')?.slice(1, -1) ?? ''),
        pixel: onLoopback(html.match(/<img src="([^"]+\/t\/o\/[^"]+)"/)?.[1] ?? ''),
        click: onLoopback(html.match(/href="([^"]+\/t\/c\/[^"]+)"/)?.[1] ?? ''),
      });
    }
    const all = [...links.values()];
    expect(new Set(all.map((l) => l.unsubscribe)).size).toBe(3);
    expect(new Set(all.map((l) => l.pixel)).size).toBe(3);
    expect(
      await verifyWithDkimpy([...recipients.map((r) => env.sink.receivedBy(r)[0]?.raw as Buffer)], env.dns),
    ).toEqual([true, true, true]);

    // People take a moment to open mail; a request within 2 s of delivery would be flagged as a machine.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' };
    const ben = links.get('ben@dest.test');
    const oneClick = await fetch(ben?.unsubscribe as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Gmail one-click' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await fetch(links.get('cat@dest.test')?.pixel as string, { headers: browser });
    const click = await fetch(links.get('ann@dest.test')?.click as string, { headers: browser, redirect: 'manual' });
    expect(click.headers.get('location')).toBe('https://shop.example/sale');

    const tracked = await t.deps.db.query<{ event: string; recipient: string; recipient_id: number | null }>(
      "SELECT event, recipient, recipient_id FROM events WHERE event IN ('unsubscribed', 'opened', 'clicked') ORDER BY event",
    );
    expect(tracked.map((e) => [e.event, e.recipient])).toEqual([
      ['clicked', 'ann@dest.test'],
      ['opened', 'cat@dest.test'],
      ['unsubscribed', 'ben@dest.test'],
    ]);
    expect(tracked.every((e) => e.recipient_id !== null)).toBe(true);
  });
});
