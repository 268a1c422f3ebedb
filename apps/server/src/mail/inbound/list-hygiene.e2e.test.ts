import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Suppression } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuppressionsConsumer } from '../../features/suppressions/suppressions.consumer.ts';
import { consumeEverything } from '../../features/suppressions/testing.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { IntakeError } from '../intake/intake-error.ts';
import { loadMailSecret, verpAddress } from '../mail-tokens.ts';
import { composeMessage } from '../message/compose.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';
import { type InboundMx, startInboundMx } from './inbound-server.ts';
import { dsn, mailReport } from './testing.ts';

const run = promisify(execFile);

let env: MailEnv;
let inbound: InboundMx;
const suppressions = createSuppressionsConsumer({ softHours: 24 });

beforeAll(async () => {
  env = await startMailEnv({ retryScheduleSeconds: [1] });
  const { config, log, db } = env.t.deps;
  inbound = await startInboundMx({
    config: { ...config, inboundSmtpPort: 0 },
    log,
    db,
    secret: await loadMailSecret(db),
  });
});
afterAll(async () => {
  await inbound?.close();
  await env?.close();
});

async function send(to: string, html?: string) {
  const raw = await composeMessage({
    from: { address: 'app@acme.test' },
    to: [{ address: to }],
    cc: [],
    bcc: [],
    subject: 'List hygiene',
    text: 'Hello',
    ...(html ? { html } : {}),
    headers: {},
    attachments: [],
  });
  return env.engine.intake.accept({
    source: 'api',
    customerId: env.tenant.cid,
    domainId: env.domain.id,
    domainName: null,
    raw,
    recipients: [to],
  });
}

const events = async (recipient: string) =>
  env.t.deps.db.query<{ event: string; category: string | null; reply: string | null }>(
    'SELECT event, category, reply FROM events WHERE recipient = $1 ORDER BY id',
    [recipient],
  );
const eventNames = async (recipient: string) => (await events(recipient)).map((e) => e.event);

/** The domain's list once the suppressions consumer (the worker role's job, run here by hand) has caught up. */
async function listed(type: string): Promise<Suppression[]> {
  await consumeEverything(env.t.deps.db, suppressions);
  const res = await env.t.request<{ items: Suppression[] }>(
    'GET',
    `/api/suppressions/${env.domain.id}/${type}?limit=100`,
    {
      token: env.tenant.user.token,
    },
  );
  return res.body.data?.items ?? [];
}

