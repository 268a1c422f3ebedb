import type { AddressInfo } from 'node:net';
import type { DestinationBackoff } from '@mailwright/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { loadPatternRules } from '../classify/pattern-rules.repo.ts';
import type { SmtpRule } from '../classify/rule-types.ts';
import { decideSmtpAction } from '../classify/smtp-action.ts';
import { composeMessage } from '../message/compose.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';

/**
 * An MX that counts how many transactions it holds at once (each DATA is held a while before the answer, so sends
 * that run in parallel overlap), and refuses recipients as scripted. It listens on another loopback address with the
 * sink's port, since the engine sends every destination to OUTBOUND_SMTP_PORT.
 */
async function startCountingMx(host: string, port: number, holdMs: number) {
  const replies = new Map<string, string[]>();
  let inFlight = 0;
  let peak = 0;
  const delivered: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reply = replies.get(address.address.toLowerCase())?.shift();
      if (!reply) return callback();
      callback(Object.assign(new Error(reply.slice(4)), { responseCode: Number(reply.slice(0, 3)) }));
    },
    onData(stream, session, callback) {
      inFlight++;
      peak = Math.max(peak, inFlight);
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          inFlight--;
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, holdMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    script: (recipient: string, list: string[]) => replies.set(recipient, list),
    delivered,
    /** The most transactions held at once since the last reset. */
    peak: () => peak,
    resetPeak: () => {
      peak = inFlight;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let env: MailEnv;
let mx: Awaited<ReturnType<typeof startCountingMx>>;
let operator: string;

beforeAll(async () => {
  env = await startMailEnv({
    retryScheduleSeconds: [1],
    backoffConcurrency: 1,
    backoffSendIntervalMs: 50,
    backoffRetrySeconds: 3,
  });
  mx = await startCountingMx('127.0.0.2', env.sink.port, 150);
  for (const name of ['backoff.test', 'normal.test', 'grey.test']) {
    env.dns.set(name, 'MX', [{ exchange: `mx.${name}`, priority: 10 }]);
    env.dns.set(`mx.${name}`, 'A', ['127.0.0.2']);
  }
  // Nothing listens on 127.0.0.3: every connection is refused.
  env.dns.set('refusing.test', 'MX', [{ exchange: 'mx.refusing.test', priority: 10 }]);
  env.dns.set('mx.refusing.test', 'A', ['127.0.0.3']);
  const operators = await makeCustomer(env.t.deps.db);
  const mta = await makeUser(env.t.deps.db, operators, 'superadmin', { subrole: 'mta' });
  operator = await env.t.login(mta.username, TEST_PASSWORD);
});
afterAll(async () => {
  await env?.close();
  await mx?.stop();
});

async function send(to: string) {
  const raw = await composeMessage({
    from: { address: 'app@acme.test' },
    to: [{ address: to }],
    cc: [],
    bcc: [],
    subject: 'Backoff',
    text: 'Hello',
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

const inBackoff = async () =>
  (await env.t.request<{ items: DestinationBackoff[] }>('GET', '/api/system/backoff', { token: operator })).body.data
    ?.items ?? [];

const eventNames = async (recipient: string) =>
  (
    await env.t.deps.db.query<{ event: string }>('SELECT event FROM events WHERE recipient = $1 ORDER BY id', [
      recipient,
    ])
  ).map((e) => e.event);

describe('issue 5: destination backoff from SMTP patterns', () => {
  it('without backoff, parallel messages to one destination overlap', async () => {
    mx.resetPeak();
    const recipients = ['n1@normal.test', 'n2@normal.test', 'n3@normal.test', 'n4@normal.test'];
    await Promise.all(recipients.map(send));
    await expect.poll(() => recipients.filter((r) => mx.delivered.includes(r)).length, { timeout: 15_000 }).toBe(4);
    expect(mx.peak()).toBeGreaterThan(1);
  });

  it('a backoff reply slows the destination (one send at a time, longer retries) until a delivery succeeds', async () => {
    mx.script('first@backoff.test', ['421 4.7.0 Too many concurrent connections, slow down']);
    const first = await send('first@backoff.test');
    await expect
      .poll(async () => (await inBackoff()).map((b) => b.destination), { timeout: 15_000 })
      .toEqual(['backoff.test']);
    const [entry] = await inBackoff();
    // The operators' SMTP pattern that says so, with its minutes.
    const rules = await loadPatternRules(env.t.deps.db);
    const seeded = decideSmtpAction({ code: 421, text: entry?.reason ?? '' }, rules.smtp).rule as SmtpRule;
    expect(seeded.action).toBe('backoff');
    expect(entry).toMatchObject({
      reason: expect.stringContaining('Too many concurrent connections'),
      smtp_pattern_id: seeded.id,
      mx_host: 'mx.backoff.test',
      hits: 1,
    });
    expect(new Date(entry?.until as string).getTime() - new Date(entry?.started_at as string).getTime()).toBe(
      (seeded.backoff_minutes as number) * 60_000,
    );
    await expect.poll(() => eventNames('first@backoff.test'), { timeout: 15_000 }).toEqual(['accepted', 'softbounce']);
    // The retry waits BACKOFF_RETRY_SECONDS (3 s), not the 1 s of the retry schedule.
    const retry = await env.t.deps.db.one<{ wait_ms: number }>(
      `SELECT extract(epoch FROM q.due_at - e.created_at) * 1000 AS wait_ms
         FROM delivery_queue q JOIN events e ON e.message_id = q.message_id AND e.event = 'softbounce'
        WHERE q.message_id = $1`,
      [first.messageId],
    );
    expect(retry.wait_ms).toBeGreaterThan(2500);

    mx.resetPeak();
    const slowed = ['s1@backoff.test', 's2@backoff.test', 's3@backoff.test', 's4@backoff.test'];
    await Promise.all(slowed.map(send));
    await expect.poll(() => slowed.filter((r) => mx.delivered.includes(r)).length, { timeout: 15_000 }).toBe(4);
    expect(mx.peak()).toBe(1);

    // Those deliveries succeeded: the destination is back to normal, and the first message's retry goes through.
    expect(await inBackoff()).toEqual([]);
    await expect
      .poll(() => eventNames('first@backoff.test'), { timeout: 15_000 })
      .toEqual(['accepted', 'softbounce', 'delivered']);
  });

  it('a greylisted recipient is retried on the retry schedule and the destination stays out of backoff', async () => {
    const greylisted = '451 4.7.1 <grey@grey.test>: Recipient address rejected: Greylisted, please try again later';
    mx.script('grey@grey.test', [greylisted]);
    const { messageId } = await send('grey@grey.test');
    await expect.poll(() => eventNames('grey@grey.test'), { timeout: 15_000 }).toContain('softbounce');
    // Retried after the schedule's 1 s, not BACKOFF_RETRY_SECONDS (3 s here).
    const retry = await env.t.deps.db.maybeOne<{ wait_ms: number }>(
      `SELECT extract(epoch FROM q.due_at - e.created_at) * 1000 AS wait_ms
         FROM delivery_queue q JOIN events e ON e.message_id = q.message_id AND e.event = 'softbounce'
        WHERE q.message_id = $1`,
      [messageId],
    );
    if (retry) expect(retry.wait_ms).toBeLessThan(2500); // (gone already when the retry was delivered)
    expect((await inBackoff()).map((b) => b.destination)).not.toContain('grey.test');
    await expect
      .poll(() => eventNames('grey@grey.test'), { timeout: 15_000 })
      .toEqual(['accepted', 'softbounce', 'delivered']);
    expect((await inBackoff()).map((b) => b.destination)).not.toContain('grey.test');
  });

  it('a destination whose MX refuses connections goes into backoff', async () => {
    await send('x@refusing.test');
    await expect.poll(() => eventNames('x@refusing.test'), { timeout: 15_000 }).toEqual(['accepted', 'softbounce']);
    const entry = (await inBackoff()).find((b) => b.destination === 'refusing.test');
    expect(entry).toMatchObject({ mx_host: 'mx.refusing.test', smtp_pattern_id: null });
    expect(entry?.reason).toMatch(/ECONNREFUSED/);
    await env.t.deps.db.query("DELETE FROM destination_backoff WHERE destination = 'refusing.test'");
  });

  it('an operator can end a backoff; customers and other superadmins cannot see the list', async () => {
    await env.t.deps.db.query(
      "INSERT INTO destination_backoff (destination, reason, until) VALUES ('stuck.test', '421 slow down', now() + interval '1 hour')",
    );
    expect((await inBackoff()).map((b) => b.destination)).toEqual(['stuck.test']);
    const master = await env.t.login('admin', ADMIN_PASSWORD);
    expect((await env.t.request('DELETE', '/api/system/backoff/stuck.test', { token: master })).status).toBe(200);
    const again = await env.t.request('DELETE', '/api/system/backoff/stuck.test', { token: master });
    expect(again.status).toBe(404);
    expect(await inBackoff()).toEqual([]);

    expect((await env.t.request('GET', '/api/system/backoff')).status).toBe(401);
    expect((await env.t.request('GET', '/api/system/backoff', { token: env.tenant.admin.token })).status).toBe(403);
    const plain = await makeUser(env.t.deps.db, env.tenant.cid, 'superadmin');
    await env.t.deps.db.query('UPDATE users SET subrole = NULL WHERE id = $1', [plain.uid]);
    const plainToken = await env.t.login(plain.username, TEST_PASSWORD);
    expect((await env.t.request('GET', '/api/system/backoff', { token: plainToken })).status).toBe(403);
    expect((await env.t.request('DELETE', '/api/system/backoff/not_a*domain', { token: master })).status).toBe(400);
  });
});
