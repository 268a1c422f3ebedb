import { describe, expect, it } from 'vitest';
import { addMonths, commission, type PaidInvoiceFact, type PlanTerms, partnerLedger } from './payout-math.ts';

const plan: PlanTerms = { commissionBp: 1000, durationMonths: 3, minimumPayout: 5000, currency: 'EUR' };
const since = new Date('2026-01-15T10:00:00Z');
const d = (iso: string) => new Date(iso);
const inv = (net: number, paidAt: string, extra: Partial<PaidInvoiceFact> = {}): PaidInvoiceFact => ({
  customerId: 7,
  net,
  currency: 'EUR',
  paidAt: d(paidAt),
  refunds: [],
  ...extra,
});

describe('S1-007 partner commission: floor per invoice, integer minor units', () => {
  it.each([
    { amount: 10_000, bp: 1000, want: 1000 },
    { amount: 999, bp: 1000, want: 99 }, // 99.9 floors to 99
    { amount: 1, bp: 9999, want: 0 },
    { amount: 12_345, bp: 1250, want: 1543 }, // 1543.125
    { amount: 0, bp: 5000, want: 0 },
    { amount: 1_000_000_000_000, bp: 10_000, want: 1_000_000_000_000 }, // past 2^53 in the product, exact
  ])('$amount × $bp bp = $want', ({ amount, bp, want }) => {
    expect(commission(amount, bp)).toBe(want);
  });

  it.each([
    { from: '2026-01-31T00:00:00Z', months: 1, want: '2026-02-28T00:00:00.000Z' },
    { from: '2024-01-31T00:00:00Z', months: 1, want: '2024-02-29T00:00:00.000Z' },
    { from: '2026-01-15T10:00:00Z', months: 3, want: '2026-04-15T10:00:00.000Z' },
    { from: '2026-11-30T00:00:00Z', months: 3, want: '2027-02-28T00:00:00.000Z' },
  ])('the window from $from lasts $months months to $want', ({ from, months, want }) => {
    expect(addMonths(d(from), months).toISOString()).toBe(want);
  });
});

describe('S1-007 partner ledger (table): commission, duration ending, minimum carried over, refunds', () => {
  const now = d('2026-06-10T00:00:00Z');
  it.each([
    {
      name: 'commission on paid invoices inside the window',
      invoices: [inv(20_000, '2026-02-01T00:00:00Z'), inv(30_000, '2026-03-01T00:00:00Z')],
      payouts: [],
      earned: 5000,
      balance: 5000,
      payable: true,
    },
    {
      name: 'the duration ends: an invoice paid at since + 3 months no longer counts',
      invoices: [inv(20_000, '2026-04-15T09:59:59Z'), inv(50_000, '2026-04-15T10:00:00Z')],
      payouts: [],
      earned: 2000,
      balance: 2000,
      payable: false,
    },
    {
      name: 'before the referral started nothing counts',
      invoices: [inv(20_000, '2026-01-15T09:59:59Z')],
      payouts: [],
      earned: 0,
      balance: 0,
      payable: false,
    },
    {
      name: 'below the minimum the balance carries over; it is payable once it reaches it',
      invoices: [inv(30_000, '2026-02-01T00:00:00Z'), inv(20_000, '2026-03-20T00:00:00Z')],
      payouts: [],
      earned: 5000,
      balance: 5000,
      payable: true,
    },
    {
      name: 'payouts reduce the balance; the rest is below the minimum',
      invoices: [inv(80_000, '2026-02-01T00:00:00Z')],
      payouts: [{ amount: 5000, date: '2026-03-05' }],
      earned: 8000,
      balance: 3000,
      payable: false,
    },
    {
      name: 'a refund takes back its commission in the month of the refund',
      invoices: [inv(60_000, '2026-02-01T00:00:00Z', { refunds: [{ amount: 25_000, at: d('2026-05-02T00:00:00Z') }] })],
      payouts: [],
      earned: 3500,
      balance: 3500,
      payable: false,
    },
    {
      name: 'a refund larger than the invoice takes back no more than it earned',
      invoices: [inv(999, '2026-02-01T00:00:00Z', { refunds: [{ amount: 5000, at: d('2026-02-02T00:00:00Z') }] })],
      payouts: [],
      earned: 0,
      balance: 0,
      payable: false,
    },
    {
      name: 'an invoice in another currency than the plan does not count',
      invoices: [inv(100_000, '2026-02-01T00:00:00Z', { currency: 'USD' })],
      payouts: [],
      earned: 0,
      balance: 0,
      payable: false,
    },
    {
      name: "another customer's invoice (not a referral) does not count",
      invoices: [inv(100_000, '2026-02-01T00:00:00Z', { customerId: 8 })],
      payouts: [],
      earned: 0,
      balance: 0,
      payable: false,
    },
  ])('$name', ({ invoices, payouts, earned, balance, payable }) => {
    const ledger = partnerLedger({ plan, referrals: [{ customerId: 7, since }], invoices, payouts, now });
    expect({ earned: ledger.earned, balance: ledger.balance, payable: ledger.payable }).toEqual({
      earned,
      balance,
      payable,
    });
  });

  it('lists every month from the referral to now with the running balance (the carried-over balance shows)', () => {
    const ledger = partnerLedger({
      plan,
      referrals: [{ customerId: 7, since }],
      invoices: [
        inv(30_000, '2026-02-01T00:00:00Z'),
        inv(20_000, '2026-03-20T00:00:00Z', { refunds: [{ amount: 10_000, at: d('2026-05-01T00:00:00Z') }] }),
      ],
      payouts: [{ amount: 5000, date: '2026-04-02' }],
      now,
    });
    expect(ledger.months).toEqual([
      { month: '2026-01', earned: 0, paid: 0, balance: 0 },
      { month: '2026-02', earned: 3000, paid: 0, balance: 3000 },
      { month: '2026-03', earned: 2000, paid: 0, balance: 5000 },
      { month: '2026-04', earned: 0, paid: 5000, balance: 0 },
      { month: '2026-05', earned: -1000, paid: 0, balance: -1000 },
      { month: '2026-06', earned: 0, paid: 0, balance: -1000 },
    ]);
    expect(ledger.byCustomer.get(7)).toBe(4000);
  });

  it('without a plan nothing is earned and nothing is payable', () => {
    const ledger = partnerLedger({
      plan: null,
      referrals: [{ customerId: 7, since }],
      invoices: [inv(100_000, '2026-02-01T00:00:00Z')],
      payouts: [],
      now,
    });
    expect(ledger).toMatchObject({ earned: 0, balance: 0, payable: false });
  });
});
