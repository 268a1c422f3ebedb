import type { ErrorBody, MigrationDomainList, MigrationStatus } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../../test/provider-fakes/fake-http.ts';
import {
  POSTMARK_ACCOUNT_TOKEN,
  POSTMARK_DEFAULTS,
  startPostmarkFake,
} from '../../test/provider-fakes/postmark-fake.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { runMigrationsOnce } from './migration.runner.ts';
import { countImported, FAST_HTTP, runUntilIdle } from './testing.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let fake: FakeServer;
beforeAll(async () => {
  fake = await startPostmarkFake();
});
afterAll(() => fake.close());

const t = useTestApp(() => ({
  migrationApis: { mailgunUs: fake.url, mailgunEu: fake.url, sendgrid: fake.url, postmark: fake.url },
}));
const { tenant } = useTenants(t);
const D = POSTMARK_DEFAULTS;
const METHODS = ['domain', 'suppressions', 'templates', 'webhooks', 'routes'];

const listDomains = (token = POSTMARK_ACCOUNT_TOKEN) =>
  t.request<MigrationDomainList>('POST', '/api/migration/domains', {
    token: tenant.admin.token,
    body: { integration: 'postmark', api_token: token },
  });
const status = async (id: number) =>
  (await t.request<MigrationStatus>('GET', `/api/migration/status/${id}`, { token: tenant.admin.token })).body
    .data as MigrationStatus;
/** How many of n rows, numbered from 0, fall on each third (Postmark's fake cycles the three reasons). */
const third = (n: number, k: number) => Math.floor((n - k + 2) / 3);

describe('migration from Postmark against its fake (issue 18, S1-004, S3-057, S3-059, S7-075, S7-076, S5-016)', () => {
  it('lists the domains with the account token; a wrong token is a 402 with ErrorCode 10 message', async () => {
    const bad = await listDomains('nope');
    expect(bad.status).toBe(402);
    expect((bad.body as ErrorBody).errors?.[0]?.message).toContain('valid Account token');
    const good = await listDomains();
    expect(good.body.data?.items.map((d) => d.name)).toEqual(D.domains);
  });

  it("migrates every stream's suppressions, templates (not layouts), webhooks and the inbound hook; resumes without duplicates", async () => {
    fake.fail(429, { match: /\/templates\?/, after: 0, times: 2 });
    fake.fail(500, { match: /\/webhooks/, after: 0, times: 1 });
    const id = (await listDomains()).body.data?.id as number;
    const started = await t.request<MigrationStatus>('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: { from_domain: 'example.com', target_domain: 'example.com', methods: METHODS },
    });
    expect(started.status).toBe(200);
    const did = started.body.data?.target_domain_id as number;
    const stop = new AbortController();
    let calls = 0;
    fake.onRequest = () => {
      if (++calls === 5) stop.abort();
    };
    await runMigrationsOnce(t.deps, { signal: stop.signal, leaseSeconds: 1, http: FAST_HTTP });
    fake.onRequest = undefined;
    const half = await countImported(t.deps.db, did);
    expect(half.bounce + half.complaint + half.unsubscribe).toBe(1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runUntilIdle(t.deps, { http: FAST_HTTP });
    const done = await status(id);
    expect(done.status).toBe('done');
    expect(done.steps.every((s) => s.state === 'done')).toBe(true);
    const [outbound, broadcast] = D.suppressions;
    expect(await countImported(t.deps.db, did)).toMatchObject({
      bounce: third(outbound, 0) + third(broadcast, 0),
      complaint: third(outbound, 1) + third(broadcast, 1),
      unsubscribe: third(outbound, 2) + third(broadcast, 2),
      templates: D.templates - D.layouts,
      versions: D.templates - D.layouts,
      webhooks: 3,
      routes: 1,
    });
    // HTTP Basic credentials ride in the (sealed) webhook URL; the provider's DKIM record is in the report.
    const hook = await t.request<{ items: { url: string }[] }>('GET', `/api/domains/${did}/webhooks`, {
      token: tenant.admin.token,
    });
    expect(hook.body.data?.items.map((h) => h.url)).toContain('https://hook:****@hooks.example.net/pm');
    expect(done.report.provider_dns).toContainEqual(
      expect.objectContaining({ host: '20240101._domainkey.example.com' }),
    );
    expect(done.report.not_migrated).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'templates', item: 'Layout Basic layout 0' })]),
    );
  });
});
