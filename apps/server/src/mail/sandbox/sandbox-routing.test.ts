import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineDepsFor } from '../../engine-deps.ts';
import { ensureSandboxDomain } from '../../features/sandbox/sandbox.service.ts';
import { makeTenant, type Tenant } from '../../test/factories.ts';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { type MxSink, startMxSink } from '../../test/mx-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deliver } from '../delivery/deliver.ts';
import type { Delivery } from '../delivery/delivery.repo.ts';
import { MxResolver } from '../delivery/mx-resolver.ts';
import { SmtpClientPool } from '../delivery/smtp-client-pool.ts';
import { type MailEngine, startMailEngine } from '../engine.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { SANDBOX_MX_HOST, type SandboxMx, startSandboxMx } from './sandbox-mx.ts';

/**
 * Issue 11: a sandbox domain can never deliver anywhere but its catch-all MX. Every recipient domain below that has
 * DNS at all points its MX at a sink that must receive nothing; the local DNS server counts the queries it answers,
 * and sandbox mail must not cause a single one.
 */
let t: TestApp;
let dns: LocalDns;
let sink: MxSink;
let catchAll: SandboxMx;
let engine: MailEngine;
let tenant: Tenant;
let sandbox: { id: number; name: string };
let key: string;
let secret: Buffer;

const ROUTED = ['dest.test', 'mx.dest.test', 'gmail.com', 'example.com'];

beforeAll(async () => {
  dns = await startLocalDns();
  sink = await startMxSink();
  for (const name of ROUTED) {
    dns.set(name, 'MX', [{ exchange: `mx.${name}`, priority: 10 }]);
    dns.set(`mx.${name}`, 'A', ['127.0.0.1']);
    dns.set(name, 'A', ['127.0.0.1']);
  }
  t = await createTestApp({
    dnsServers: dns.servers,
    outboundSmtpPort: sink.port,
    smtpPort: 0,
    retryScheduleSeconds: [1],
  });
  secret = await loadMailSecret(t.deps.db);
  catchAll = await startSandboxMx({ db: t.deps.db, log: t.deps.log, secret, port: 0, maxSize: 1024 * 1024 });
  engine = await startMailEngine(engineDepsFor(t.deps), { smtp: true, worker: true, sandboxMx: catchAll.target });
  tenant = await makeTenant(t);
  sandbox = await ensureSandboxDomain(t.deps, tenant.cid);
  const created = await t.request<{ token: string }>('POST', `/api/tokens/${sandbox.id}`, {
    token: tenant.admin.token,
    body: { role: 'sending', note: 'sandbox routing' },
  });
  key = created.body.data?.token ?? '';
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await catchAll?.close();
  await t?.close();
  await sink?.stop();
  await dns?.stop();
});

