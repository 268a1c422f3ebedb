import { execFile, execFileSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import type { InboundMessage, InboundMessageSummary, Route } from '@mailwright/contract';
import { authenticate } from 'mailauth';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendDueInboundPosts } from '../../features/routes/inbound-post-sender.ts';
import { type ReceivedWebhook, startWebhookReceiver } from '../../features/webhooks/webhook-receiver.ts';
import { makeTenant } from '../../test/factories.ts';
import { type InboundMx, startInboundMx } from '../inbound/inbound-server.ts';
import { dsn, mailReport } from '../inbound/testing.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { type MailEnv, startMailEnv, type TestDomain } from '../testing/mail-env.ts';
import { HOPS_HEADER, MAX_ROUTE_HOPS } from './forward-message.ts';
import { recordInboundMessage } from './routing.repo.ts';
import { srsReverse } from './srs.ts';
import { publishAndVerify } from './testing.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
const run = promisify(execFile);

let env: MailEnv;
let inbound: InboundMx;
let recv: TestDomain;
let bounceHost: string;
let secret: Buffer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const api = <T>(method: string, path: string, body?: unknown) =>
  env.t.request<T>(method, `/api/routes/${recv.id}${path}`, { token: env.tenant.user.token, body });

beforeAll(async () => {
  // The receiver listens on loopback, which production refuses (WEBHOOK_ALLOW_PRIVATE).
  env = await startMailEnv({ webhookAllowPrivate: true });
  const { config, log, db } = env.t.deps;
  secret = await loadMailSecret(db);
  inbound = await startInboundMx({
    config: { ...config, inboundSmtpPort: 0 },
    log,
    db,
    secret,
    intake: env.engine.intake,
  });
  receiver = await startWebhookReceiver();
  recv = await env.addDomain('recv.test');
  // The domain receives once its own MX names our inbound host and verified (its receiving record).
  bounceHost = (await publishAndVerify(env, recv.id)).bounce_host;
  // What the customer publishes (docs/domains.md): SPF for the return-path host names our outbound IP; the original
  // sender's domain allows nobody but itself; DMARC at p=reject for both.
  env.dns.set(bounceHost, 'TXT', ['v=spf1 ip4:127.0.0.1 -all']);
  env.dns.set('example.org', 'TXT', ['v=spf1 -all']);
  env.dns.set('_dmarc.example.org', 'TXT', ['v=DMARC1; p=reject']);
  env.dns.set('_dmarc.recv.test', 'TXT', ['v=DMARC1; p=reject']);
  const routes = [
    {
      priority: 1,
      expression: { type: 'match_recipient', pattern: 'support@recv\\.test' },
      actions: [{ type: 'forward_email', address: 'desk@dest.test' }, { type: 'stop' }],
    },
    {
      priority: 2,
      expression: { type: 'match_recipient', pattern: 'hooks@recv\\.test' },
      actions: [{ type: 'forward_url', url: `${receiver.url}/inbound` }],
    },
    {
      priority: 3,
      expression: { type: 'match_recipient', pattern: 'keep@recv\\.test' },
      actions: [{ type: 'store', days: 5 }],
    },
    { priority: 4, expression: { type: 'match_recipient', pattern: 'nope@recv\\.test' }, mode: 'reject' },
    { priority: 5, expression: { type: 'match_recipient', pattern: 'held@recv\\.test' }, mode: 'hold' },
    { priority: 6, expression: { type: 'match_recipient', pattern: 'gone@recv\\.test' }, mode: 'bounce' },
    { priority: 8, expression: { type: 'match_header', header: 'X-Spam-Flag', pattern: '^yes$' }, mode: 'reject' },
    {
      priority: 7,
      expression: { type: 'match_header', header: 'Subject', pattern: 'loop' },
      actions: [{ type: 'forward_email', address: 'loop@recv.test' }],
    },
  ];
  for (const body of routes) {
    const res = await api<Route>('POST', '', body);
    if (res.status !== 200) throw new Error(`route: ${JSON.stringify(res.body)}`);
  }
});
afterAll(async () => {
  await receiver?.close();
  await inbound?.close();
  await env?.close();
});

