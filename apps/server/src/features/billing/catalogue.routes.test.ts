import type { Addon, Tier } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

type List<T> = { items: T[]; total_count: number };
type Saved<T> = T & { message: string };

const t = useTestApp();
let master: string;
let mta: string;
let tenant: Tenant;

beforeAll(async () => {
  ({ master, mta } = await makeOperators(t));
  tenant = await makeTenant(t);
});

const starter = { name: 'Starter', msg_included: 10000, price: 900, currency: 'EUR', overage_per_1000: 80 };
const errorFields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

describe('S7-089 S7-090 S3-030 S8-056 S9-026 billing tiers', () => {
  it('adds a tier as superadmin with the spec text and lists it with btid, msg_included, price and currency', async () => {
    const created = await t.request<Saved<Tier>>('POST', '/api/billing/tiers', { token: master, body: starter });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      ...starter,
      hard_cap: false,
      retired: false,
      message: 'Tier added successfully!',
    });
    const btid = created.body.data?.btid as number;
    // Spec 9: the console fetches tiers with limit 0, which means all of them.
    const list = await t.request<List<Tier>>('GET', '/api/billing/tiers?limit=0', { token: master });
    expect(list.status).toBe(200);
    const row = list.body.data?.items.find((x) => x.btid === btid);
    expect(row).toMatchObject({ btid, msg_included: 10000, price: 900, currency: 'EUR' });
  });

  it('edits a tier (same btid) and retires it: gone from the list, back with superlist for a superadmin only', async () => {
    const { body } = await t.request<Saved<Tier>>('POST', '/api/billing/tiers', {
      token: master,
      body: { ...starter, name: 'Free', price: 0, msg_included: 300, hard_cap: true },
    });
    const btid = body.data?.btid as number;
    const edited = await t.request<Saved<Tier>>('PUT', `/api/billing/tiers/${btid}`, {
      token: mta,
      body: { name: 'Free', msg_included: 500, price: 0, currency: 'usd', hard_cap: true },
    });
    expect(edited.body.data).toMatchObject({ btid, msg_included: 500, currency: 'USD', message: 'Tier saved!' });

    const retired = await t.request<Saved<Tier>>('PUT', `/api/billing/tiers/${btid}/retired`, {
      token: master,
      body: { retired: true },
    });
    expect(retired.body.data).toMatchObject({ btid, retired: true, message: 'Tier retired!' });
    const ids = async (token: string, query = '') =>
      (await t.request<List<Tier>>('GET', `/api/billing/tiers${query}`, { token })).body.data?.items.map((x) => x.btid);
    expect(await ids(master)).not.toContain(btid);
    expect(await ids(master, '?superlist=true')).toContain(btid);
    expect(await ids(tenant.admin.token, '?superlist=true')).not.toContain(btid);

    const restored = await t.request<Saved<Tier>>('PUT', `/api/billing/tiers/${btid}/retired`, {
      token: master,
      body: { retired: false },
    });
    expect(restored.body.data).toMatchObject({ retired: false, retired_at: null, message: 'Tier restored!' });
  });

  it('S1-003 shows current tiers to a customer admin', async () => {
    const list = await t.request<List<Tier>>('GET', '/api/billing/tiers', { token: tenant.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data?.items.length).toBeGreaterThan(0);
    expect(list.body.data?.items.every((x) => !x.retired)).toBe(true);
  });

  it('S6-012 answers 401 without a session and 403 to roles that may not write tiers', async () => {
    expect((await t.request('GET', '/api/billing/tiers')).status).toBe(401);
    expect((await t.request('POST', '/api/billing/tiers', { body: starter })).status).toBe(401);
    expect((await t.request('GET', '/api/billing/tiers', { token: tenant.user.token })).status).toBe(403);
    for (const token of [tenant.admin.token, tenant.user.token]) {
      expect((await t.request('POST', '/api/billing/tiers', { token, body: starter })).status).toBe(403);
      expect((await t.request('PUT', '/api/billing/tiers/1', { token, body: starter })).status).toBe(403);
      expect((await t.request('PUT', '/api/billing/tiers/1/retired', { token, body: { retired: true } })).status).toBe(
        403,
      );
    }
  });

  it('refuses a negative price, an unknown currency and a fractional amount as field errors; 404 for no such tier', async () => {
    const bad = await t.request('POST', '/api/billing/tiers', {
      token: master,
      body: { msg_included: -1, price: -100, currency: 'EURO', overage_per_1000: 1.5 },
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body)).toEqual(['currency', 'msg_included', 'overage_per_1000', 'price']);
    const unknown = await t.request('POST', '/api/billing/tiers', {
      token: master,
      body: { ...starter, currency: 'XYZ' },
    });
    expect(unknown.body.errors).toEqual([
      { field: 'currency', message: 'Unknown currency: use an ISO 4217 code such as EUR or USD' },
    ]);
    const missing = await t.request('PUT', '/api/billing/tiers/999999', { token: master, body: starter });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Tier not found!' } });
    const retireMissing = await t.request('PUT', '/api/billing/tiers/999999/retired', {
      token: master,
      body: { retired: true },
    });
    expect(retireMissing.status).toBe(404);
  });
});

