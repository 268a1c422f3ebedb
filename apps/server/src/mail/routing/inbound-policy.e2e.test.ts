import { execFile, execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InboundMessage, InboundMessageSummary, InboundPolicy, Route } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendDueInboundPosts } from '../../features/routes/inbound-post-sender.ts';
import { startWebhookReceiver } from '../../features/webhooks/webhook-receiver.ts';
import { type InboundMx, startInboundMx } from '../inbound/inbound-server.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { type MailEnv, startMailEnv, type TestDomain } from '../testing/mail-env.ts';
import { RawSmtp } from '../testing/raw-smtp.ts';
import { publishAndVerify } from './testing.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
const run = promisify(execFile);

let env: MailEnv;
let inbound: InboundMx;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** Unmatched mail refused (the default); DKIM required, failures refused. */
let strict: TestDomain;
/** Unmatched mail held; DKIM and DMARC required, failures held. */
let holding: TestDomain;
/** Unmatched mail bounced; at most 2048 bytes; SPF required, failures marked. */
let bouncing: TestDomain;
/** Verified for sending, its receiving MX not published: it receives nothing. */
let sendOnly: TestDomain;
const dir = mkdtempSync(join(tmpdir(), 'mw-policy-'));

// The sender's domain, signer.test: its DKIM key, SPF naming loopback, DMARC at p=reject, all in the local DNS.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyFile = join(dir, 'signer.pem');
writeFileSync(keyFile, privateKey.export({ type: 'pkcs1', format: 'pem' }));
const publicDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** Signs with dkimpy (Debian's python3-dkim): a signer independent of ours and of mailauth. */
function dkimSign(message: string): string {
  const script = `
import sys, dkim
msg = sys.stdin.buffer.read()
sig = dkim.sign(msg, b"s1", b"signer.test", open(sys.argv[1], "rb").read(), include_headers=[b"from", b"to", b"subject"])
sys.stdout.buffer.write(sig + msg)`;
  return execFileSync('/usr/bin/python3', ['-c', script, keyFile], { input: message }).toString('latin1');
}

const message = (to: string, subject: string, from = 'alice@signer.test', body = 'Hello from Alice') =>
  `From: Alice <${from}>\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}@signer.test>\r\n\r\n${body}\r\n`;

/** swaks as the remote MTA, sending exactly `data` (already signed, or not): its output and whether 250 came. */
async function swaks(to: string, options: { from?: string; data?: string } = {}) {
  const args = ['--server', `127.0.0.1:${inbound.port}`, '--from', options.from ?? 'alice@signer.test', '--to', to];
  args.push('--helo', 'mta.signer.test');
  if (options.data !== undefined) {
    const file = join(dir, `m${Math.random().toString(36).slice(2)}.eml`);
    writeFileSync(file, options.data, 'latin1');
    args.push('--data', `@${file}`);
  }
  try {
    return { ok: true, out: (await run('swaks', args)).stdout };
  } catch (error) {
    return { ok: false, out: String((error as { stdout?: string }).stdout ?? error) };
  }
}

const api = <T>(domain: TestDomain, method: string, path: string, body?: unknown) =>
  env.t.request<T>(method, `/api/routes/${domain.id}${path}`, { token: env.tenant.user.token, body });
const latest = async (domain: TestDomain) =>
  ((await api<{ items: InboundMessageSummary[] }>(domain, 'GET', '/messages')).body.data?.items ?? [])[0];

beforeAll(async () => {
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
  env.dns.set('s1._domainkey.signer.test', 'TXT', [`v=DKIM1; k=rsa; p=${publicDer}`]);
  env.dns.set('signer.test', 'TXT', ['v=spf1 ip4:127.0.0.1 -all']);
  env.dns.set('_dmarc.signer.test', 'TXT', ['v=DMARC1; p=reject']);
  env.dns.set('elsewhere.test', 'TXT', ['v=spf1 ip4:192.0.2.1 -all']);
  env.routeToSink('dest.test');
  const policies: [string, object][] = [
    ['strict.test', { require_dkim: true, auth_failure: 'reject' }],
    ['holding.test', { unmatched: 'hold', require_dkim: true, require_dmarc: true, auth_failure: 'hold' }],
    ['bouncing.test', { unmatched: 'bounce', max_size: 2048, require_spf: true, auth_failure: 'mark' }],
  ];
  const made: TestDomain[] = [];
  for (const [name, policy] of policies) {
    const domain = await env.addDomain(name);
    await publishAndVerify(env, domain.id);
    const route = await api<Route>(domain, 'POST', '', {
      expression: { type: 'match_recipient', pattern: `desk@${name.replace('.', '\\.')}` },
      actions: [
        { type: 'store', days: 2 },
        { type: 'forward_url', url: `${receiver.url}/${name}` },
      ],
    });
    const saved = await api<InboundPolicy>(domain, 'PUT', '/policy', policy);
    if (route.status !== 200 || saved.status !== 200) throw new Error(JSON.stringify([route.body, saved.body]));
    made.push(domain);
  }
  [strict, holding, bouncing] = made as [TestDomain, TestDomain, TestDomain];
  sendOnly = await env.addDomain('send-only.test');
  await publishAndVerify(env, sendOnly.id, { receiving: false });
  await api<Route>(sendOnly, 'POST', '', { expression: { type: 'catch_all' }, actions: [{ type: 'store' }] });
});
afterAll(async () => {
  await receiver?.close();
  await inbound?.close();
  await env?.close();
});

describe('inbound policies end to end: swaks → inbound MX (issue 13, S2-017)', () => {
  it('a DKIM-signed message (dkimpy) passes SPF, DKIM and DMARC: stored with its results and Authentication-Results', async () => {
    const sent = await swaks('desk@strict.test', { data: dkimSign(message('desk@strict.test', 'Signed one')) });
    expect(sent.ok, sent.out).toBe(true);
    const stored = await latest(strict);
    expect(stored).toMatchObject({ subject: 'Signed one', outcome: 'accepted' });
    expect(stored?.auth).toMatchObject({
      spf: { result: 'pass', domain: 'signer.test' },
      dkim: { result: 'pass', domains: ['signer.test'] },
      dmarc: { result: 'pass', domain: 'signer.test', policy: 'reject' },
    });
    const detail = (await api<InboundMessage>(strict, 'GET', `/messages/${stored?.id}`)).body.data as InboundMessage;
    expect(detail.headers[0]?.name).toBe('Received-SPF');
    const results = detail.headers.find((h) => h.name === 'Authentication-Results')?.value ?? '';
    expect(results).toMatch(
      /^mw\.mailwright\.test; dkim=pass header\.i=@signer\.test header\.s=s1 .* spf=pass .* dmarc=pass/,
    );

    // The URL forward: Mailgun's X-Mailgun-Spf and X-Mailgun-Dkim-Check-Result fields.
    expect(await sendDueInboundPosts(env.t.deps.db, { allowPrivate: true })).toBe(1);
    const hook = receiver.received.find((r) => r.path === '/strict.test');
    expect(hook?.body).toMatchObject({
      'X-Mailgun-Spf': 'Pass',
      'X-Mailgun-Dkim-Check-Result': 'Pass',
      'X-Mailwright-Dmarc-Result': 'Pass',
    });
    expect(hook?.body['message-headers']).toContainEqual(['Authentication-Results', results]);
  });

  it('a forged message (body changed after signing) fails DKIM: the reject policy answers 550 5.7.1 at DATA', async () => {
    const before = (await latest(strict))?.id;
    const forged = dkimSign(message('desk@strict.test', 'Forged one')).replace('Hello from Alice', 'Pay Mallory');
    const sent = await swaks('desk@strict.test', { data: forged });
    expect(sent.ok).toBe(false);
    expect(sent.out).toMatch(/RCPT TO:<desk@strict.test>\s+<-\s+250/);
    expect(sent.out).toMatch(/<~?\*\* 550 5\.7\.1 DKIM did not pass/);
    expect((await latest(strict))?.id).toBe(before);
  });

  it('hold policy: a forged message is kept as held and no route runs; DMARC fails too once SPF is not aligned', async () => {
    const forged = dkimSign(message('desk@holding.test', 'Held forgery')).replace('Hello from Alice', 'Pay Mallory');
    expect((await swaks('desk@holding.test', { data: forged })).ok).toBe(true);
    const held = await latest(holding);
    expect(held).toMatchObject({ subject: 'Held forgery', outcome: 'held', stored: true });
    expect(held?.results).toEqual([{ action: 'policy', result: 'DKIM did not pass (required by the policy)' }]);
    // A changed body is "neutral" in mailauth's words (body hash did not verify): not a pass. DMARC still passes:
    // SPF passed for signer.test, aligned with From (RFC 7489 4.2).
    expect(held?.auth).toMatchObject({
      dkim: { result: 'neutral' },
      spf: { result: 'pass' },
      dmarc: { result: 'pass' },
    });

    // Unsigned, From signer.test but sent by elsewhere.test: neither DKIM nor an aligned SPF pass, so DMARC fails.
    const spoofed = message('desk@holding.test', 'Spoofed From');
    expect((await swaks('desk@holding.test', { from: 'bob@elsewhere.test', data: spoofed })).ok).toBe(true);
    const spoof = await latest(holding);
    expect(spoof?.results).toEqual([{ action: 'policy', result: 'DKIM, DMARC did not pass (required by the policy)' }]);
    expect(spoof?.auth).toMatchObject({ dkim: { result: 'none' }, dmarc: { result: 'fail', policy: 'reject' } });
    expect(await sendDueInboundPosts(env.t.deps.db, { allowPrivate: true })).toBe(0);
  });

  it('mark policy: mail failing a required SPF check is routed as usual and marked in its results', async () => {
    const sent = await swaks('desk@bouncing.test', {
      from: 'bob@elsewhere.test',
      data: message('desk@bouncing.test', 'Wrong IP', 'bob@elsewhere.test'),
    });
    expect(sent.ok, sent.out).toBe(true);
    const marked = await latest(bouncing);
    expect(marked).toMatchObject({ subject: 'Wrong IP', outcome: 'accepted', stored: true });
    expect(marked?.auth?.spf).toEqual({ result: 'fail', domain: 'elsewhere.test' });
    expect(marked?.results[0]).toEqual({
      action: 'policy',
      result: 'marked: SPF did not pass (required by the policy)',
    });
  });

  it('max_size: over the domain limit is 552 5.3.4 at DATA, and at RCPT when the client declared SIZE', async () => {
    const big = message('desk@bouncing.test', 'Too big', 'alice@signer.test', 'x'.repeat(70).concat('\r\n').repeat(40));
    const sent = await swaks('desk@bouncing.test', { data: big });
    expect(sent.ok).toBe(false);
    expect(sent.out).toMatch(/<~?\*\* 552 5\.3\.4 Message exceeds the size limit of 2048 bytes/);
    // The same message fits another domain's limit (INBOUND_MAX_SIZE).
    expect((await swaks('desk@strict.test', { data: dkimSign(big.replaceAll('bouncing', 'strict')) })).ok).toBe(true);

    const smtp = await RawSmtp.open(inbound.port);
    await smtp.next();
    const ehlo = await smtp.command('EHLO mta.signer.test');
    expect(ehlo?.text).toMatch(new RegExp(`SIZE ${env.t.deps.config.inboundMaxSize}`));
    expect((await smtp.command('MAIL FROM:<alice@signer.test> SIZE=5000'))?.code).toBe(250);
    const rcpt = await smtp.command('RCPT TO:<desk@bouncing.test>');
    expect(rcpt).toEqual({ code: 552, text: '5.3.4 Message exceeds the size limit of 2048 bytes' });
    expect((await smtp.command('RCPT TO:<desk@strict.test>'))?.code).toBe(250);
    await smtp.command('QUIT');
  });

  it('unmatched mail gets each policy’s answer: 550 at RCPT, held, or bounced with a DSN', async () => {
    const refused = await swaks('nobody@strict.test', { data: dkimSign(message('nobody@strict.test', 'Nobody')) });
    expect(refused.ok).toBe(false);
    expect(refused.out).toMatch(/<~?\*\* 550 5\.1\.1 No such recipient here/);

    const kept = dkimSign(message('nobody@holding.test', 'Nobody held'));
    expect((await swaks('nobody@holding.test', { data: kept })).ok).toBe(true);
    expect(await latest(holding)).toMatchObject({
      recipient: 'nobody@holding.test',
      outcome: 'held',
      stored: true,
      route_id: null,
      results: [{ action: 'policy', result: 'no route matched: hold' }],
    });

    env.sink.reset();
    const bounced = await swaks('nobody@bouncing.test', {
      from: 'carol@dest.test',
      data: message('nobody@bouncing.test', 'Nobody bounced', 'carol@dest.test'),
    });
    expect(bounced.ok, bounced.out).toBe(true);
    const [dsn] = await env.sink.waitFor(1);
    expect(dsn?.mailFrom).toBe('');
    expect(dsn?.rcptTo).toEqual(['carol@dest.test']);
    expect(dsn?.raw.toString()).toContain('Final-Recipient: rfc822; nobody@bouncing.test');
    expect((await latest(bouncing))?.outcome).toBe('bounced');
  });

  it('a domain whose receiving MX is not verified receives nothing, even with a catch-all route', async () => {
    const sent = await swaks('anyone@send-only.test', { data: message('anyone@send-only.test', 'Hi') });
    expect(sent.ok).toBe(false);
    expect(sent.out).toMatch(/<~?\*\* 550 5\.1\.1 No such recipient here/);
    // Published and verified again: now it does (after the MX's 2 s domain cache).
    await publishAndVerify(env, sendOnly.id);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await swaks('anyone@send-only.test', { data: message('anyone@send-only.test', 'Hi again') })).ok).toBe(
      true,
    );
  });
});
