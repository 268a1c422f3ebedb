import type { SeedMailbox, SeedTestDetail } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { type Dovecot, startDovecot } from '../../test/dovecot.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { findSeedMailbox, updateSeedMailbox } from './seed-mailboxes.repo.ts';
import { runSeedChecks } from './seed-runner.job.ts';

// Seed tests against a real IMAP server (issue 16): Debian's Dovecot with a Sieve rule, started on loopback. Three seed
// providers: one files everything in the inbox, a strict one files subjects with "offer" into Junk, and one whose mail
// the relay (the providers' MX) drops, so the test sees inbox, spam and missing.
let dovecot: Dovecot;
let env: MailEnv;
let operator: string;

const SEEDS = [
  { provider: 'Inboxly', user: 'inboxly', domain: 'inboxly.seed.test' },
  { provider: 'Strictmail', user: 'strict', domain: 'strictmail.seed.test' },
  { provider: 'Blackhole', user: 'gone', domain: 'blackhole.seed.test' },
];

beforeAll(async () => {
  dovecot = await startDovecot({
    users: [
      { name: 'inboxly', password: 'inbox-pass-1' },
      { name: 'strict', password: 'strict-pass-2', strict: true },
      { name: 'gone', password: 'gone-pass-3', drop: true },
    ],
  });
  env = await startMailEnv({
    outboundSmtpPort: dovecot.relayPort,
    seedAllowPrivate: true,
    seedTestTimeoutSeconds: 8,
    seedPollSeconds: 1,
  });
  for (const seed of SEEDS) env.routeToSink(seed.domain);
  dovecot.checkAuthentication(env.dns.servers);
  operator = await env.t.login('admin', ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await env?.close();
  await dovecot?.stop();
}, 60_000);

const addSeed = (body: Record<string, unknown>) =>
  env.t.request<SeedMailbox>('POST', '/api/system/seed-mailboxes', { token: operator, body });

const seedBody = (seed: (typeof SEEDS)[number], password: string) => ({
  provider: seed.provider,
  address: `${seed.user}@${seed.domain}`,
  imap_host: '127.0.0.1',
  imap_port: dovecot.imapPort,
  tls: 'none',
  username: seed.user,
  password,
});

async function settled(did: number, id: number, token: string): Promise<SeedTestDetail> {
  const until = Date.now() + 30_000;
  for (;;) {
    await runSeedChecks(env.t.deps);
    const res = await env.t.request<SeedTestDetail>('GET', `/api/domains/${did}/seedtests/${id}`, { token });
    if (res.body.data?.status === 'finished') return res.body.data;
    if (Date.now() > until) throw new Error(`seed test ${id} still running: ${JSON.stringify(res.body.data)}`);
    await new Promise((ok) => setTimeout(ok, 500));
  }
}

describe('seed list: a mailbox is saved only when its IMAP login works (issue 16, bad input)', () => {
  it('a wrong password is refused at save with a 400 on the password field, and nothing is stored', async () => {
    const res = await addSeed(seedBody(SEEDS[0] as (typeof SEEDS)[number], 'wrong-password'));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('password');
    expect(res.body.errors?.[0]?.message).toMatch(/IMAP login failed/);
    expect((await env.t.deps.db.query('SELECT id FROM seed_mailboxes')).length).toBe(0);
  });

  it('a host with nothing listening is refused on imap_host', async () => {
    const res = await addSeed({ ...seedBody(SEEDS[0] as (typeof SEEDS)[number], 'inbox-pass-1'), imap_port: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('imap_host');
  });

  it('working details are saved; the password is stored sealed and never answered', async () => {
    const passwords = ['inbox-pass-1', 'strict-pass-2', 'gone-pass-3'];
    for (const [i, seed] of SEEDS.entries()) {
      const res = await addSeed(seedBody(seed, passwords[i] as string));
      expect(res.status, res.body.message).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(passwords[i]);
    }
    const stored = await env.t.deps.db.query<{ password: string }>('SELECT password FROM seed_mailboxes');
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row.password).toMatch(/^enc:v1:/);
  });

  it('changing the password to a wrong one is refused and the stored one kept', async () => {
    const list = await env.t.request<{ items: SeedMailbox[] }>('GET', '/api/system/seed-mailboxes', {
      token: operator,
    });
    const first = list.body.data?.items.find((m) => m.username === 'inboxly') as SeedMailbox;
    const res = await env.t.request('PUT', `/api/system/seed-mailboxes/${first.id}`, {
      token: operator,
      body: { password: 'not-it' },
    });
    expect(res.status).toBe(400);
    const renamed = await env.t.request<SeedMailbox>('PUT', `/api/system/seed-mailboxes/${first.id}`, {
      token: operator,
      body: { provider: 'Inboxly Mail' },
    });
    expect(renamed.body.data?.provider).toBe('Inboxly Mail');
  });
});

describe('S7-052 a seed test reads real mailboxes: inbox, junk and missing all seen', () => {
  it('sends one message per seed through the pipeline and reports each placement with its headers', async () => {
    const { domain, tenant } = env;
    const token = tenant.user.token;
    const started = await env.t.request<SeedTestDetail>('POST', `/api/domains/${domain.id}/seedtests`, {
      token,
      body: { subject: 'A special offer for you', text: 'Hello from the seed test', from: `news@${domain.name}` },
    });
    expect(started.status, started.body.message).toBe(200);
    const test = started.body.data as SeedTestDetail;
    expect(test.status).toBe('running');
    expect(test.placements.map((p) => p.placement)).toEqual(['pending', 'pending', 'pending']);

    const done = await settled(domain.id, test.id, token);
    const by = Object.fromEntries(done.placements.map((p) => [p.provider, p]));
    expect(by['Inboxly Mail']?.placement).toBe('inbox');
    expect(by['Inboxly Mail']?.folder).toBe('INBOX');
    expect(by.Strictmail?.placement).toBe('spam');
    expect(by.Strictmail?.folder).toBe('Junk');
    expect(by.Blackhole?.placement).toBe('missing');
    expect(done.counts).toMatchObject({ inbox: 1, spam: 1, missing: 1, pending: 0 });
    // The headers are the delivered message's: DKIM-signed by the pipeline, with the test's token.
    expect(by.Strictmail?.headers).toMatch(/^DKIM-Signature:/im);
    expect(by.Strictmail?.headers).toMatch(/X-Mailwright-Seed: \w+/i);
    expect(by['Inboxly Mail']?.found_after_seconds).toBeGreaterThanOrEqual(0);
    // What the receiver wrote: its authserv-id and the DKIM verdict on the pipeline's signature.
    expect(by['Inboxly Mail']?.authentication_results).toMatch(/^mx\.seed\.test;.*dkim=pass/s);
    expect(dovecot.relayed.map((r) => r.outcome).sort()).toEqual(['delivered', 'delivered', 'dropped']);

    // The pipeline's events of seed messages are on the seedtest: channel, without the marker tag.
    const events = await env.t.deps.db.query<{ event: string; channel: string | null; tags: string[] }>(
      `SELECT e.event, e.channel, e.tags FROM events e JOIN seed_placements p ON p.message_id = e.message_id
        WHERE p.seed_test_id = $1`,
      [test.id],
    );
    expect(events.some((e) => e.event === 'delivered')).toBe(true);
    expect(events.every((e) => e.channel === 'seedtest' && !e.tags.includes('mailwright-seedtest'))).toBe(true);
  }, 60_000);

  it('a test re-run sends again and names the test it repeats', async () => {
    const { domain, tenant } = env;
    const token = tenant.admin.token;
    const list = await env.t.request<{ items: { id: number }[] }>('GET', `/api/domains/${domain.id}/seedtests`, {
      token,
    });
    const first = list.body.data?.items[0]?.id as number;
    const rerun = await env.t.request<SeedTestDetail>('POST', `/api/domains/${domain.id}/seedtests/${first}/rerun`, {
      token,
    });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data?.rerun_of).toBe(first);
    const done = await settled(domain.id, rerun.body.data?.id as number, token);
    expect(done.counts).toMatchObject({ inbox: 1, spam: 1, missing: 1 });
    expect(done.subject).toBe('A special offer for you');
  }, 60_000);

  it('a mailbox whose password changed after it was saved is an error with the reason at the deadline, not "missing"', async () => {
    const { domain, tenant } = env;
    const db = env.t.deps.db;
    // As when the provider's password is changed: the stored one no longer logs in (written past the save check).
    const row = await db.one<{ id: number }>("SELECT id FROM seed_mailboxes WHERE username = 'strict'");
    const stored = await findSeedMailbox(db, row.id);
    if (!stored) throw new Error('no strict mailbox');
    await updateSeedMailbox(db, row.id, { ...stored }, 'changed-elsewhere');
    try {
      const started = await env.t.request<SeedTestDetail>('POST', `/api/domains/${domain.id}/seedtests`, {
        token: tenant.admin.token,
        body: { subject: 'Plain news', text: 'Hello again' },
      });
      expect(started.status).toBe(200);
      const done = await settled(domain.id, started.body.data?.id as number, tenant.admin.token);
      const strict = done.placements.find((p) => p.provider === 'Strictmail');
      expect(strict?.placement).toBe('error');
      expect(strict?.error).toMatch(/IMAP login failed/);
      expect(done.counts).toMatchObject({ inbox: 1, missing: 1, error: 1 });
    } finally {
      await updateSeedMailbox(db, row.id, { ...stored }, 'strict-pass-2');
    }
  }, 60_000);
});
