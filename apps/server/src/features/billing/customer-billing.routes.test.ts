import type { Addon, CustomerBilling, Tier } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { planAt } from '../../mail/policy/billing-plan.ts';
import { makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

type Saved<T> = T & { message: string };

const t = useTestApp();
const { tenant, other } = useTenants(t);
let master: string;
let starter: Tier;
let pro: Tier;
let extra: Addon;

const post = async <T>(url: string, body: unknown) => {
  const res = await t.request<T>('POST', url, { token: master, body });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as T;
};

beforeAll(async () => {
  ({ master } = await makeOperators(t));
  starter = await post<Tier>('/api/billing/tiers', { msg_included: 10000, price: 900, currency: 'EUR' });
  pro = await post<Tier>('/api/billing/tiers', { msg_included: 100000, price: 4900, currency: 'EUR' });
  extra = await post<Addon>('/api/billing/addons', {
    name: 'More mail',
    unit: '10,000 messages',
    kind: 'extra_messages',
    messages_per_unit: 10000,
    price: 500,
    currency: 'EUR',
  });
});

const base = () => `/api/billing/customers/${tenant.cid}`;
const errorFields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

describe("issue 14: a customer's tier, tax and add-ons (operators)", () => {
  it('starts with no tier and no tax; sets the tier now, which the engine-side plan reads too', async () => {
    const empty = await t.request<CustomerBilling>('GET', base(), { token: master });
    expect(empty.body.data).toMatchObject({ cid: tenant.cid, tax_rate_bp: 0, tax_id: '', tier: null, tiers: [] });

    const set = await t.request<Saved<CustomerBilling>>('POST', `${base()}/tier`, {
      token: master,
      body: { btid: starter.btid },
    });
    expect(set.status).toBe(200);
    expect(set.body.data?.tier).toMatchObject({ btid: starter.btid, label: '10000 emails - 9.00 EUR' });
    expect(set.body.data?.message).toBe('Tier set!');
    expect((await planAt(t.deps.db, tenant.cid, new Date()))?.tierId).toBe(starter.btid);
    expect(await planAt(t.deps.db, other.cid, new Date())).toBeNull();
  });

  it('schedules a tier change: the current tier stays until effective_at, the history shows both', async () => {
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const res = await t.request<CustomerBilling>('POST', `${base()}/tier`, {
      token: master,
      body: { btid: pro.btid, effective_at: later },
    });
    expect(res.body.data?.tier?.btid).toBe(starter.btid);
    expect(res.body.data?.tiers.map((x) => x.btid)).toEqual([pro.btid, starter.btid]);
    expect((await planAt(t.deps.db, tenant.cid, new Date(Date.parse(later) + 1000)))?.tierId).toBe(pro.btid);
  });

  it('refuses a retired or unknown tier and a change reaching back before this month, as field errors', async () => {
    const old = await post<Tier>('/api/billing/tiers', { msg_included: 1, price: 1, currency: 'EUR' });
    await t.request('PUT', `/api/billing/tiers/${old.btid}/retired`, { token: master, body: { retired: true } });
    const retired = await t.request('POST', `${base()}/tier`, { token: master, body: { btid: old.btid } });
    expect(retired.status).toBe(400);
    expect(errorFields(retired.body)).toEqual(['btid']);
    const unknown = await t.request('POST', `${base()}/tier`, { token: master, body: { btid: 999999 } });
    expect(errorFields(unknown.body)).toEqual(['btid']);
    const past = await t.request('POST', `${base()}/tier`, {
      token: master,
      body: { btid: starter.btid, effective_at: '2020-01-01T00:00:00Z' },
    });
    expect(errorFields(past.body)).toEqual(['effective_at']);
  });

  it('saves the tax rate in basis points and the tax ID; refuses a negative or over-100% rate', async () => {
    const saved = await t.request<Saved<CustomerBilling>>('PUT', `${base()}/tax`, {
      token: master,
      body: { tax_rate_bp: 2100, tax_id: 'DE123456789' },
    });
    expect(saved.body.data).toMatchObject({ tax_rate_bp: 2100, tax_id: 'DE123456789', message: 'Saved succesfully!' });
    for (const rate of [-1, 10001, 21.5]) {
      const bad = await t.request('PUT', `${base()}/tax`, { token: master, body: { tax_rate_bp: rate } });
      expect(bad.status).toBe(400);
      expect(errorFields(bad.body)).toEqual(['tax_rate_bp']);
    }
  });

  it('adds, edits and removes add-ons with qty, start and end; the plan counts extra messages', async () => {
    const added = await t.request<CustomerBilling>('POST', `${base()}/addons`, {
      token: master,
      body: { baid: extra.baid, qty: 2, start: '2026-01-01' },
    });
    const caid = added.body.data?.addons[0]?.caid as number;
    expect(added.body.data?.addons[0]).toMatchObject({ baid: extra.baid, qty: 2, end: null, name: 'More mail' });
    expect((await planAt(t.deps.db, tenant.cid, new Date()))?.extraMessages).toBe(20000);

    const edited = await t.request<CustomerBilling>('PUT', `${base()}/addons/${caid}`, {
      token: master,
      body: { baid: extra.baid, qty: 3, start: '2026-01-01', end: '2099-01-01' },
    });
    expect(edited.body.data?.addons[0]).toMatchObject({ caid, qty: 3, end: '2099-01-01T00:00:00.000Z' });

    const bad = await t.request('PUT', `${base()}/addons/${caid}`, {
      token: master,
      body: { baid: extra.baid, qty: 0, start: '2026-02-01', end: '2026-01-01' },
    });
    expect(errorFields(bad.body)).toEqual(['end', 'qty']);

    const removed = await t.request<CustomerBilling>('DELETE', `${base()}/addons/${caid}`, { token: master });
    expect(removed.body.data?.addons).toEqual([]);
    expect((await t.request('DELETE', `${base()}/addons/${caid}`, { token: master })).status).toBe(404);
  });

  it("answers 404 for no such customer and for another customer's add-on", async () => {
    const none = await t.request('GET', '/api/billing/customers/999999', { token: master });
    expect(none).toMatchObject({ status: 404, body: { message: 'Customer not found!' } });
    expect(
      (await t.request('PUT', '/api/billing/customers/999999/tax', { token: master, body: { tax_rate_bp: 0 } })).status,
    ).toBe(404);
    const theirs = await t.request<CustomerBilling>('POST', `/api/billing/customers/${other.cid}/addons`, {
      token: master,
      body: { baid: extra.baid, qty: 1, start: '2026-01-01' },
    });
    const caid = theirs.body.data?.addons[0]?.caid as number;
    const body = { baid: extra.baid, qty: 5, start: '2026-01-01' };
    expect((await t.request('PUT', `${base()}/addons/${caid}`, { token: master, body })).status).toBe(404);
    expect((await t.request('DELETE', `${base()}/addons/${caid}`, { token: master })).status).toBe(404);
    const still = await t.request<CustomerBilling>('GET', `/api/billing/customers/${other.cid}`, { token: master });
    expect(still.body.data?.addons[0]?.qty).toBe(1);
  });

  it('S6-012 answers 401 without a session and 403 to a customer admin or user', async () => {
    expect((await t.request('GET', base())).status).toBe(401);
    expect((await t.request('PUT', `${base()}/tax`, { body: { tax_rate_bp: 0 } })).status).toBe(401);
    for (const token of [tenant.admin.token, tenant.user.token]) {
      expect((await t.request('GET', base(), { token })).status).toBe(403);
      expect((await t.request('PUT', `${base()}/tax`, { token, body: { tax_rate_bp: 0 } })).status).toBe(403);
      expect((await t.request('POST', `${base()}/tier`, { token, body: { btid: starter.btid } })).status).toBe(403);
      const addon = { baid: extra.baid, qty: 1, start: '2026-01-01' };
      expect((await t.request('POST', `${base()}/addons`, { token, body: addon })).status).toBe(403);
    }
  });
});
