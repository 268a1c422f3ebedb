import type { ErrorBody, MigrationDomainList, MigrationStatus } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../../test/provider-fakes/fake-http.ts';
import { MAILGUN_DEFAULTS, MAILGUN_KEY, startMailgunFake } from '../../test/provider-fakes/mailgun-fake.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { runMigrationsOnce } from './migration.runner.ts';
import { countImported, FAST_HTTP, runUntilIdle } from './testing.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let fake: FakeServer;
beforeAll(async () => {
  fake = await startMailgunFake();
});
afterAll(() => fake.close());

const t = useTestApp(() => ({
  migrationApis: { mailgunUs: fake.url, mailgunEu: fake.url, sendgrid: fake.url, postmark: fake.url },
}));
const { tenant } = useTenants(t);

const D = MAILGUN_DEFAULTS;
const METHODS = ['domain', 'suppressions', 'templates', 'webhooks', 'routes'];

async function listDomains(token = MAILGUN_KEY) {
  return t.request<MigrationDomainList>('POST', '/api/migration/domains', {
    token: tenant.admin.token,
    body: { integration: 'mailgun', instance: 'eu', api_token: token },
  });
}

async function start(target: string) {
  const listed = await listDomains();
  expect(listed.status).toBe(200);
  const id = listed.body.data?.id as number;
  const res = await t.request<MigrationStatus>('PUT', `/api/migration/${id}`, {
    token: tenant.admin.token,
    body: { from_domain: 'example.com', target_domain: target, methods: METHODS },
  });
  expect(res.status).toBe(200);
  return res.body.data as MigrationStatus;
}

const status = async (id: number) =>
  (await t.request<MigrationStatus>('GET', `/api/migration/status/${id}`, { token: tenant.admin.token })).body
    .data as MigrationStatus;

