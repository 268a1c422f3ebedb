import { type Partner, type PartnerPlan, type Payout, type PayoutsResponse, PLAN_IN_USE } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeOperators, makeTenant, makeUser, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

const t = useTestApp();

let partner: Tenant;
let rival: Tenant;
let plain: Tenant;
let master: string;
let plan: PartnerPlan;
beforeAll(async () => {
  partner = await makeTenant(t, { partner: true });
  rival = await makeTenant(t, { partner: true });
  plain = await makeTenant(t);
  master = (await makeOperators(t)).master;
});

const planBody = {
  name: 'Reseller 10%',
  commission_percent: 10,
  duration_months: 12,
  minimum_payout: 5000,
  currency: 'EUR',
};

let invoiceSeq = 0;
/** A paid invoice as billing writes it (features/invoices): the commission base is its subtotal. */
async function paidInvoice(cid: number, subtotal: number, paidAt: Date) {
  invoiceSeq += 1;
  const row = await t.deps.db.one<{ id: number }>(
    `INSERT INTO invoices (customer_id, number, period_start, period_end, currency, subtotal, tax, total, status, paid_at)
     VALUES ($1, $2, $3::date, $3::date + 30, 'EUR', $4, 0, $4, 'paid', $5) RETURNING id`,
    [cid, `PT-${cid}-${invoiceSeq}`, `20${10 + invoiceSeq}-01-01`, subtotal, paidAt],
  );
  return row.id;
}

