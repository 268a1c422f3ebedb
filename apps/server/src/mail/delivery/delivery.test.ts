import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LIST, createPattern, deletePattern } from '../../features/patterns/patterns.service.ts';
import { composeMessage } from '../message/compose.ts';
import { type MailEnv, startMailEnv } from '../testing/mail-env.ts';

let env: MailEnv;

beforeAll(async () => {
  env = await startMailEnv({ retryScheduleSeconds: [1], retryExpiryHours: 72 });
});
afterAll(async () => {
  await env?.close();
});

async function send(to: string[], options: { testmode?: boolean; subject?: string } = {}) {
  const raw = await composeMessage({
    from: { address: 'app@acme.test' },
    to: to.map((address) => ({ address })),
    cc: [],
    bcc: [],
    subject: options.subject ?? 'Delivery test',
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
    recipients: to,
    testmode: options.testmode ?? false,
  });
}

const eventsOf = async (recipient: string) =>
  (
    await env.t.deps.db.query<{ event: string; category: string | null; reply: string | null }>(
      'SELECT event, category, reply FROM events WHERE recipient = $1 ORDER BY id',
      [recipient],
    )
  ).map((e) => e.event);

const queueRows = async (messageId: number) =>
  (
    await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM delivery_queue WHERE message_id = $1', [
      messageId,
    ])
  ).n;