describe('migration from Mailgun against its fake (issue 18, S1-004, S3-057, S3-059, S7-075, S7-076, S5-016)', () => {
  it("lists the provider's domains; a refused key is a 402 with Mailgun's reason on api_token", async () => {
    const bad = await listDomains('key-wrong');
    expect(bad.status).toBe(402);
    expect((bad.body as ErrorBody).errors?.[0]).toMatchObject({ field: 'api_token' });
    expect((bad.body as ErrorBody).errors?.[0]?.message).toContain('Forbidden');
    const good = await listDomains();
    expect(good.status).toBe(200);
    expect(good.body.data?.items.map((d) => d.name)).toEqual(D.domains);
    // The credentials are kept sealed on the draft, never in clear.
    const row = await t.deps.db.one<{ credentials: string }>('SELECT credentials FROM migrations WHERE id = $1', [
      good.body.data?.id,
    ]);
    expect(row.credentials.startsWith('enc:')).toBe(true);
    expect(row.credentials).not.toContain(MAILGUN_KEY);
  });

  it('migrates every kind of data with the right counts, and a runner stopped half-way is resumed without duplicates', async () => {
    const started = await start('example.com');
    expect(started).toMatchObject({ status: 'running', target_domain: 'example.com', from_domain: 'example.com' });
    const did = started.target_domain_id as number;

    // The first runner is stopped (as if killed) after a few provider calls, in the middle of the suppressions.
    const stop = new AbortController();
    let calls = 0;
    fake.onRequest = () => {
      if (++calls === 2) stop.abort();
    };
    expect(await runMigrationsOnce(t.deps, { signal: stop.signal, leaseSeconds: 5, http: FAST_HTTP })).toBe(true);
    fake.onRequest = undefined;
    const half = await status(started.id);
    expect(half.status).toBe('running');
    const partial = await countImported(t.deps.db, did);
    expect(partial.bounce).toBeGreaterThan(0);
    expect(partial.bounce).toBeLessThan(D.bounces);
    // Another runner cannot take it while the first one's lease holds; after it lapses, one does.
    expect(await runMigrationsOnce(t.deps, { http: FAST_HTTP })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    await runUntilIdle(t.deps, { http: FAST_HTTP });

    const done = await status(started.id);
    expect(done.status).toBe('done');
    expect(done.steps.map((s) => [s.method, s.state])).toEqual(METHODS.map((m) => [m, 'done']));
    const suppressions = done.steps.find((s) => s.method === 'suppressions');
    expect(suppressions?.done).toBe(D.bounces + D.unsubscribes + D.complaints + D.whitelists);
    const counts = await countImported(t.deps.db, did);
    expect(counts).toMatchObject({
      bounce: D.bounces,
      unsubscribe: D.unsubscribes,
      complaint: D.complaints,
      allow: D.whitelists,
      templates: D.templates,
      versions: D.templates * D.versionsPerTemplate,
      webhooks: 3,
      routes: 2,
    });
    // Reasons and dates come along; the active version is the provider's active one, Handlebars kept.
    const bounce = await t.deps.db.one<{ reason: string; created_at: Date; source: string }>(
      "SELECT reason, created_at, source FROM suppressions WHERE domain_id = $1 AND recipient = 'b000000@recipients.example.org'",
      [did],
    );
    expect(bounce).toMatchObject({ reason: '550 No such mailbox', source: 'migration' });
    expect(new Date(bounce.created_at).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    const active = await t.deps.db.one<{ tag: string; html: string; subject: string }>(
      `SELECT v.tag, v.html, v.subject FROM template_versions v JOIN templates t ON t.id = v.template_id
        WHERE t.domain_id = $1 AND t.name = 'template-000003' AND v.active`,
      [did],
    );
    expect(active.tag).toBe(`v${D.versionsPerTemplate}`);
    expect(active.html).toContain('{{#if vip}}');
    expect(active.subject).toBe('Subject 3 v2 for {{name}}');
    const hooks = await t.deps.db.query<{ event: string }>(
      'SELECT event FROM webhooks WHERE domain_id = $1 ORDER BY event',
      [did],
    );
    expect(hooks.map((h) => h.event)).toEqual(['delivered', 'hardbounce', 'opened']);
    // The report: DNS to publish beside the provider's records, and what did not come over with the reason.
    expect(done.report.provider_dns.some((r) => r.host === 'pic._domainkey.example.com')).toBe(true);
    expect(done.report.dns.find((r) => r.type === 'TXT' && r.host === 'example.com')?.current).toBe(
      'v=spf1 include:mailgun.org ~all',
    );
    expect(done.report.not_migrated).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'webhooks', reason: 'Only one URL per event here' }),
        expect.objectContaining({ method: 'routes', reason: expect.stringContaining('"and"') }),
      ]),
    );
    // The provider key is gone once the migration ended.
    const row = await t.deps.db.one<{ credentials: string | null }>(
      'SELECT credentials FROM migrations WHERE id = $1',
      [started.id],
    );
    expect(row.credentials).toBeNull();

    // A second migration of the same domain into the same one imports nothing twice.
    await start('example.com');
    await runUntilIdle(t.deps, { http: FAST_HTTP });
    expect(await countImported(t.deps.db, did)).toEqual(counts);
  });

  it('honours a 429 (Retry-After) and retries a 500 in the middle of a list', async () => {
    fake.fail(429, { match: /\/bounces\?page=next/, after: 0, times: 1, retryAfterSeconds: 1 });
    fake.fail(500, { match: /\/complaints/, after: 0, times: 2 });
    const started = await start('retry.example.com');
    const from = fake.requests.length;
    await runUntilIdle(t.deps, { http: FAST_HTTP });
    const done = await status(started.id);
    expect(done.status).toBe('done');
    const counts = await countImported(t.deps.db, started.target_domain_id as number);
    expect(counts).toMatchObject({ bounce: D.bounces, complaint: D.complaints });
    const pages = fake.requests
      .slice(from)
      .filter((r) => r.path.endsWith('/bounces') && r.query.get('page') === 'next');
    // The refused page was asked again, and not before the second Retry-After asked for.
    expect(pages[1]?.query.toString()).toBe(pages[0]?.query.toString());
    expect((pages[1]?.at ?? 0) - (pages[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('fails the migration (and drops the key) when the provider refuses the key half-way', async () => {
    const started = await start('refused.example.com');
    fake.fail(401, { match: /./, times: 1, body: { text: 'Forbidden' } });
    await runUntilIdle(t.deps, { http: FAST_HTTP });
    const done = await status(started.id);
    expect(done.status).toBe('failed');
    expect(done.error).toContain('Forbidden');
  });
});
