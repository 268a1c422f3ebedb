import type { ErrorBody, Migration, MigrationDomainList, MigrationStatus } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTenant } from '../../test/factories.ts';
import type { FakeServer } from '../../test/provider-fakes/fake-http.ts';
import { MAILGUN_KEY, startMailgunFake } from '../../test/provider-fakes/mailgun-fake.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let fake: FakeServer;
beforeAll(async () => {
  fake = await startMailgunFake({ bounces: 10, unsubscribes: 0, complaints: 0, whitelists: 0, templates: 1 });
});
afterAll(() => fake.close());

const t = useTestApp(() => ({
  migrationApis: { mailgunUs: fake.url, mailgunEu: fake.url, sendgrid: fake.url, postmark: fake.url },
}));
const { tenant, other } = useTenants(t);
const credentials = { integration: 'mailgun', instance: 'us', api_token: MAILGUN_KEY };

async function draft(token = tenant.admin.token) {
  const res = await t.request<MigrationDomainList>('POST', '/api/migration/domains', { token, body: credentials });
  expect(res.status).toBe(200);
  return res.body.data?.id as number;
}

describe('migration routes (S7-073, S7-074, S7-075, S7-076, S3-059, S5-016)', () => {
  it('starts, lists, reads and cancels a migration as the customer admin; the key is dropped on cancel', async () => {
    const id = await draft();
    const started = await t.request<MigrationStatus>('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: { from_domain: 'example.com', target_domain: 'routes-test.example', methods: ['suppressions', 'webhooks'] },
    });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'running', methods: ['suppressions', 'webhooks'] });
    expect(started.body.data?.steps.map((s) => s.state)).toEqual(['pending', 'pending']);
    const again = await t.request('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: { from_domain: 'example.com', target_domain: 'routes-test.example', methods: ['webhooks'] },
    });
    expect(again.status).toBe(409);
    const list = await t.request<{ items: Migration[] }>('GET', '/api/migration', { token: tenant.admin.token });
    expect(list.body.data?.items.map((m) => m.id)).toContain(id);
    const cancelled = await t.request<MigrationStatus>('DELETE', `/api/migration/${id}`, { token: tenant.admin.token });
    expect(cancelled.body.data?.status).toBe('cancelled');
    const row = await t.deps.db.one<{ credentials: string | null }>(
      'SELECT credentials FROM migrations WHERE id = $1',
      [id],
    );
    expect(row.credentials).toBeNull();
    expect((await t.request('DELETE', `/api/migration/${id}`, { token: tenant.admin.token })).status).toBe(409);
  });

  it('answers 401 without a session and 403 to a customer user', async () => {
    expect((await t.request('GET', '/api/migration')).status).toBe(401);
    expect((await t.request('POST', '/api/migration/domains', { body: credentials })).status).toBe(401);
    const asUser = await t.request('POST', '/api/migration/domains', { token: tenant.user.token, body: credentials });
    expect(asUser.status).toBe(403);
    expect((await t.request('GET', '/api/migration', { token: tenant.user.token })).status).toBe(403);
  });

  it("answers 404 for another customer's migration and never shows it", async () => {
    const id = await draft();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { from_domain: 'example.com', target_domain: 'x.example', methods: ['domain'] }],
      ['DELETE', undefined],
    ] as const) {
      const path = method === 'GET' ? `/api/migration/status/${id}` : `/api/migration/${id}`;
      const res = await t.request(method, path, { token: other.admin.token, ...(body ? { body } : {}) });
      expect(res.status).toBe(404);
    }
    const list = await t.request<{ items: Migration[] }>('GET', '/api/migration', { token: other.admin.token });
    expect(list.body.data?.items.map((m) => m.id)).not.toContain(id);
  });

  it('refuses bad input with field errors: provider, key, domains, methods, a client that is not ours', async () => {
    const bad = await t.request<ErrorBody>('POST', '/api/migration/domains', {
      token: tenant.admin.token,
      body: { integration: 'mandrill', api_token: 'has space' },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorBody).errors?.map((e) => e.field).sort()).toEqual(['api_token', 'integration']);
    const id = await draft();
    const noMethods = await t.request<ErrorBody>('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: { from_domain: 'example.com', target_domain: 'not a domain', methods: [] },
    });
    expect(noMethods.status).toBe(400);
    expect((noMethods.body as ErrorBody).errors?.map((e) => e.field).sort()).toEqual(['methods', 'target_domain']);
    const stranger = await makeTenant(t);
    const notOurs = await t.request<ErrorBody>('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: {
        from_domain: 'example.com',
        target_domain: 'client.example',
        subaccount: stranger.cid,
        methods: ['domain'],
      },
    });
    expect(notOurs.status).toBe(400);
    expect((notOurs.body as ErrorBody).errors?.[0]?.field).toBe('subaccount');
    // A domain another customer has is refused on the form, not taken over.
    await t.request('POST', '/api/domains', { token: other.admin.token, body: { name: 'taken.example' } });
    const taken = await t.request<ErrorBody>('PUT', `/api/migration/${id}`, {
      token: tenant.admin.token,
      body: { from_domain: 'example.com', target_domain: 'taken.example', methods: ['domain'] },
    });
    expect(taken.status).toBe(409);
    expect((taken.body as ErrorBody).errors?.[0]?.field).toBe('target_domain');
  });
});