/** swaks as the remote MTA: answers its output, and whether the server took the message. */
async function swaks(to: string, options: { from?: string; subject?: string; headers?: string[] } = {}) {
  const args = ['--server', `127.0.0.1:${inbound.port}`, '--from', options.from ?? 'alice@example.org', '--to', to];
  args.push('--header', `Subject: ${options.subject ?? 'Help please'}`, '--body', 'Hello from Alice');
  for (const h of options.headers ?? []) args.push('--add-header', h);
  try {
    return { ok: true, out: (await run('swaks', args)).stdout };
  } catch (error) {
    return { ok: false, out: String((error as { stdout?: string }).stdout ?? error) };
  }
}

const inboundList = async (stored?: boolean) =>
  (await api<{ items: InboundMessageSummary[] }>('GET', `/messages${stored ? '?stored=1' : ''}`)).body.data?.items ??
  [];

/** The customer-side check, independent of our code: Python's hmac, as a receiver would verify (docs/routes.md). */
function verifiedByPython(key: string, hook: ReceivedWebhook): boolean {
  const script = `
import hashlib, hmac, json, sys
sig = json.loads(sys.argv[2])["signature"]
expected = hmac.new(sys.argv[1].encode(), (sig["timestamp"] + sig["token"]).encode(), hashlib.sha256).hexdigest()
print("valid" if hmac.compare_digest(expected, sig["signature"]) else "invalid")`;
  return execFileSync('python3', ['-c', script, key, hook.raw]).toString().trim() === 'valid';
}

