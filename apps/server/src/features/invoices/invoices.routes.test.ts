import { type BillingOverview, INVOICE_MSG, type Invoice, type InvoiceList } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { previousMonth, putOnTier, seedAccepted, seedTier, setTax } from '../../test/billing-seed.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { closePreviousPeriod } from './invoice-close.job.ts';
import { monthOf } from './invoice-math.ts';

const t = useTestApp();
const { tenant, other } = useTenants(t);
const month = previousMonth();
const thisMonth = monthOf(new Date());

let invoiceId = 0;
let domainName = '';
const superadmin = () => t.login('admin', ADMIN_PASSWORD);

async function seedInvoiceFor(cid: number) {
  const db = t.deps.db;
  const domain = await makeTestDomain(db, cid);
  domainName = domain.name;
  await putOnTier(db, cid, await seedTier(db, { msgIncluded: 1000, price: 3000, overagePer1000: 80 }), '2026-01-01');
  await setTax(db, cid, 1000, 'TAX-42');
  await seedAccepted(db, cid, domain.did, month.day(2), 700);
  await seedAccepted(db, cid, domain.did, month.day(5), 800);
  await seedAccepted(db, cid, domain.did, thisMonth.start.toISOString().slice(0, 10), 40);
  await closePreviousPeriod(db, t.deps.log);
  const row = await db.one<{ id: number }>('SELECT id FROM invoices WHERE customer_id = $1', [cid]);
  return row.id;
}

describe('S7-091 S8-034 billing/invoices', () => {
  it('S8-034 a customer without invoices gets 404 (the console sets its no-invoice flag on it)', async () => {
    const res = await t.request('GET', '/api/billing/invoices', { token: tenant.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(INVOICE_MSG.noInvoices);
  });

  it('S7-091 lists the closed invoice with its lines, tax and total; 401 anonymous, 403 for a user', async () => {
    invoiceId = await seedInvoiceFor(tenant.cid);
    const res = await t.request<InvoiceList>('GET', '/api/billing/invoices', { token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data?.total).toBe(1);
    // 1500 used, 1000 included → 1 block of 80; 3080 + 10% = 308.
    expect(res.body.data?.items[0]).toMatchObject({
      id: invoiceId,
      period_start: month.start,
      period_end: month.end,
      subtotal: 3080,
      tax: 308,
      total: 3388,
      tax_id: 'TAX-42',
      status: 'open',
    });
    expect(res.body.data?.items[0]).not.toHaveProperty('customer_id');
    expect((await t.request('GET', '/api/billing/invoices')).status).toBe(401);
    expect((await t.request('GET', '/api/billing/invoices', { token: tenant.user.token })).status).toBe(403);
    // The other customer still has none: another customer's invoices never show.
    expect((await t.request('GET', '/api/billing/invoices', { token: other.admin.token })).status).toBe(404);
  });
});

describe('S7-088 GET billing', () => {
  it('answers the tier, this period, usage so far against the allowance and the estimate', async () => {
    const res = await t.request<BillingOverview>('GET', '/api/billing', { token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tier: { name: 'Growth', msg_included: 1000, price: 3000, currency: 'EUR', hard_cap: false },
      period_start: thisMonth.start.toISOString().slice(0, 10),
      period_end: thisMonth.end.toISOString().slice(0, 10),
      usage: { used: 40, allowance: 1000 },
      estimate: { currency: 'EUR', subtotal: 3000, tax: 300, total: 3300 },
      payment_enabled: false,
    });
  });

  it('a customer without a tier has no tier, no allowance and no estimate; 401 and 403 as for the list', async () => {
    const res = await t.request<BillingOverview>('GET', '/api/billing', { token: other.admin.token });
    expect(res.body.data).toMatchObject({ tier: null, usage: { used: 0, allowance: null }, estimate: null });
    expect((await t.request('GET', '/api/billing')).status).toBe(401);
    expect((await t.request('GET', '/api/billing', { token: other.user.token })).status).toBe(403);
  });
});

describe('S7-092 S3-034 billing/invoice/{id}/breakdown', () => {
  const url = (id: number | string, format = '') => `/api/billing/invoice/${id}/breakdown${format}`;

  it('S3-034 the CSV has one row per domain per day with the messages accepted, and the total', async () => {
    const res = await t.app.inject({ url: url(invoiceId), headers: { authorization: `Bearer ${tenant.admin.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="MW-\d{4}-\d{6}-breakdown\.csv"$/);
    const rows = res.body.trim().split('\r\n');
    expect(rows.slice(1).map((r) => r.split(',').slice(1))).toEqual([
      [domainName, month.day(2), '700'],
      [domainName, month.day(5), '800'],
      ['total', '', '1500'],
    ]);
  });

  it('format=pdf answers the invoice as a PDF', async () => {
    const res = await t.app.inject({
      url: url(invoiceId, '?format=pdf'),
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("401 anonymous, 403 for a user, 404 for another customer's invoice, 400 for a bad id or format", async () => {
    expect((await t.request('GET', url(invoiceId))).status).toBe(401);
    expect((await t.request('GET', url(invoiceId), { token: tenant.user.token })).status).toBe(403);
    const foreign = await t.request('GET', url(invoiceId), { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(INVOICE_MSG.notFound);
    expect((await t.request('GET', url('abc'), { token: tenant.admin.token })).status).toBe(400);
    const format = await t.request('GET', url(invoiceId, '?format=xlsx'), { token: tenant.admin.token });
    expect(format.status).toBe(400);
    expect(format.body.errors?.[0]?.field).toBe('format');
  });
});

describe('billing/invoice/{id}/paid: operators mark paid by hand when payment is off', () => {
  it('403 for the customer admin; a superadmin marks it paid once (409 the second time), 404 unknown, 400 bad id', async () => {
    const path = `/api/billing/invoice/${invoiceId}/paid`;
    expect((await t.request('PUT', path)).status).toBe(401);
    expect((await t.request('PUT', path, { token: tenant.admin.token })).status).toBe(403);
    const operator = await superadmin();
    const res = await t.request<{ message: string; invoice: Invoice }>('PUT', path, { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      message: INVOICE_MSG.markedPaid,
      invoice: { id: invoiceId, status: 'paid' },
    });
    const paidBy = await t.deps.db.one<{ paid_by: string }>('SELECT paid_by FROM invoices WHERE id = $1', [invoiceId]);
    expect(paidBy.paid_by).toBe('operator:admin');
    expect((await t.request('PUT', path, { token: operator })).status).toBe(409);
    expect((await t.request('PUT', '/api/billing/invoice/999999/paid', { token: operator })).status).toBe(404);
    expect((await t.request('PUT', '/api/billing/invoice/0/paid', { token: operator })).status).toBe(400);
  });
});