const keptFor = (recipient: string) =>
  t.deps.db.query<{ rcpt_to: string[]; customer_id: number }>(
    'SELECT rcpt_to, customer_id FROM sandbox_messages WHERE $1 = ANY(rcpt_to)',
    [recipient],
  );

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('sandbox routing (issue 11)', () => {
  it('delivers every recipient of a sandbox domain to the catch-all MX only: no DNS query, nothing at the sink', async () => {
    const recipients = [
      'someone@dest.test',
      'mx-host@mx.dest.test',
      'person@gmail.com',
      'user@example.com',
      'root@localhost',
      'literal@[127.0.0.1]',
      'literal6@[IPv6:::1]',
      'nobody@no-such-domain.test',
    ];
    const queriesBefore = dns.queries;
    const accepted: string[] = [];
    for (const to of recipients) {
      const res = await t.request('POST', '/api/v1/send', {
        token: key,
        body: { from: `hello@${sandbox.name}`, to, subject: `to ${to}`, text: 'sandbox' },
      });
      // An address intake refuses is never queued, so it cannot go anywhere either.
      if (res.status === 200) accepted.push(to);
      else expect(res.status).toBe(400);
    }
    expect(accepted).toEqual(expect.arrayContaining(['someone@dest.test', 'person@gmail.com', 'user@example.com']));
    await waitUntil(async () => {
      for (const to of accepted) if ((await keptFor(to)).length === 0) return false;
      return true;
    }, 'the catch-all to receive every accepted recipient');

    expect(sink.messages).toHaveLength(0);
    expect(sink.connections()).toBe(0);
    expect(dns.queries).toBe(queriesBefore);
    for (const to of accepted) expect((await keptFor(to))[0]?.customer_id).toBe(tenant.cid);
    // The catch-all stores a message before the worker writes down its attempt: wait for those rows too.
    const attempts = () =>
      t.deps.db.one<{ n: number }>(
        `SELECT count(DISTINCT a.message_id)::int AS n FROM delivery_attempts a JOIN messages m ON m.id = a.message_id
          WHERE m.domain_id = $1`,
        [sandbox.id],
      );
    await waitUntil(async () => (await attempts()).n >= accepted.length, 'every delivery attempt to be recorded');
    const hosts = await t.deps.db.query<{ mx_host: string; remote_ip: string }>(
      `SELECT DISTINCT a.mx_host, a.remote_ip FROM delivery_attempts a JOIN messages m ON m.id = a.message_id
        WHERE m.domain_id = $1`,
      [sandbox.id],
    );
    expect(hosts).toEqual([{ mx_host: SANDBOX_MX_HOST, remote_ip: '127.0.0.1' }]);
  });

  it('sends any recipient a sandbox delivery names to the catch-all, and waits (never elsewhere) without one', async () => {
    const mx = new MxResolver({ servers: dns.servers, timeoutMs: 500, cacheSeconds: 0 });
    const pool = new SmtpClientPool({ heloName: 'worker.test', port: sink.port, perHostLimit: 2 });
    const bounceHost = (
      await t.deps.db.one<{ bounce_host: string }>('SELECT bounce_host FROM domains WHERE id = $1', [sandbox.id])
    ).bounce_host;
    const local = fc.stringMatching(/^[a-z0-9]{1,8}([.+-][a-z0-9]{1,8}){0,2}$/);
    const domain = fc.oneof(
      fc.constantFrom(...ROUTED, 'localhost', '[127.0.0.1]', '[IPv6:::1]', '[10.0.0.1]'),
      fc.domain(),
    );
    let id = 1_000_000;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(local, domain), { minLength: 1, maxLength: 3 }), async (pairs) => {
          const recipients = pairs.map(([l, d]) => ({ id: id++, address: `${l}@${d}` }));
          const delivery: Delivery = {
            queueId: id++,
            messageId: id++,
            customerId: tenant.cid,
            domainId: sandbox.id,
            recipientDomain: (pairs[0] as [string, string])[1],
            recipients,
            attempts: 1,
            expiresAt: new Date(Date.now() + 3600_000),
            tags: [],
            testmode: false,
            sandbox: true,
            bounceHost,
            raw: Buffer.from(`From: a@${sandbox.name}\r\nTo: x@y.test\r\nSubject: p\r\n\r\nproperty\r\n`),
          };
          const queries = dns.queries;
          const withCatchAll = await deliver(delivery, {
            mx,
            pool,
            secret,
            retryScheduleSeconds: [60],
            sandboxMx: catchAll.target,
          });
          expect(withCatchAll.results.map((r) => [r.outcome, r.mxHost])).toEqual(
            recipients.map(() => ['delivered', SANDBOX_MX_HOST]),
          );
          const without = await deliver(delivery, { mx, pool, secret, retryScheduleSeconds: [60] });
          expect(without.results.every((r) => r.outcome === 'softbounce' && !r.attempted)).toBe(true);
          expect(without.retry?.recipientIds).toEqual(recipients.map((r) => r.id));
          expect(dns.queries).toBe(queries);
          expect(sink.connections()).toBe(0);
        }),
        { numRuns: 25 },
      );
    } finally {
      await pool.close();
    }
  }, 60_000);
});