describe('inbound routes end to end (S2-017)', () => {
  it('forward("desk@…"): swaks → inbound MX → intake → the sink, DKIM-signed by the domain, SRS envelope, SPF and DMARC pass', async () => {
    env.sink.reset();
    expect((await swaks('support@recv.test')).ok).toBe(true);
    const [arrived] = await env.sink.waitFor(1);
    expect(arrived?.rcptTo).toEqual(['desk@dest.test']);
    const mailFrom = arrived?.mailFrom ?? '';
    expect(mailFrom).toMatch(
      new RegExp(`^SRS0=[^=]{4}=[A-Z2-7]{2}=example\\.org=alice@${bounceHost.replace(/\./g, '\\.')}$`),
    );
    expect(srsReverse(secret, mailFrom)).toBe('alice@example.org');
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers(env.dns.servers);
    const verdict = await authenticate(arrived?.raw as Buffer, {
      ip: '127.0.0.1',
      helo: 'mw.mailwright.test',
      sender: mailFrom,
      mta: 'mx.dest.test',
      resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT') as Promise<string[][]>,
      disableArc: true,
      disableBimi: true,
    });
    expect(verdict.dkim.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['recv.test', 'pass']]);
    expect((verdict.spf || undefined)?.status.result).toBe('pass');
    expect((verdict.dmarc || undefined)?.status.result).toBe('pass');
    const raw = arrived?.raw.toString() ?? '';
    expect(raw).toMatch(/^From: "alice@example.org via support@recv.test" <support@recv.test>/m);
    expect(raw).toContain(`${HOPS_HEADER}: 1`);
    const [record] = await inboundList();
    expect(record).toMatchObject({ recipient: 'support@recv.test', outcome: 'accepted', sender: 'alice@example.org' });
    expect(record?.results[0]?.result).toMatch(/^forwarded as message \d+$/);

    // The next hop bounces the forward to its SRS return path: the bounce goes back to the original sender, as a
    // notice from recv.test with the report attached. A forged SRS address is refused at RCPT.
    env.sink.reset();
    env.routeToSink('example.org');
    const report = dsn({
      to: mailFrom,
      recipient: 'desk@dest.test',
      action: 'failed',
      status: '5.1.1',
      diagnostic: '550 5.1.1 No such user',
    });
    await mailReport(inbound.port, mailFrom, report);
    const [returned] = await env.sink.waitFor(1);
    expect(returned?.mailFrom).toBe('');
    expect(returned?.rcptTo).toEqual(['alice@example.org']);
    expect(returned?.raw.toString()).toMatch(/^From: Mail Delivery System <mailer-daemon@recv\.test>/m);
    expect(returned?.raw.toString()).toContain('Diagnostic-Code: smtp; 550 5.1.1 No such user');
    const forged = mailFrom.replace('=alice@', '=mallory@');
    await expect(mailReport(inbound.port, forged, report)).rejects.toThrow(/550/);
  });

  it('forward("https://…"): the local receiver gets a signed POST in Mailgun field names; Python hmac verifies it', async () => {
    expect((await swaks('hooks@recv.test', { subject: 'Hook me' })).ok).toBe(true);
    expect(receiver.received).toHaveLength(0);
    // The worker role's sender (run here by hand): the same SSRF-guarded client and retries as webhooks.
    expect(await sendDueInboundPosts(env.t.deps.db, { allowPrivate: true })).toBe(1);
    const [hook] = receiver.received;
    expect(hook?.path).toBe('/inbound');
    expect(hook?.body).toMatchObject({
      recipient: 'hooks@recv.test',
      sender: 'alice@example.org',
      subject: 'Hook me',
      'body-plain': expect.stringContaining('Hello from Alice'),
      'stripped-text': 'Hello from Alice',
      'attachment-count': 0,
    });
    expect(hook?.body['message-headers']).toContainEqual(['Subject', 'Hook me']);
    const key = (
      await env.t.request<{ token: string }>('GET', '/api/tokens/signing', { token: env.tenant.admin.token })
    ).body.data?.token as string;
    expect(verifiedByPython(key, hook as ReceivedWebhook)).toBe(true);
    expect(verifiedByPython(`${key}x`, hook as ReceivedWebhook)).toBe(false);
    expect(await sendDueInboundPosts(env.t.deps.db, { allowPrivate: true })).toBe(0);
  });

  it('store(): the message is listed as stored and downloadable byte for byte through the API', async () => {
    const raw = `From: Alice <alice@example.org>\r\nTo: keep@recv.test\r\nSubject: Keep me\r\nMessage-ID: <keep-1@example.org>\r\n\r\nKeep this \u00e9xactly.\r\n..a dot line\r\n`;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbound.port,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({ envelope: { from: 'alice@example.org', to: ['keep@recv.test'] }, raw });
    transport.close();
    const [stored] = await inboundList(true);
    expect(stored).toMatchObject({
      recipient: 'keep@recv.test',
      stored: true,
      subject: 'Keep me',
      outcome: 'accepted',
    });
    const keptDays = (Date.parse(stored?.expires_at ?? '') - Date.parse(stored?.received_at ?? '')) / 86_400_000;
    expect(Math.round(keptDays)).toBe(5);
    const detail = (await api<InboundMessage>('GET', `/messages/${stored?.id}`)).body.data as InboundMessage;
    // Byte for byte as received, behind the Received-SPF and Authentication-Results fields our MX adds (RFC 8601 5).
    expect(detail.auth?.header).toMatch(/^Received-SPF: .*\r\nAuthentication-Results: mw\.mailwright\.test;/s);
    const expected = Buffer.concat([Buffer.from(detail.auth?.header ?? '', 'latin1'), Buffer.from(raw, 'utf8')]);
    expect(Buffer.from(detail.raw, 'base64').equals(expected)).toBe(true);
    expect(detail.text).toContain('Keep this');
    const outsider = await makeTenant(env.t);
    const path = `/api/routes/${recv.id}/messages/${stored?.id}`;
    expect((await env.t.request('GET', path, { token: outsider.admin.token })).status).toBe(404);
    expect((await env.t.request('GET', path)).status).toBe(401);
  });

  it('reject mode answers 550 at RCPT; an address no route takes and an unknown domain too', async () => {
    const before = (await inboundList()).length;
    for (const to of ['nope@recv.test', 'nobody-routes-this@acme.test', 'x@unknown-domain.test']) {
      const sent = await swaks(to);
      expect(sent.ok, to).toBe(false);
      expect(sent.out, to).toMatch(/<~?\*\* 550 5\.(7|1)\.1/);
    }
    expect((await inboundList()).length).toBe(before);
  });

  it('hold mode keeps the message stored and does nothing with it; bounce mode sends a DSN from the null sender', async () => {
    env.sink.reset();
    expect((await swaks('held@recv.test', { subject: 'Hold me' })).ok).toBe(true);
    const [held] = await inboundList(true);
    expect(held).toMatchObject({ recipient: 'held@recv.test', outcome: 'held', stored: true, results: [] });
    expect((await swaks('gone@recv.test', { from: 'bob@dest.test' })).ok).toBe(true);
    const [dsn] = await env.sink.waitFor(1);
    expect(dsn?.mailFrom).toBe('');
    expect(dsn?.rcptTo).toEqual(['bob@dest.test']);
    expect(dsn?.raw.toString()).toContain('Final-Recipient: rfc822; gone@recv.test');
    expect((await inboundList())[0]).toMatchObject({ recipient: 'gone@recv.test', outcome: 'bounced' });
  });

  it('a header route that refuses: 550 after DATA when it was every recipient, else a bounce for the refused one', async () => {
    const spam = await swaks('spam@recv.test', { headers: ['X-Spam-Flag: YES'] });
    expect(spam.ok).toBe(false);
    expect(spam.out).toMatch(/RCPT TO:<spam@recv.test>\s+<-\s+250/);
    expect(spam.out).toMatch(/<~?\*\* 550 5\.7\.1 Mail to this address is refused/);

    env.sink.reset();
    const before = (await inboundList(true)).length;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: inbound.port,
      secure: false,
      ignoreTLS: true,
    });
    const raw = 'From: bob@dest.test\r\nTo: keep@recv.test\r\nSubject: Both\r\nX-Spam-Flag: yes\r\n\r\nHi\r\n';
    await transport.sendMail({ envelope: { from: 'bob@dest.test', to: ['keep@recv.test', 'spam@recv.test'] }, raw });
    transport.close();
    expect((await inboundList(true)).length).toBe(before + 1);
    const [dsn] = await env.sink.waitFor(1);
    expect(dsn?.rcptTo).toEqual(['bob@dest.test']);
    expect(dsn?.raw.toString()).toContain('Final-Recipient: rfc822; spam@recv.test');
  });

  it('a message whose route was deleted since RCPT is still recorded (naming no route), not refused with 451', async () => {
    const id = await recordInboundMessage(env.t.deps.db, {
      customerId: env.tenant.cid,
      domainId: recv.id,
      routeId: 2_000_000_000,
      recipient: 'late@recv.test',
      sender: 'alice@example.org',
      fromHeader: '',
      subject: 'Late',
      outcome: 'accepted',
      stored: true,
      results: [],
      raw: Buffer.from('Subject: Late\r\n\r\nx\r\n'),
      keepDays: 1,
      postUrls: [],
      auth: null,
    });
    const detail = await api<InboundMessage>('GET', `/messages/${id}`);
    expect(detail.body.data).toMatchObject({ route_id: null, recipient: 'late@recv.test' });
  });

  it(`a message forwarded ${MAX_ROUTE_HOPS} times is refused as a routing loop (554 5.4.6)`, async () => {
    const looping = await swaks('loop@recv.test', { subject: 'loop', headers: [`${HOPS_HEADER}: ${MAX_ROUTE_HOPS}`] });
    expect(looping.ok).toBe(false);
    expect(looping.out).toMatch(/<~?\*\* 554 5\.4\.6 Routing loop detected/);
  });
});
