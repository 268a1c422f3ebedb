import type { BillingItem, BillingItemList } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

type Saved<T> = T & { message: string };

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let master: string;
let mta: string;

beforeAll(async () => {
  ({ master, mta } = await makeOperators(t));
});

const item = () => ({
  cid: tenant.cid,
  did: domain.did,
  description: 'Dedicated onboarding',
  price: 15000,
  currency: 'EUR',
  qty: 2,
  recurring: false,
  start: '2026-03-01',
});
const errorFields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

describe('S7-093 S3-032 S3-033 S8-027 billing items CRUD', () => {
  it('creates, reads, lists (total, table options), updates (same biid) and deletes an item', async () => {
    const created = await t.request<Saved<BillingItem>>('POST', '/api/billing/items', { token: master, body: item() });
    expect(created.status).toBe(200);
    const biid = created.body.data?.biid as number;
    expect(created.body.data).toMatchObject({
      biid,
      cid: tenant.cid,
      did: domain.did,
      domain: domain.name,
      description: 'Dedicated onboarding',
      price: 15000,
      currency: 'EUR',
      qty: 2,
      active: true,
      recurring: false,
      start: '2026-03-01',
      end: null,
      message: 'Billing item saved!',
    });
    const read = await t.request<BillingItem>('GET', `/api/billing/items/${biid}`, { token: mta });
    expect(read.body.data).toMatchObject({ biid, description: 'Dedicated onboarding' });

    await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), did: null, description: 'Support plan', recurring: true, start: '2026-01-01' },
    });
    const list = await t.request<BillingItemList>('GET', `/api/billing/items?cid=${tenant.cid}`, { token: master });
    expect(list.status).toBe(200);
    // Spec 9: no table options given, none answered; newest start first.
    expect(list.body.data).toMatchObject({ total: 2, table_options: {} });
    expect(list.body.data?.items.map((i) => i.description)).toEqual(['Dedicated onboarding', 'Support plan']);
    const sorted = await t.request<BillingItemList>(
      'GET',
      `/api/billing/items?cid=${tenant.cid}&sort=description&order=desc&search=plan`,
      { token: master },
    );
    expect(sorted.body.data).toMatchObject({
      total: 1,
      table_options: { sort: 'description', order: 'desc', search: 'plan' },
    });
    const otherList = await t.request<BillingItemList>('GET', `/api/billing/items?cid=${other.cid}`, { token: master });
    expect(otherList.body.data).toMatchObject({ items: [], total: 0 });

    const updated = await t.request<Saved<BillingItem>>('PUT', `/api/billing/items/${biid}`, {
      token: master,
      body: { ...item(), qty: 3, active: false, end: '2026-03-31' },
    });
    expect(updated.body.data).toMatchObject({ biid, qty: 3, active: false, end: '2026-03-31' });

    const deleted = await t.request('DELETE', `/api/billing/items/${biid}`, { token: master });
    expect(deleted.body).toEqual({ data: { message: 'Billing item deleted!' } });
    const gone = await t.request('GET', `/api/billing/items/${biid}`, { token: master });
    expect(gone).toMatchObject({ status: 404, body: { message: 'BillingItem not found!' } });
    expect((await t.request('DELETE', `/api/billing/items/${biid}`, { token: master })).status).toBe(404);
    expect((await t.request('PUT', `/api/billing/items/${biid}`, { token: master, body: item() })).status).toBe(404);
  });

  it('S6-012 answers 401 without a session and 403 to every role but superadmin', async () => {
    expect((await t.request('GET', `/api/billing/items?cid=${tenant.cid}`)).status).toBe(401);
    expect((await t.request('POST', '/api/billing/items', { body: item() })).status).toBe(401);
    for (const token of [tenant.admin.token, tenant.user.token, other.admin.token]) {
      expect((await t.request('GET', `/api/billing/items?cid=${tenant.cid}`, { token })).status).toBe(403);
      expect((await t.request('POST', '/api/billing/items', { token, body: item() })).status).toBe(403);
      expect((await t.request('GET', '/api/billing/items/1', { token })).status).toBe(403);
      expect((await t.request('PUT', '/api/billing/items/1', { token, body: item() })).status).toBe(403);
      expect((await t.request('DELETE', '/api/billing/items/1', { token })).status).toBe(403);
    }
  });

  it("answers 404 for another customer's domain, an item moved to another customer, and no such customer", async () => {
    const foreignDomain = await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), did: otherDomain.did },
    });
    expect(foreignDomain.status).toBe(404);
    const { body } = await t.request<BillingItem>('POST', '/api/billing/items', { token: master, body: item() });
    const biid = body.data?.biid as number;
    const moved = await t.request('PUT', `/api/billing/items/${biid}`, {
      token: master,
      body: { ...item(), cid: other.cid, did: null },
    });
    expect(moved).toMatchObject({ status: 404, body: { message: 'BillingItem not found!' } });
    expect((await t.request<BillingItem>('GET', `/api/billing/items/${biid}`, { token: master })).body.data?.cid).toBe(
      tenant.cid,
    );
    const noCustomer = await t.request('GET', '/api/billing/items?cid=999999', { token: master });
    expect(noCustomer).toMatchObject({ status: 404, body: { message: 'Customer not found!' } });
    const noCustomerCreate = await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), cid: 999999, did: null },
    });
    expect(noCustomerCreate.status).toBe(404);
  });

  it('S5-015 answers 400 with field errors: negative price, unknown currency, qty 0, end before start', async () => {
    const bad = await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), price: -1, currency: 'QQQ', qty: 0, start: '2026-03-10', end: '2026-03-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Various errors');
    expect(errorFields(bad.body)).toEqual(['currency', 'end', 'price', 'qty']);
    expect(bad.body.errors?.find((e) => e.field === 'end')?.message).toBe('The end cannot be before the start');
    const { body } = await t.request<BillingItem>('POST', '/api/billing/items', { token: master, body: item() });
    const update = await t.request('PUT', `/api/billing/items/${body.data?.biid}`, {
      token: master,
      body: { ...item(), qty: 0, description: '' },
    });
    expect(update.status).toBe(400);
    expect(errorFields(update.body)).toEqual(['description', 'qty']);
    const query = await t.request('GET', '/api/billing/items?cid=abc&sort=nope', { token: master });
    expect(query.status).toBe(400);
  });

  it("S5-015 refuses an item in another currency than the customer's tier as a currency field error", async () => {
    const tier = await t.request<{ btid: number }>('POST', '/api/billing/tiers', {
      token: master,
      body: { msg_included: 1000, price: 100, currency: 'USD' },
    });
    await t.request('POST', `/api/billing/customers/${other.cid}/tier`, {
      token: master,
      body: { btid: tier.body.data?.btid },
    });
    const eur = await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), cid: other.cid, did: null },
    });
    expect(eur.status).toBe(400);
    expect(eur.body.errors).toEqual([{ field: 'currency', message: 'This customer is billed in USD: use USD' }]);
    const usd = await t.request('POST', '/api/billing/items', {
      token: master,
      body: { ...item(), cid: other.cid, did: null, currency: 'USD' },
    });
    expect(usd.status).toBe(200);
  });
});
