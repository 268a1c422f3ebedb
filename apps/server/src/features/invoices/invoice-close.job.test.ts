import { describe, expect, it } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { previousMonth, putOnTier, seedAccepted, seedTier, setTax } from '../../test/billing-seed.ts';
import { makeCustomer } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { closePreviousPeriod } from './invoice-close.job.ts';
import { listInvoices } from './invoices.repo.ts';

const t = useTestApp();
const NOW = new Date('2026-07-02T03:00:00Z');
const JUNE = previousMonth(NOW);

async function billableCustomer(used: number) {
  const db = t.deps.db;
  const cid = await makeCustomer(db);
  const domain = await makeTestDomain(db, cid);
  const tier = await seedTier(db, { price: 3000, msgIncluded: 1000, overagePer1000: 80 });
  await putOnTier(db, cid, tier, '2026-01-01T00:00:00Z');
  await setTax(db, cid, 2000, 'EU-TAX-1');
  await seedAccepted(db, cid, domain.did, JUNE.day(3), used);
  // Outside the period: neither May's last day nor July's first counts.
  await seedAccepted(db, cid, domain.did, '2026-05-31', 9999);
  await seedAccepted(db, cid, domain.did, '2026-07-01', 9999);
  return cid;
}

const numbers = async () =>
  (await t.deps.db.query<{ number: string }>('SELECT number FROM invoices ORDER BY number')).map((r) => r.number);

describe('the invoice closing job (issue 14): each period once, numbered without gaps', () => {
  it("closes June into one invoice with the rollups' usage, overage and tax", async () => {
    const cid = await billableCustomer(3500);
    await closePreviousPeriod(t.deps.db, t.deps.log, NOW);
    const [invoice, ...more] = await listInvoices(t.deps.db, cid);
    expect(more).toEqual([]);
    // 3500 used, 1000 included: 2500 over = 3 blocks × 80 = 240; 3240 + 20% tax = 648.
    expect(invoice).toMatchObject({
      period_start: '2026-06-01',
      period_end: '2026-07-01',
      currency: 'EUR',
      subtotal: 3240,
      tax_rate_bp: 2000,
      tax_id: 'EU-TAX-1',
      tax: 648,
      total: 3888,
      status: 'open',
      paid_at: null,
    });
    expect(invoice?.number).toMatch(/^MW-2026-\d{6}$/);
    expect(invoice?.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['tier', 3000],
      ['overage', 240],
    ]);
  });

  it('running it again makes nothing and takes no number', async () => {
    const before = await numbers();
    expect(await closePreviousPeriod(t.deps.db, t.deps.log, NOW)).toEqual([]);
    expect(await numbers()).toEqual(before);
  });

  it('two jobs at once (Promise.all; separate pool connections on PostgreSQL) make one invoice per customer and numbers have no gap', async () => {
    const customers = [await billableCustomer(10), await billableCustomer(20), await billableCustomer(30)];
    const made = await Promise.all([
      closePreviousPeriod(t.deps.db, t.deps.log, NOW),
      closePreviousPeriod(t.deps.db, t.deps.log, NOW),
      closePreviousPeriod(t.deps.db, t.deps.log, NOW),
    ]);
    expect(made.flat()).toHaveLength(3);
    for (const cid of customers) expect(await listInvoices(t.deps.db, cid)).toHaveLength(1);
    const all = await numbers();
    expect(all.map((n) => Number(n.slice(-6)))).toEqual(all.map((_, i) => i + 1));
    const counter = await t.deps.db.one<{ last: number }>('SELECT last FROM invoice_numbers WHERE year = 2026');
    expect(counter.last).toBe(all.length);
  });

  it('a customer with nothing billable gets no invoice; a free tier with nothing due is closed as paid', async () => {
    const idle = await makeCustomer(t.deps.db);
    const free = await makeCustomer(t.deps.db);
    await putOnTier(t.deps.db, free, await seedTier(t.deps.db, { price: 0, hardCap: true }), '2026-03-01T00:00:00Z');
    await closePreviousPeriod(t.deps.db, t.deps.log, NOW);
    expect(await listInvoices(t.deps.db, idle)).toEqual([]);
    const [invoice] = await listInvoices(t.deps.db, free);
    expect(invoice).toMatchObject({ total: 0, status: 'paid' });
  });
});