describe('partner plans (S7-027, S7-028, S7-029, S3-048)', () => {
  it('S7-027 an operator creates and lists plans; a plan carries ppid', async () => {
    const res = await t.request<PartnerPlan>('POST', '/api/partners/plans', { token: master, body: planBody });
    expect(res.status).toBe(200);
    plan = res.body.data as PartnerPlan;
    expect(plan).toMatchObject({ ...planBody, partners: 0 });
    expect(plan.ppid).toBeGreaterThan(0);
    const list = await t.request<{ items: PartnerPlan[] }>('GET', '/api/partners/plans', { token: master });
    expect(list.body.data?.items.map((p) => p.ppid)).toContain(plan.ppid);
  });

  it('S7-027 refuses anonymous (401), non-operators (403) and bad input with field errors (400)', async () => {
    expect((await t.request('POST', '/api/partners/plans', { body: planBody })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/partners/plans', { token: partner.admin.token, body: planBody })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/partners/plans', { token: plain.user.token })).status).toBe(403);
    const bad = await t.request('POST', '/api/partners/plans', {
      token: master,
      body: { ...planBody, commission_percent: 100.5, duration_months: 0, currency: 'XXQ', minimum_payout: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(
      ['commission_percent', 'currency', 'duration_months', 'minimum_payout'].sort(),
    );
    const decimals = await t.request('POST', '/api/partners/plans', {
      token: master,
      body: { ...planBody, commission_percent: 12.345 },
    });
    expect(decimals.status).toBe(400);
  });

  it('S7-028 PATCH updates a plan; an unknown ppid is 404', async () => {
    const res = await t.request<PartnerPlan>('PATCH', `/api/partners/plans/${plan.ppid}`, {
      token: master,
      body: { commission_percent: 12.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ppid: plan.ppid, commission_percent: 12.5, name: planBody.name });
    const missing = await t.request('PATCH', '/api/partners/plans/999999', { token: master, body: { name: 'x' } });
    expect(missing.status).toBe(404);
    await t.request('PATCH', `/api/partners/plans/${plan.ppid}`, { token: master, body: { commission_percent: 10 } });
  });

  it('S7-029 DELETE is refused with a clear message while a partner uses the plan, then deletes it', async () => {
    const spare = await t.request<PartnerPlan>('POST', '/api/partners/plans', {
      token: master,
      body: { ...planBody, name: 'Spare' },
    });
    const ppid = spare.body.data?.ppid as number;
    const assigned = await t.request<Partner>('PUT', `/api/partners/${rival.cid}`, { token: master, body: { ppid } });
    expect(assigned.status).toBe(200);
    const refused = await t.request('DELETE', `/api/partners/plans/${ppid}`, { token: master });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PLAN_IN_USE);
    await t.request('PUT', `/api/partners/${rival.cid}`, { token: master, body: { ppid: null } });
    expect((await t.request('DELETE', `/api/partners/plans/${ppid}`, { token: master })).status).toBe(200);
    expect((await t.request('DELETE', `/api/partners/plans/${ppid}`, { token: master })).status).toBe(404);
  });
});

describe('partners and plan assignment (S7-026)', () => {
  it('assigns a plan to a partner customer; a non-partner customer is 404, an unknown plan 400', async () => {
    const res = await t.request<Partner>('PUT', `/api/partners/${partner.cid}`, {
      token: master,
      body: { ppid: plan.ppid },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cid: partner.cid, ppid: plan.ppid, plan: planBody.name });
    expect(
      (await t.request('PUT', `/api/partners/${plain.cid}`, { token: master, body: { ppid: plan.ppid } })).status,
    ).toBe(404);
    const unknown = await t.request('PUT', `/api/partners/${partner.cid}`, { token: master, body: { ppid: 999999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('ppid');
    expect(
      (await t.request('PUT', `/api/partners/${partner.cid}`, { token: partner.admin.token, body: { ppid: null } }))
        .status,
    ).toBe(403);
  });

  it('a partner sees only its own plan', async () => {
    const own = await t.request<{ items: PartnerPlan[] }>('GET', '/api/partners/plans', { token: partner.admin.token });
    expect(own.body.data?.items.map((p) => p.ppid)).toEqual([plan.ppid]);
    const none = await t.request<{ items: PartnerPlan[] }>('GET', '/api/partners/plans', { token: rival.admin.token });
    expect(none.body.data?.items).toEqual([]);
  });
});

describe('referrals (S7-030, S5-011)', () => {
  let client: number;
  it('S7-030 a client the partner creates is its referral; the list carries cid, since and the referral link', async () => {
    const added = await t.request<{ client: { cid: number } }>('POST', '/api/customers/subaccounts', {
      token: partner.admin.token,
      body: { company: 'Referred Shop', email: 'owner@referred-shop.test' },
    });
    expect(added.status).toBe(200);
    client = added.body.data?.client.cid as number;
    const list = await t.request<{ items: { cid: number; source: string; since: string }[]; referral_url: string }>(
      'GET',
      '/api/partners/referrals',
      { token: partner.admin.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data?.items).toEqual([expect.objectContaining({ cid: client, source: 'client', earned: 0 })]);
    expect(list.body.data?.referral_url).toMatch(/\/invite\?ref=[A-Za-z0-9_-]{8,}$/);
    const rivals = await t.request<{ items: unknown[] }>('GET', '/api/partners/referrals', {
      token: rival.admin.token,
    });
    expect(rivals.body.data?.items).toEqual([]);
  });

  it('a non-partner customer has no referrals (404), a user 403, anonymous 401', async () => {
    const res = await t.request('GET', '/api/partners/referrals', { token: plain.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This customer is not a partner');
    expect((await t.request('GET', '/api/partners/referrals', { token: plain.user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/partners/referrals')).status).toBe(401);
  });

  it('S5-011 a partner attaches its own earlier client; a stranger or a taken customer is a field error', async () => {
    const earlier = await makeCustomer(t.deps.db, { name: 'Earlier Client', parentId: partner.cid });
    const ok = await t.request<{ cid: number; source: string }>('POST', '/api/partners/referrals', {
      token: partner.admin.token,
      body: { cid: earlier },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ cid: earlier, source: 'attached' });
    const stranger = await t.request('POST', '/api/partners/referrals', {
      token: partner.admin.token,
      body: { cid: plain.cid },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual([{ field: 'cid', message: 'Not one of your clients' }]);
    const again = await t.request('POST', '/api/partners/referrals', {
      token: partner.admin.token,
      body: { cid: earlier },
    });
    expect(again.body.errors?.[0]?.message).toBe('This customer already is a referral of a partner');
    const elsewhere = await t.request('POST', '/api/partners/referrals', {
      token: partner.admin.token,
      body: { cid: earlier, partner_cid: rival.cid },
    });
    expect(elsewhere.body.errors?.[0]?.field).toBe('partner_cid');
    const empty = await t.request('POST', '/api/partners/referrals', { token: partner.admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('cid');
  });

  it('an operator attaches any customer by an admin e-mail to a chosen partner', async () => {
    const other = await makeCustomer(t.deps.db, { name: 'Walk-in Customer' });
    await makeUser(t.deps.db, other, 'admin', { email: 'boss@walk-in.test' });
    const res = await t.request<{ cid: number }>('POST', '/api/partners/referrals', {
      token: master,
      body: { email: 'BOSS@walk-in.test', partner_cid: rival.cid },
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.cid).toBe(other);
    const notPartner = await t.request('POST', '/api/partners/referrals', {
      token: master,
      body: { cid: other, partner_cid: plain.cid },
    });
    expect(notPartner.body.errors?.[0]?.field).toBe('partner_cid');
  });

  it('signing up through the referral link opens a client account that is the partner’s referral', async () => {
    const list = await t.request<{ referral_url: string }>('GET', '/api/partners/referrals', {
      token: partner.admin.token,
    });
    const code = new URL(list.body.data?.referral_url as string).searchParams.get('ref') as string;
    const check = await t.request<{ partner: string }>('GET', `/api/partners/referrals/link/${code}`);
    expect(check.status).toBe(200);
    expect((await t.request('GET', '/api/partners/referrals/link/not-a-real-code')).status).toBe(404);
    const body = { company: 'Linked Co', email: 'me@linked-co.test', username: 'linked-co', password: 'long-enough-1' };
    const res = await t.request<{ vetting_url: string }>('POST', `/api/partners/referrals/link/${code}`, { body });
    expect(res.status).toBe(200);
    expect(res.body.data?.vetting_url).toMatch(/^\/vetting\//);
    const row = await t.deps.db.one<{ partner_id: number; source: string; parent_id: number }>(
      `SELECT r.partner_id, r.source, c.parent_id FROM partner_referrals r JOIN customers c ON c.id = r.customer_id
        WHERE c.name = 'Linked Co'`,
    );
    expect(row).toEqual({ partner_id: partner.cid, source: 'link', parent_id: partner.cid });
    const twice = await t.request('POST', `/api/partners/referrals/link/${code}`, { body });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.field).toBe('username');
  });

  it('S6 a partner acts as its clients and referrals only; a client’s admin never reaches its parent or siblings', async () => {
    expect((await t.request('PUT', `/api/proxy/${client}`, { token: partner.admin.token })).status).toBe(200);
    await t.request('DELETE', '/api/proxy', { token: partner.admin.token });
    const walkIn = await t.deps.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Walk-in Customer'");
    expect((await t.request('PUT', `/api/proxy/${walkIn.id}`, { token: rival.admin.token })).status).toBe(200);
    await t.request('DELETE', '/api/proxy', { token: rival.admin.token });
    expect((await t.request('PUT', `/api/proxy/${walkIn.id}`, { token: partner.admin.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${plain.cid}`, { token: partner.admin.token })).status).toBe(404);
    const sibling = await makeTenant(t, { parentId: partner.cid });
    const clientAdmin = await makeTenant(t, { parentId: partner.cid });
    expect((await t.request('PUT', `/api/proxy/${partner.cid}`, { token: clientAdmin.admin.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${sibling.cid}`, { token: clientAdmin.admin.token })).status).toBe(404);
    const seen = await t.request('GET', '/api/partners/referrals', { token: clientAdmin.admin.token });
    expect(seen.status).toBe(404);
  });
});

describe('payouts (S7-031, S7-032, S3-049, S5-012)', () => {
  let referred: number;
  let payout: Payout;
  beforeAll(async () => {
    const row = await t.deps.db.one<{ customer_id: number }>(
      "SELECT customer_id FROM partner_referrals WHERE partner_id = $1 AND source = 'client'",
      [partner.cid],
    );
    referred = row.customer_id;
    await paidInvoice(referred, 40_000, new Date());
    const refunded = await paidInvoice(referred, 25_001, new Date());
    await t.deps.db.query('INSERT INTO invoice_refunds (invoice_id, amount) VALUES ($1, 10000)', [refunded]);
    await paidInvoice(plain.cid, 99_999, new Date()); // not a referral: earns nothing
  });

  it('S7-031 the partner sees earnings per month (10% floor, refund taken back) and its balance', async () => {
    const res = await t.request<PayoutsResponse>('GET', '/api/partners/referrals/payouts', {
      token: partner.admin.token,
    });
    expect(res.status).toBe(200);
    // 4000 + floor(2500.1) = 6500; the refund of 10000 takes back 2500 - floor(1500.1)... = 2500 - 1500 = 1000.
    expect(res.body.data).toMatchObject({ earned: 5500, paid: 0, balance: 5500, payable: true, currency: 'EUR' });
    expect(res.body.data?.months.at(-1)).toMatchObject({ earned: 5500, balance: 5500 });
    const refs = await t.request<{ items: { cid: number; earned: number }[] }>('GET', '/api/partners/referrals', {
      token: partner.admin.token,
    });
    expect(refs.body.data?.items.find((r) => r.cid === referred)?.earned).toBe(5500);
    const partners = await t.request<{ items: Partner[] }>('GET', '/api/partners', { token: master });
    expect(partners.status).toBe(200);
    expect(partners.body.data?.items.find((p) => p.cid === partner.cid)).toMatchObject({
      referrals: 3,
      earned: 5500,
      paid: 0,
      balance: 5500,
    });
    expect((await t.request('GET', '/api/partners', { token: partner.admin.token })).status).toBe(403);
    expect((await t.request('GET', '/api/partners')).status).toBe(401);
  });

  it('S7-032 S5-012 an operator records a payout; more than the balance and bad input are field errors', async () => {
    const url = `/api/partners/payouts/${partner.cid}`;
    const tooMuch = await t.request('POST', url, {
      token: master,
      body: { amount: 5501, payout_date: '2026-11-01', rec_inv_id: 'P-2026-01' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.[0]?.field).toBe('amount');
    const bad = await t.request('POST', url, {
      token: master,
      body: { amount: 0, payout_date: '2026-02-30', rec_inv_id: '' },
    });
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['amount', 'payout_date', 'rec_inv_id']);
    const body = { amount: 5000, payout_date: '2026-11-01', rec_inv_id: 'P-2026-01' };
    const res = await t.request<Payout>('POST', url, { token: master, body });
    expect(res.status).toBe(200);
    payout = res.body.data as Payout;
    expect(payout).toMatchObject({ cid: partner.cid, amount: 5000, currency: 'EUR', rec_inv_id: 'P-2026-01' });
    expect(payout.payout_id).toBeGreaterThan(0);
    expect((await t.request('POST', url, { token: partner.admin.token, body })).status).toBe(403);
    expect((await t.request('POST', `/api/partners/payouts/${plain.cid}`, { token: master, body })).status).toBe(404);
  });

  it('recording the same partner invoice again records nothing new; other values under it are refused', async () => {
    const url = `/api/partners/payouts/${partner.cid}`;
    const body = { amount: 5000, payout_date: '2026-11-01', rec_inv_id: 'P-2026-01' };
    const again = await t.request<Payout>('POST', url, { token: master, body });
    expect(again.status).toBe(200);
    expect(again.body.data?.payout_id).toBe(payout.payout_id);
    const other = await t.request('POST', url, { token: master, body: { ...body, amount: 400 } });
    expect(other.status).toBe(400);
    expect(other.body.errors?.[0]?.field).toBe('rec_inv_id');
    const count = await t.deps.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM partner_payouts WHERE partner_id = $1',
      [partner.cid],
    );
    expect(count.n).toBe(1);
  });

  it('S3-049 the balance below the minimum carries over; a payout is read by its partner and operators only', async () => {
    const res = await t.request<PayoutsResponse>('GET', '/api/partners/referrals/payouts', {
      token: partner.admin.token,
    });
    expect(res.body.data).toMatchObject({ earned: 5500, paid: 5000, balance: 500, payable: false });
    expect(res.body.data?.items).toEqual([
      expect.objectContaining({ payout_id: payout.payout_id, payout_date: '2026-11-01' }),
    ]);
    const own = await t.request<Payout>('GET', `/api/partners/payouts/${payout.payout_id}`, {
      token: partner.admin.token,
    });
    expect(own.body.data).toEqual(payout);
    expect((await t.request('GET', `/api/partners/payouts/${payout.payout_id}`, { token: master })).status).toBe(200);
    expect(
      (await t.request('GET', `/api/partners/payouts/${payout.payout_id}`, { token: rival.admin.token })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/partners/payouts/${payout.payout_id}`, { token: plain.user.token })).status,
    ).toBe(403);
    expect((await t.request('GET', `/api/partners/payouts/${payout.payout_id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/partners/payouts/abc', { token: master })).status).toBe(400);
  });
});