describe('issue 14: billing add-ons', () => {
  const ip = { name: 'Dedicated IP', unit: 'IP', kind: 'dedicated_ip', price: 2500, currency: 'EUR' };

  it('creates, edits, retires and deletes add-ons; one a customer has had can only be retired', async () => {
    const created = await t.request<Saved<Addon>>('POST', '/api/billing/addons', { token: master, body: ip });
    expect(created.body.data).toMatchObject({ ...ip, messages_per_unit: 0, retired: false, message: 'Add-on added!' });
    const baid = created.body.data?.baid as number;
    const edited = await t.request<Saved<Addon>>('PUT', `/api/billing/addons/${baid}`, {
      token: master,
      body: { ...ip, price: 3000, description: 'A sending IP of your own' },
    });
    expect(edited.body.data).toMatchObject({ baid, price: 3000, message: 'Add-on saved!' });

    const list = await t.request<List<Addon>>('GET', '/api/billing/addons', { token: tenant.admin.token });
    expect(list.body.data?.items.map((a) => a.baid)).toContain(baid);

    await t.request('POST', `/api/billing/customers/${tenant.cid}/addons`, {
      token: master,
      body: { baid, qty: 1, start: '2026-01-01' },
    });
    const inUse = await t.request('DELETE', `/api/billing/addons/${baid}`, { token: master });
    expect(inUse).toMatchObject({ status: 409, body: { message: 'This add-on is on a customer: retire it instead' } });
    const retired = await t.request<Saved<Addon>>('PUT', `/api/billing/addons/${baid}/retired`, {
      token: master,
      body: { retired: true },
    });
    expect(retired.body.data).toMatchObject({ retired: true, message: 'Add-on retired!' });
    const after = await t.request<List<Addon>>('GET', '/api/billing/addons?superlist=1', { token: master });
    expect(after.body.data?.items.find((a) => a.baid === baid)?.retired).toBe(true);
    const found = await t.request<List<Addon>>('GET', '/api/billing/addons?superlist=1&search=Your%20OWN', {
      token: master,
    });
    expect(found.body.data).toMatchObject({ total_count: 1, items: [{ baid }] });
    const none = await t.request<List<Addon>>('GET', '/api/billing/addons?search=100%25', { token: master });
    expect(none.body.data?.total_count).toBe(0);

    const spare = await t.request<Saved<Addon>>('POST', '/api/billing/addons', { token: master, body: ip });
    const gone = await t.request('DELETE', `/api/billing/addons/${spare.body.data?.baid}`, { token: master });
    expect(gone).toMatchObject({ status: 200, body: { data: { message: 'Add-on deleted!' } } });
    expect((await t.request('DELETE', `/api/billing/addons/${spare.body.data?.baid}`, { token: master })).status).toBe(
      404,
    );
  });

  it('requires the messages each unit adds on an extra_messages add-on, and refuses bad money', async () => {
    const bad = await t.request('POST', '/api/billing/addons', {
      token: master,
      body: { name: 'More mail', unit: '10,000 messages', kind: 'extra_messages', price: -1, currency: 'ZZZ' },
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body)).toEqual(['currency', 'messages_per_unit', 'price']);
    const noMessages = await t.request('POST', '/api/billing/addons', {
      token: master,
      body: { name: 'More mail', unit: '10,000 messages', kind: 'extra_messages', price: 500, currency: 'EUR' },
    });
    expect(errorFields(noMessages.body)).toEqual(['messages_per_unit']);
  });

  it('answers 401 and 403 as the access rules say', async () => {
    expect((await t.request('GET', '/api/billing/addons')).status).toBe(401);
    expect((await t.request('GET', '/api/billing/addons', { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('POST', '/api/billing/addons', { token: tenant.admin.token, body: ip })).status).toBe(403);
    expect((await t.request('DELETE', '/api/billing/addons/1', { token: tenant.admin.token })).status).toBe(403);
  });
});
