import { beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeTenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp();
let superToken: string;
beforeAll(async () => {
  superToken = await t.login('admin', ADMIN_PASSWORD);
});

type CustomerBody = { cid: number; customer: string; partner: boolean; contract_signed_at: string | null };
type List = { items: CustomerBody[]; total_count: number };

describe('customers (S7-014 … S7-019)', () => {
  it('S3-004 lists customers sorted by name ascending, paged and searchable', async () => {
    for (const name of ['Zeta Mail', 'alpha Sends', 'Beta Post']) await makeCustomer(t.deps.db, { name });
    const page = await t.request<List>('GET', '/api/customers?limit=2&skip=0&sort=customer&order=asc', {
      token: superToken,
    });
    expect(page.status).toBe(200);
    expect(page.body.data?.items.map((c) => c.customer)).toEqual(['alpha Sends', 'Beta Post']);
    expect(page.body.data?.total_count).toBe(4); // three plus the operators' own customer
    const all = await t.request<List>('GET', '/api/customers?limit=0', { token: superToken });
    expect(all.body.data?.items).toHaveLength(4);
    const found = await t.request<List>('GET', '/api/customers?search=zeta', { token: superToken });
    expect(found.body.data?.items.map((c) => c.customer)).toEqual(['Zeta Mail']);
    const desc = await t.request<List>('GET', '/api/customers?order=desc&limit=1', { token: superToken });
    expect(desc.body.data?.items[0]?.customer).toBe('Zeta Mail');
    expect((await t.request('GET', '/api/customers?limit=-1', { token: superToken })).status).toBe(400);
    expect((await t.request('GET', '/api/customers?sort=password', { token: superToken })).status).toBe(400);
  });

  it('creates, reads, updates (partner flag) and signs the contract', async () => {
    const created = await t.request<CustomerBody>('POST', '/api/customers', {
      token: superToken,
      body: { customer: 'Gamma Letters', partner: false },
    });
    expect(created.status).toBe(200);
    const cid = created.body.data?.cid as number;
    const updated = await t.request<CustomerBody>('PUT', `/api/customers/${cid}`, {
      token: superToken,
      body: { customer: 'Gamma Letters Ltd', partner: true },
    });
    expect(updated.body.data).toMatchObject({ cid, customer: 'Gamma Letters Ltd', partner: true });
    const read = await t.request<CustomerBody>('GET', `/api/customers/${cid}`, { token: superToken });
    expect(read.body.data?.customer).toBe('Gamma Letters Ltd');
    const signed = await t.request<CustomerBody>('POST', `/api/customers/contract/${cid}`, { token: superToken });
    expect(signed.body.data?.contract_signed_at).toBeTruthy();
    const bad = await t.request('POST', '/api/customers', { token: superToken, body: { customer: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('customer');
  });

  it('S4-030 S4-031 deletes in two steps and answers Customer not found! afterwards', async () => {
    const tenant = await makeTenant(t);
    const first = await t.request<{ confirm: string }>('DELETE', `/api/customers/${tenant.cid}`, {
      token: superToken,
      body: {},
    });
    expect(first.status).toBe(200);
    const confirm = first.body.data?.confirm as string;
    expect(confirm).toMatch(/^[0-9a-f]{8}$/);
    expect((await t.request('GET', `/api/customers/${tenant.cid}`, { token: superToken })).status).toBe(200);
    const wrong = await t.request('DELETE', `/api/customers/${tenant.cid}`, {
      token: superToken,
      body: { confirm: 'nope' },
    });
    expect(wrong.status).toBe(400);
    const second = await t.request('DELETE', `/api/customers/${tenant.cid}`, { token: superToken, body: { confirm } });
    expect(second.status).toBe(200);
    const gone = await t.request('GET', `/api/customers/${tenant.cid}`, { token: superToken });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Customer not found!');
    expect((await t.request('GET', '/api/login', { token: tenant.admin.token })).status).toBe(401);
  });

  it('refuses to delete the operator customer itself', async () => {
    const me = await t.request<{ session: { cid: number } }>('GET', '/api/login', { token: superToken });
    const res = await t.request('DELETE', `/api/customers/${me.body.data?.session.cid}`, {
      token: superToken,
      body: {},
    });
    expect(res.status).toBe(409);
  });

  it('S6-011 is superadmin only: 401 without a token, 403 for admin and user', async () => {
    const tenant = await makeTenant(t);
    for (const [method, url] of [
      ['GET', '/api/customers'],
      ['POST', '/api/customers'],
      ['GET', `/api/customers/${tenant.cid}`],
      ['PUT', `/api/customers/${tenant.cid}`],
      ['DELETE', `/api/customers/${tenant.cid}`],
      ['POST', `/api/customers/contract/${tenant.cid}`],
    ] as const) {
      expect((await t.request(method, url, { body: {} })).status, `${method} ${url}`).toBe(401);
      expect((await t.request(method, url, { token: tenant.admin.token, body: {} })).status).toBe(403);
      expect((await t.request(method, url, { token: tenant.user.token, body: {} })).status).toBe(403);
    }
    expect((await t.request('GET', '/api/customers/987654', { token: superToken })).status).toBe(404);
    expect((await t.request('PUT', '/api/customers/abc', { token: superToken, body: {} })).status).toBe(400);
  });
});

describe('unknown API paths', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });
});
