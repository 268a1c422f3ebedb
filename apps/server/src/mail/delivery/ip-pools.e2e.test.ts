import type { IpPool, SendingIp } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { composeMessage } from '../message/compose.ts';
import { type MailEnv, startMailEnv, type TestDomain } from '../testing/mail-env.ts';

/**
 * Issue 16 end to end on loopback: the engine sends each recipient from an address of its domain's pool (several
 * 127.0.0.x addresses), EHLO with that address's PTR name, and keeps addresses in warm-up within their daily caps.
 * The MX sink records the source address and EHLO name of every session.
 */

let env: MailEnv;
let op: string;
beforeAll(async () => {
  env = await startMailEnv({ retryScheduleSeconds: [1], retryExpiryHours: 72 });
  op = await env.t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await env?.close();
});

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await env.t.request<T>(method, url, { token: op, body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/** A pool with the given addresses (PTR mailN.pool.test), assigned to the domain. */
async function poolFor(domain: TestDomain, title: string, ips: { ip: string; warmup?: unknown }[]) {
  const pool = await api<IpPool>('POST', '/api/ips/pools', { title });
  for (const { ip, warmup } of ips) {
    const last = ip.split('.').at(-1);
    await api('POST', '/api/ips', { ip, ptr_host: `mail${last}.pool.test`, pool_id: pool.id, warmup });
  }
  await api('PUT', `/api/ips/pools/domain/${domain.id}`, { pool_id: pool.id });
  return pool;
}

async function send(domain: TestDomain, to: string[]) {
  const raw = await composeMessage({
    from: { address: `app@${domain.name}` },
    to: to.map((address) => ({ address })),
    cc: [],
    bcc: [],
    subject: 'Pool test',
    text: 'Hello',
    headers: {},
    attachments: [],
  });
  return env.engine.intake.accept({
    source: 'api',
    customerId: env.tenant.cid,
    domainId: domain.id,
    domainName: null,
    raw,
    recipients: to,
    testmode: false,
  });
}

const fromSink = (rcptDomain: string) =>
  env.sink.messages.filter((m) => m.rcptTo.some((r) => r.endsWith(`@${rcptDomain}`)));

/** Gmail's MX names, pointed at the sink: the warm-up caps count them as gmail. */
function routeAsGmail(name: string) {
  env.dns.set(name, 'MX', [{ exchange: `gmail-smtp-in.l.google.com.${name}.test-mx.google.com`, priority: 5 }]);
  env.dns.set(`gmail-smtp-in.l.google.com.${name}.test-mx.google.com`, 'A', ['127.0.0.1']);
}

describe('issue 16: delivery binds to the pool IPs', () => {
  it('spreads recipients round-robin over the pool addresses, each EHLO with its PTR name', async () => {
    await poolFor(env.domain, 'Loopback trio', [{ ip: '127.0.0.2' }, { ip: '127.0.0.3' }, { ip: '127.0.0.4' }]);
    env.routeToSink('spread.test');
    const recipients = Array.from({ length: 9 }, (_, i) => `r${i}@spread.test`);
    for (const r of recipients) await send(env.domain, [r]);
    await expect.poll(() => fromSink('spread.test').length, { timeout: 20_000 }).toBe(9);
    const got = fromSink('spread.test');
    const bySource = new Map<string, number>();
    for (const m of got) bySource.set(m.remoteAddress, (bySource.get(m.remoteAddress) ?? 0) + 1);
    expect([...bySource.keys()].sort()).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect([...bySource.values()]).toEqual([3, 3, 3]);
    for (const m of got) expect(m.heloName).toBe(`mail${m.remoteAddress.split('.').at(-1)}.pool.test`);
  });

  it('without a pool (none assigned, no default) mail goes out as before: not bound, the host name as EHLO', async () => {
    const plain = await env.addDomain('nopool.test');
    env.routeToSink('plain-dest.test');
    await send(plain, ['one@plain-dest.test']);
    await expect.poll(() => fromSink('plain-dest.test').length, { timeout: 20_000 }).toBe(1);
    expect(fromSink('plain-dest.test')[0]?.heloName).toBe('mw.mailwright.test');
  });
});

describe('issue 16: warm-up caps per IP, provider and day', () => {
  it('keeps an address in warm-up within its gmail cap and sends the excess through the warmed address', async () => {
    const domain = await env.addDomain('warming.test');
    const schedule = [{ gmail: 2, microsoft: 100, yahoo: 100, other: 100 }];
    await poolFor(domain, 'Half warm', [{ ip: '127.0.0.5', warmup: { schedule } }, { ip: '127.0.0.6' }]);
    routeAsGmail('gmail-like.test');
    for (let i = 0; i < 8; i++) await send(domain, [`g${i}@gmail-like.test`]);
    await expect.poll(() => fromSink('gmail-like.test').length, { timeout: 20_000 }).toBe(8);
    const sources = fromSink('gmail-like.test').map((m) => m.remoteAddress);
    expect(sources.filter((s) => s === '127.0.0.5')).toHaveLength(2);
    expect(sources.filter((s) => s === '127.0.0.6')).toHaveLength(6);
    const ips = await api<{ items: SendingIp[] }>('GET', '/api/ips');
    const warming = ips.items.find((ip) => ip.ip === '127.0.0.5');
    expect(warming?.warmup).toMatchObject({ day: 1, days: 1, sent_today: { gmail: 2, other: 0 } });
  });

  it('holds what no address of the pool may send today, with the reason, until the next UTC day', async () => {
    const domain = await env.addDomain('holding.test');
    const schedule = [{ gmail: 1, microsoft: 1, yahoo: 1, other: 1 }];
    await poolFor(domain, 'All warming', [{ ip: '127.0.0.7', warmup: { schedule } }]);
    routeAsGmail('held-dest.test');
    const { messageId } = await send(domain, ['h1@held-dest.test', 'h2@held-dest.test', 'h3@held-dest.test']);
    await expect.poll(() => fromSink('held-dest.test').length, { timeout: 20_000 }).toBe(1);
    const reply = async () =>
      env.t.deps.db.query<{ state: string; last_reply: string | null }>(
        'SELECT state, last_reply FROM message_recipients WHERE message_id = $1 ORDER BY id',
        [messageId],
      );
    await expect
      .poll(async () => (await reply()).filter((r) => r.state === 'queued').length, { timeout: 20_000 })
      .toBe(2);
    for (const row of (await reply()).filter((r) => r.state === 'queued')) {
      expect(row.last_reply).toContain("every address of pool 'All warming' reached today's cap for gmail");
    }
    const due = await env.t.deps.db.one<{ due_at: Date }>(
      'SELECT min(due_at) AS due_at FROM delivery_queue WHERE message_id = $1',
      [messageId],
    );
    const now = new Date();
    const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(new Date(due.due_at).getTime()).toBeGreaterThanOrEqual(tomorrow);
    const counted = await env.t.deps.db.one<{ sent: number }>(
      "SELECT sent FROM ip_send_counts c JOIN sending_ips i ON i.id = c.ip_id WHERE i.ip = '127.0.0.7' AND provider = 'gmail'",
    );
    expect(counted.sent).toBe(1);
  });
});

describe('issue 16: a pool IP the machine does not have', () => {
  it('is a soft bounce that says so, without putting the destination in backoff', async () => {
    const domain = await env.addDomain('misconfigured.test');
    await poolFor(domain, 'Not here', [{ ip: '192.0.2.123' }]);
    env.routeToSink('innocent-dest.test');
    const { messageId } = await send(domain, ['x@innocent-dest.test']);
    const reply = async () =>
      (
        await env.t.deps.db.query<{ state: string; last_reply: string | null }>(
          'SELECT state, last_reply FROM message_recipients WHERE message_id = $1',
          [messageId],
        )
      )[0];
    await expect
      .poll(async () => (await reply())?.last_reply ?? '', { timeout: 20_000 })
      .toContain('The sending IP 192.0.2.123 is not an address of this machine');
    expect((await reply())?.state).toBe('queued');
    const backoff = await env.t.deps.db.query(
      "SELECT 1 FROM destination_backoff WHERE destination = 'innocent-dest.test'",
    );
    expect(backoff).toHaveLength(0);
  });
});