/** Delivers to the sink and answers the VERP return path the message went out with. */
async function deliveredWithVerp(recipient: string): Promise<string> {
  await send(recipient);
  await expect.poll(() => eventNames(recipient), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
  return env.sink.receivedBy(recipient)[0]?.mailFrom as string;
}

const mailInbound = (to: string, raw: string) => mailReport(inbound.port, to, raw);

// Generous: on a shared PostgreSQL server the suppressions consumer may wait for other databases' transactions.
describe('issue 5 end to end on loopback: bounces, suppressions, DSNs, complaints', { timeout: 120_000 }, () => {
  it('a 550 5.1.1 gives a bad-mailbox hardbounce and a bounce suppression; the next message is rejected unsent', async () => {
    env.sink.script('nobody@dest.test', ['550 5.1.1 <nobody@dest.test>: Recipient address rejected: User unknown']);
    await send('nobody@dest.test');
    await expect.poll(() => eventNames('nobody@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
    expect((await events('nobody@dest.test'))[1]?.category).toBe('bad-mailbox');
    const entry = (await listed('bounce')).find((s) => s.recipient === 'nobody@dest.test');
    expect(entry).toMatchObject({ category: 'bad-mailbox', source: 'auto', expires_at: null });

    const { messageId } = await send('nobody@dest.test');
    const after = await events('nobody@dest.test');
    expect(after.map((e) => e.event)).toEqual(['accepted', 'hardbounce', 'rejected']);
    expect(after[2]?.reply).toBe('Recipient is on the bounce suppression list');
    const queued = await env.t.deps.db.query('SELECT 1 FROM delivery_queue WHERE message_id = $1', [messageId]);
    expect(queued).toHaveLength(0);
    expect(env.sink.attempts('nobody@dest.test')).toBe(1);
  });

  it('a DSN mailed back to the VERP address turns a delivered message into a hardbounce, once', async () => {
    const verp = await deliveredWithVerp('late-bounce@dest.test');
    const report = dsn({
      to: verp,
      recipient: 'late-bounce@dest.test',
      action: 'failed',
      status: '5.1.1',
      diagnostic: '550 5.1.1 The email account that you tried to reach does not exist',
    });
    const answer = await mailInbound(verp, report);
    expect(answer.response).toMatch(/^250 /);
    const after = await events('late-bounce@dest.test');
    expect(after.map((e) => e.event)).toEqual(['accepted', 'delivered', 'hardbounce']);
    expect(after[2]).toMatchObject({ category: 'bad-mailbox' });
    expect(after[2]?.reply).toContain('5.1.1');
    const state = await env.t.deps.db.one<{ state: string }>(
      "SELECT state FROM message_recipients WHERE recipient = 'late-bounce@dest.test'",
    );
    expect(state.state).toBe('bounced');
    expect((await listed('bounce')).map((s) => s.recipient)).toContain('late-bounce@dest.test');

    await mailInbound(verp, report);
    expect(await eventNames('late-bounce@dest.test')).toEqual(['accepted', 'delivered', 'hardbounce']);
  });

  it('a delay warning is a queued event (a delay: no bounce category, no suppression); an automatic reply is ignored', async () => {
    const verp = await deliveredWithVerp('slowpoke@dest.test');
    await mailInbound(
      verp,
      dsn({
        to: verp,
        recipient: 'slowpoke@dest.test',
        action: 'delayed',
        status: '4.2.2',
        diagnostic: '452 4.2.2 Mailbox full',
      }),
    );
    const autoReply = [
      'From: slowpoke@dest.test',
      `To: ${verp}`,
      'Subject: Out of office',
      'Auto-Submitted: auto-replied',
      '',
      'I am away until Monday.',
      '',
    ].join('\r\n');
    expect((await mailInbound(verp, autoReply)).response).toMatch(/^250 /);
    expect(await eventNames('slowpoke@dest.test')).toEqual(['accepted', 'delivered', 'queued']);
    const delay = await env.t.deps.db.one<{ category: string | null; reply: string }>(
      "SELECT category, reply FROM events WHERE recipient = 'slowpoke@dest.test' AND event = 'queued'",
    );
    expect(delay).toEqual({ category: null, reply: '4.2.2 452 4.2.2 Mailbox full' });
    expect((await listed('bounce')).map((s) => s.recipient)).not.toContain('slowpoke@dest.test');
  });

  it('an ARF report mailed with smtplib creates a complaint suppression', async () => {
    const verp = await deliveredWithVerp('angry@dest.test');
    const arf = `
import smtplib, sys
port, verp = sys.argv[1], sys.argv[2]
report = """From: feedback@fbl.dest.test
To: %s
Subject: FW: List hygiene
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"

--ARF
Content-Type: text/plain

This is an email abuse report for an email message received from IP 127.0.0.1.

--ARF
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: DestFBL/1.0
Version: 1
Original-Rcpt-To: angry@dest.test
Arrival-Date: Thu, 8 Mar 2024 14:00:00 +0000

--ARF
Content-Type: message/rfc822

From: app@acme.test
To: angry@dest.test
Subject: List hygiene

Hello
--ARF--
""" % verp
with smtplib.SMTP('127.0.0.1', int(port), timeout=20) as s:
    s.sendmail('', [verp], report.replace('\\n', '\\r\\n'))
`;
    await run('python3', ['-c', arf, String(inbound.port), verp]);
    const after = await events('angry@dest.test');
    expect(after.map((e) => e.event)).toEqual(['accepted', 'delivered', 'complained']);
    expect(after[2]?.reply).toBe('Feedback report (abuse) from DestFBL/1.0');
    expect((await listed('complaint')).map((s) => s.recipient)).toContain('angry@dest.test');
  });

  it('a feedback-loop report to fbl@ finds the complained recipient by the return path it quotes', async () => {
    const verp = await deliveredWithVerp('fbl-user@dest.test');
    const report = [
      'From: staff@fbl.dest.test',
      'To: fbl@mw.mailwright.test',
      'Subject: Complaint',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="F"',
      '',
      '--F',
      'Content-Type: text/plain',
      '',
      'A user marked this message as spam.',
      '--F',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: BigMail-FBL/2.0',
      'Version: 1',
      '',
      '--F',
      'Content-Type: text/rfc822-headers',
      '',
      `Return-Path: <${verp}>`,
      'From: app@acme.test',
      'To: redacted@dest.test',
      'Subject: List hygiene',
      '',
      '--F--',
      '',
    ].join('\r\n');
    expect((await mailInbound('fbl@mw.mailwright.test', report)).response).toMatch(/^250 /);
    expect(await eventNames('fbl-user@dest.test')).toEqual(['accepted', 'delivered', 'complained']);
    // Without a signed return path to go by, a report to the feedback-loop mailbox changes nothing.
    const unsigned = report.replace(verp, 'b-1-aaaaaaaaaa@mwb.acme.test');
    expect((await mailInbound('fbl@mw.mailwright.test', unsigned)).response).toMatch(/^250 /);
  });

  it('refuses forged VERP addresses and ones at another domain’s bounce host (550 at RCPT)', async () => {
    const verp = await deliveredWithVerp('victim@dest.test');
    const forged = verp.replace(/-([0-9a-z_-]{10})@/, '-aaaaaaaaaa@');
    await expect(mailInbound(forged, 'Subject: x\r\n\r\nx')).rejects.toMatchObject({ responseCode: 550 });
    const other = await env.addDomain('other-sender.test');
    const { bounce_host } = await env.t.deps.db.one<{ bounce_host: string }>(
      'SELECT bounce_host FROM domains WHERE id = $1',
      [other.id],
    );
    const id = Number.parseInt(/^b-([0-9a-z]+)-/.exec(verp)?.[1] ?? '', 36);
    const elsewhere = verpAddress(await loadMailSecret(env.t.deps.db), id, bounce_host);
    await expect(mailInbound(elsewhere, 'Subject: x\r\n\r\nx')).rejects.toMatchObject({ responseCode: 550 });
    await expect(mailInbound('postmaster@mw.mailwright.test', 'Subject: x\r\n\r\nx')).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(await eventNames('victim@dest.test')).toEqual(['accepted', 'delivered']);
  });

  it('intake also drops recipients on the global list and those an active domain pattern blocks', async () => {
    const master = await env.t.login('admin', ADMIN_PASSWORD);
    await env.t.request('POST', '/api/suppressions/global/complaint', {
      token: master,
      body: { recipient: 'trap@dest.test' },
    });
    await env.t.request('POST', `/api/domains/${env.domain.id}/patterns`, {
      token: env.tenant.user.token,
      body: { pattern: 'noreply@*' },
    });
    await send('trap@dest.test');
    await send('noreply@dest.test');
    expect(await events('trap@dest.test')).toEqual([
      { event: 'rejected', category: null, reply: 'Recipient is on the global complaint suppression list' },
    ]);
    expect(await events('noreply@dest.test')).toEqual([
      { event: 'rejected', category: null, reply: 'Recipient matches the domain pattern noreply@*' },
    ]);
    expect(env.sink.attempts('trap@dest.test') + env.sink.attempts('noreply@dest.test')).toBe(0);
  });

  it('intake refuses a message linking to a blocklisted host, with a rejected event, unless the URI allow-list covers it', async () => {
    const master = await env.t.login('admin', ADMIN_PASSWORD);
    await env.t.request('POST', '/api/system/uribl', { token: master, body: { uri: 'evil.example' } });
    const html = '<p>Click <a href="https://login.evil.example/reset">here</a></p>';
    const refused = await send('reader@dest.test', html).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IntakeError);
    expect(refused).toMatchObject({ smtpCode: 550, httpStatus: 400 });
    expect(await events('reader@dest.test')).toEqual([
      { event: 'rejected', category: null, reply: 'Message links to evil.example, which is on the URI blocklist' },
    ]);
    await env.t.request('POST', '/api/whitelists/uris', {
      token: env.tenant.admin.token,
      body: { uri: 'login.evil.example' },
    });
    await send('reader@dest.test', html);
    await expect
      .poll(() => eventNames('reader@dest.test'), { timeout: 15_000 })
      .toEqual(['rejected', 'accepted', 'delivered']);
  });
});