describe('delivery', () => {
  it('a 451 then 250 gives softbounce then delivered, with both attempts recorded', async () => {
    env.sink.script('later@dest.test', ['451 4.2.0 Mailbox busy, try later']);
    const { messageId } = await send(['later@dest.test']);
    await expect
      .poll(() => eventsOf('later@dest.test'), { timeout: 15_000 })
      .toEqual(['accepted', 'softbounce', 'delivered']);
    const attempts = await env.t.deps.db.query<{ reply_code: number; reply_text: string; mx_host: string }>(
      'SELECT reply_code, reply_text, mx_host FROM delivery_attempts WHERE message_id = $1 ORDER BY id',
      [messageId],
    );
    expect(attempts.map((a) => a.reply_code)).toEqual([451, 250]);
    expect(attempts[0]?.reply_text).toContain('Mailbox busy');
    expect(attempts[0]?.mx_host).toBe('mx.dest.test');
    expect(env.sink.receivedBy('later@dest.test')).toHaveLength(1);
    expect(await queueRows(messageId)).toBe(0);
    const recipient = await env.t.deps.db.one<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM message_recipients WHERE message_id = $1',
      [messageId],
    );
    expect(recipient).toEqual({ state: 'delivered', attempts: 2 });
  });

  it('a 550 gives a hardbounce with a bounce category, and no retry', async () => {
    env.sink.script('gone@dest.test', ['550 5.1.1 No such user here']);
    const { messageId } = await send(['gone@dest.test']);
    await expect.poll(() => eventsOf('gone@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
    const event = await env.t.deps.db.one<{ category: string; reply: string }>(
      "SELECT category, reply FROM events WHERE recipient = 'gone@dest.test' AND event = 'hardbounce'",
    );
    expect(event.category).toBe('bad-mailbox');
    expect(event.reply).toContain('550 5.1.1');
    expect(await queueRows(messageId)).toBe(0);
    expect(env.sink.attempts('gone@dest.test')).toBe(1);
  });

  it('S7-107 a "user unknown" without x.1.x is bad-mailbox at RCPT TO, a filter after DATA', async () => {
    env.sink.script('unknown-rcpt@dest.test', ['550 Unknown user unknown-rcpt@dest.test']);
    env.sink.script('unknown-data@dest.test', ['550 Unknown user unknown-data@dest.test'], 'data');
    await send(['unknown-rcpt@dest.test']);
    await send(['unknown-data@dest.test']);
    for (const [recipient, category] of [
      ['unknown-rcpt@dest.test', 'bad-mailbox'],
      ['unknown-data@dest.test', 'policy-related'],
    ] as const) {
      await expect.poll(() => eventsOf(recipient), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
      const event = await env.t.deps.db.one<{ category: string }>(
        "SELECT category FROM events WHERE recipient = $1 AND event = 'hardbounce'",
        [recipient],
      );
      expect(event.category).toBe(category);
    }
  });

  it("S7-107 the operators' bounce-category patterns decide the category of a refusal", async () => {
    const rule = await createPattern(env.t.deps.db, CATEGORY_LIST, {
      // Finnish for "mailbox full": words no default rule knows.
      pattern: 'postilaatikko taynna',
      category: 'quota-issues',
      hard: false,
      note: 'Finnish mailbox full',
      position: 1,
      enabled: true,
    });
    try {
      env.sink.script('pieno@dest.test', ['550 Postilaatikko taynna']);
      await send(['pieno@dest.test']);
      await expect.poll(() => eventsOf('pieno@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
      const event = await env.t.deps.db.one<{ category: string }>(
        "SELECT category FROM events WHERE recipient = 'pieno@dest.test' AND event = 'hardbounce'",
      );
      expect(event.category).toBe('quota-issues');
    } finally {
      await deletePattern(env.t.deps.db, CATEGORY_LIST, rule.spcid);
    }
  });

  it('a 5xx after DATA is a hardbounce too', async () => {
    env.sink.script('spam@dest.test', ['554 5.7.1 Message rejected as spam'], 'data');
    await send(['spam@dest.test']);
    await expect.poll(() => eventsOf('spam@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
  });

  it('delivers to each recipient separately, with partial failures per recipient', async () => {
    env.sink.script('two-b@dest.test', ['550 5.1.1 Unknown user']);
    env.routeToSink('other.test');
    await send(['two-a@dest.test', 'two-b@dest.test', 'two-c@other.test']);
    await expect.poll(() => eventsOf('two-a@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
    await expect.poll(() => eventsOf('two-b@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'hardbounce']);
    await expect.poll(() => eventsOf('two-c@other.test'), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
    // One copy per recipient, each with its own VERP return path.
    const froms = ['two-a@dest.test', 'two-c@other.test'].map((r) => env.sink.receivedBy(r)[0]?.mailFrom);
    expect(new Set(froms).size).toBe(2);
  });

  it('falls back to the A record when a domain has no MX (RFC 5321 5.1)', async () => {
    env.dns.set('nomx.test', 'A', ['127.0.0.1']);
    env.dns.set('nomx.test', 'TXT', ['v=spf1 -all']); // the name exists, it just has no MX
    await send(['someone@nomx.test']);
    await expect.poll(() => eventsOf('someone@nomx.test'), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
  });

  it('a domain that does not exist is a hardbounce (bad-domain) without any connection', async () => {
    await send(['nobody@does-not-exist.test']);
    await expect
      .poll(() => eventsOf('nobody@does-not-exist.test'), { timeout: 15_000 })
      .toEqual(['accepted', 'hardbounce']);
    const event = await env.t.deps.db.one<{ category: string }>(
      "SELECT category FROM events WHERE recipient = 'nobody@does-not-exist.test' AND event = 'hardbounce'",
    );
    expect(event.category).toBe('bad-domain');
  });

  it('an unreachable MX is a softbounce (unreachable-mx) that is retried', async () => {
    env.dns.set('down.test', 'MX', [{ exchange: 'mx.down.test', priority: 10 }]);
    env.dns.set('mx.down.test', 'A', ['127.0.0.2']); // nothing listens there
    const { messageId } = await send(['x@down.test']);
    await expect.poll(() => eventsOf('x@down.test'), { timeout: 15_000 }).toContain('softbounce');
    const event = await env.t.deps.db.one<{ category: string }>(
      "SELECT category FROM events WHERE recipient = 'x@down.test' AND event = 'softbounce' LIMIT 1",
    );
    expect(event.category).toBe('unreachable-mx');
    expect(await queueRows(messageId)).toBe(1);
  });

  it('gives up at the expiry: the last temporary failure becomes a hardbounce (message-expired)', async () => {
    env.sink.script('stuck@dest.test', ['451 4.2.0 Busy', '451 4.2.0 Busy', '451 4.2.0 Busy', '451 4.2.0 Busy']);
    const { messageId } = await send(['stuck@dest.test']);
    // Expire the queue row now, as if three days had passed (the first attempt may already have soft-bounced).
    await env.t.deps.db.query('UPDATE delivery_queue SET expires_at = now() WHERE message_id = $1', [messageId]);
    await expect.poll(async () => (await eventsOf('stuck@dest.test')).at(-1), { timeout: 15_000 }).toBe('hardbounce');
    expect(await eventsOf('stuck@dest.test')).not.toContain('delivered');
    const event = await env.t.deps.db.one<{ category: string; reply: string }>(
      "SELECT category, reply FROM events WHERE recipient = 'stuck@dest.test' AND event = 'hardbounce'",
    );
    expect(event.category).toBe('message-expired');
    expect(event.reply).toContain('451 4.2.0 Busy');
    expect(await queueRows(messageId)).toBe(0);
  });

  it('test mode accepts and records delivered without sending', async () => {
    await send(['test-mode@dest.test'], { testmode: true });
    await expect.poll(() => eventsOf('test-mode@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
    expect(env.sink.receivedBy('test-mode@dest.test')).toHaveLength(0);
  });

  it('drops a suppressed recipient with a rejected event and delivers the others', async () => {
    await env.t.deps.db.query(
      "INSERT INTO suppressions (customer_id, domain_id, recipient, type) VALUES ($1, $2, 'blocked@dest.test', 'bounce')",
      [env.tenant.cid, env.domain.id],
    );
    await send(['blocked@dest.test', 'fine@dest.test']);
    await expect.poll(() => eventsOf('fine@dest.test'), { timeout: 15_000 }).toEqual(['accepted', 'delivered']);
    expect(await eventsOf('blocked@dest.test')).toEqual(['rejected']);
    expect(env.sink.receivedBy('blocked@dest.test')).toHaveLength(0);
  });

  it('reuses connections: many messages to one MX need far fewer connections', async () => {
    const before = { messages: env.sink.messages.length, connections: env.sink.connections() };
    await Promise.all(Array.from({ length: 40 }, (_, i) => send([`bulk${i}@dest.test`])));
    await env.sink.waitFor(before.messages + 40);
    // At most DELIVERY_CONCURRENCY (10) connections to one host, each carrying several messages.
    expect(env.sink.connections() - before.connections).toBeLessThanOrEqual(10);
  });

  it('fails closed: when the suppression check cannot run, nothing is accepted', async () => {
    const count = async () => (await env.t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;
    const before = await count();
    await env.t.deps.db.query('ALTER TABLE suppressions RENAME TO suppressions_away');
    try {
      await expect(send(['closed@dest.test'])).rejects.toMatchObject({ smtpCode: 451, httpStatus: 503 });
    } finally {
      await env.t.deps.db.query('ALTER TABLE suppressions_away RENAME TO suppressions');
    }
    expect(await count()).toBe(before);
  });
});
