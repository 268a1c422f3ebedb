import type { ErrorBody, MigrationDomainList, MigrationStatus } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../../test/provider-fakes/fake-http.ts';
import { SENDGRID_DEFAULTS, SENDGRID_KEY, startSendgridFake } from '../../test/provider-fakes/sendgrid-fake.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { runMigrationsOnce } from './migration.runner.ts';
import { countImported, FAST_HTTP, runUntilIdle } from './testing.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let fake: FakeServer;
beforeAll(async () => {
  fake = await startSendgridFake();
});
afterAll(() => fake.close());

const t = useTestApp(() => ({
  migrationApis: { mailgunUs: fake.url, mailgunEu: fake.url, sendgrid: fake.url, postmark: fake.url },
}));
const { tenant } = useTenants(t);
const D = SENDGRID_DEFAULTS;
const METHODS = ['domain', 'suppressions', 'templates', 'webhooks', 'routes'];

const listDomains = (token = SENDGRID_KEY) =>
  t.request<MigrationDomainList>('POST', '/api/migration/domains', {
    token: tenant.admin.token,
    body: { integration: 'sendgrid', api_token: token },
  });
const status = async (id: number) =>
  (await t.request<MigrationStatus>('GET', `/api/migration/status/${id}`, { token: tenant.admin.token })).body
    .data as MigrationStatus;

describe('migration from SendGrid against its fake (issue 18, S1-004, S3-057, S3-059, S7-075, S7-076, S5-016)', () => {
  it('lists authenticated domains with their records; a refused key is a 402 with the reason', async () => {
    const bad = await listDomains('SG.wrong');
    expect(bad.status).toBe(402);
    expect((bad.body as ErrorBody).errors?.[0]?.message).toContain('invalid, expired, or revoked');
    const good = await listDomains();
    expect(good.body.data?.items.map((d) => d.name)).toEqual(D.domains);
    expect(good.body.data?.items[0]?.records).toContainEqual({
      type: 'CNAME',
      host: 's1._domainkey.example.com',
      value: 's1.domainkey.u7.wl.sendgrid.net',
    });
  });

  it('migrates suppressions, dynamic templates, the event webhook and inbound parse; resumes after a stop without duplicates', async () => {
    fake.fail(429, { match: /\/v3\/suppression\/unsubscribes/, after: 1, times: 1, retryAfterSeconds: 1 });
    fake.fail(500, { match: /\/v3\/templates\/d-/, after: 2, times: 1 });
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
      if (++calls === 2) stop.abort();
    };
    await runMigrationsOnce(t.deps, { signal: stop.signal, leaseSeconds: 1, http: FAST_HTTP });
    fake.onRequest = undefined;
    expect((await countImported(t.deps.db, did)).bounce).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runUntilIdle(t.deps, { http: FAST_HTTP });
    const done = await status(id);
    expect(done.status).toBe('done');
    expect(done.steps.every((s) => s.state === 'done')).toBe(true);
    const counts = await countImported(t.deps.db, did);
    expect(counts).toMatchObject({
      bounce: D.bounces + D.invalid_emails,
      block: D.blocks,
      complaint: D.spam_reports,
      unsubscribe: D.unsubscribes,
      templates: D.templates,
      versions: D.templates * D.versionsPerTemplate,
      webhooks: 5,
      routes: 1,
    });
    const html = await t.deps.db.one<{ html: string; tag: string }>(
      `SELECT v.html, v.tag FROM template_versions v JOIN templates t ON t.id = v.template_id
        WHERE t.domain_id = $1 AND t.name = 'receipt-1' AND v.active`,
      [did],
    );
    expect(html.tag).toBe(`Version-${D.versionsPerTemplate}`);
    expect(html.html).toContain('{{#each items}}');
    expect(done.report.not_migrated).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'webhooks', item: expect.stringContaining('group_unsubscribe') }),
        expect.objectContaining({ method: 'routes', reason: expect.stringContaining('in.other.test') }),
      ]),
    );
    expect(done.report.dns.length).toBeGreaterThan(0);
  });
});
