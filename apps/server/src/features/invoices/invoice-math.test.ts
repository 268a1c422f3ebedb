import { describe, expect, it } from 'vitest';
import {
  computeInvoice,
  divideHalfUp,
  type InvoiceInput,
  type MathAddon,
  type MathItem,
  type MathTier,
  remainderOfMonth,
} from './invoice-math.ts';

// June 2026: 30 days.
const JUNE = { periodStart: new Date('2026-06-01T00:00:00Z'), periodEnd: new Date('2026-07-01T00:00:00Z') };
const tier = (over: Partial<MathTier> = {}): MathTier => ({
  name: 'Growth',
  price: 3000,
  currency: 'EUR',
  msgIncluded: 50_000,
  overagePer1000: 80,
  hardCap: false,
  effectiveAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});
const addon = (over: Partial<MathAddon> = {}): MathAddon => ({
  name: 'Dedicated IP',
  unit: 'IP',
  price: 2000,
  currency: 'EUR',
  qty: 1,
  kind: 'dedicated_ip',
  messagesPerUnit: 0,
  start: new Date('2026-01-01T00:00:00Z'),
  end: null,
  ...over,
});
const item = (over: Partial<MathItem> = {}): MathItem => ({
  description: 'Setup',
  domainId: null,
  price: 5000,
  currency: 'EUR',
  qty: 1,
  recurring: false,
  start: '2026-06-10',
  end: null,
  ...over,
});
const input = (over: Partial<InvoiceInput>): InvoiceInput => ({
  ...JUNE,
  tiers: [tier()],
  addons: [],
  items: [],
  used: 0,
  taxRateBp: 0,
  taxId: '',
  ...over,
});

interface Case {
  name: string;
  in: Partial<InvoiceInput>;
  lines: [kind: string, amount: number][];
  subtotal: number;
  tax: number;
  total: number;
}

const CASES: Case[] = [
  {
    name: 'tier only, usage within the allowance',
    in: { used: 49_999 },
    lines: [['tier', 3000]],
    subtotal: 3000,
    tax: 0,
    total: 3000,
  },
  {
    name: 'overage: 1 message over is one block of 1,000',
    in: { used: 50_001 },
    lines: [
      ['tier', 3000],
      ['overage', 80],
    ],
    subtotal: 3080,
    tax: 0,
    total: 3080,
  },
  {
    name: 'overage: 2,500 over is ceil(2.5) = 3 blocks',
    in: { used: 52_500 },
    lines: [
      ['tier', 3000],
      ['overage', 240],
    ],
    subtotal: 3240,
    tax: 0,
    total: 3240,
  },
  {
    name: 'hard cap: no overage line whatever the usage',
    in: { used: 90_000, tiers: [tier({ hardCap: true, price: 0, msgIncluded: 1000 })] },
    lines: [['tier', 0]],
    subtotal: 0,
    tax: 0,
    total: 0,
  },
  {
    // Growth (3000) for June 1-10 (10 days), Pro (9000) from June 11 (20 days): 1000 + 6000; the allowance is Pro's.
    name: 'mid-period tier change: each tier prorated by its days, overage against the last tier',
    in: {
      tiers: [
        tier(),
        tier({ name: 'Pro', price: 9000, msgIncluded: 200_000, effectiveAt: new Date('2026-06-11T15:30:00Z') }),
      ],
      used: 201_000,
    },
    lines: [
      ['tier', 1000],
      ['tier', 6000],
      ['overage', 80],
    ],
    subtotal: 7080,
    tax: 0,
    total: 7080,
  },
  {
    // 1001 × 7 / 30 = 233.57 → 234 (half up on the BigInt division).
    name: 'proration rounds half up',
    in: { tiers: [tier({ price: 1001, effectiveAt: new Date('2026-06-24T00:00:00Z') })] },
    lines: [['tier', 234]],
    subtotal: 234,
    tax: 0,
    total: 234,
  },
  {
    // Dedicated IP all month (2000); 2 × 10k extra messages from June 16 (15 days of 500 → 500) lifts the allowance.
    name: 'add-ons: whole month and prorated by active days; extra messages raise the allowance',
    in: {
      addons: [
        addon(),
        addon({
          name: 'Extra messages',
          unit: '10,000 messages',
          price: 500,
          qty: 2,
          kind: 'extra_messages',
          messagesPerUnit: 10_000,
          start: new Date('2026-06-16T08:00:00Z'),
        }),
      ],
      used: 69_000,
    },
    lines: [
      ['tier', 3000],
      ['addon', 2000],
      ['addon', 500],
    ],
    subtotal: 5500,
    tax: 0,
    total: 5500,
  },
  {
    // An add-on removed on June 10 at noon was active on 10 days (June 1-10): 2000 × 10 / 30 = 666.67 → 667.
    name: 'add-on ending mid-period counts the partial day',
    in: { addons: [addon({ end: new Date('2026-06-10T12:00:00Z') })] },
    lines: [
      ['tier', 3000],
      ['addon', 667],
    ],
    subtotal: 3667,
    tax: 0,
    total: 3667,
  },
  {
    name: 'one-off billing item: whole, in the period of its start',
    in: { items: [item({ qty: 2 })] },
    lines: [
      ['tier', 3000],
      ['item', 10_000],
    ],
    subtotal: 13_000,
    tax: 0,
    total: 13_000,
  },
  {
    // Recurring 3000 ending June 12 (inclusive): 12 days → 1200; another all month → 3000.
    name: 'recurring billing item ending mid-period is prorated by its days (end inclusive)',
    in: {
      items: [
        item({ description: 'Support', price: 3000, recurring: true, start: '2026-01-15', end: '2026-06-12' }),
        item({ description: 'Monitoring', price: 3000, recurring: true, start: '2026-02-01' }),
      ],
    },
    lines: [
      ['tier', 3000],
      ['item', 1200],
      ['item', 3000],
    ],
    subtotal: 7200,
    tax: 0,
    total: 7200,
  },
  {
    // Growth (3000) to June 20, Pro (9000) from June 21 (10 days = 3000), of which 3000 was paid at the change.
    name: 'a tier change paid in advance through Checkout is deducted',
    in: {
      tiers: [tier(), tier({ name: 'Pro', price: 9000, effectiveAt: new Date('2026-06-21T09:00:00Z') })],
      prepaid: [{ description: 'Paid at the change to Pro', amount: 3000, currency: 'EUR' }],
    },
    lines: [
      ['tier', 2000],
      ['tier', 3000],
      ['tier', -3000],
    ],
    subtotal: 2000,
    tax: 0,
    total: 2000,
  },
  {
    // 3080 × 19.5% = 600.6 → 601; 1 × 10% of 5 = 0.5 → 1 (half up).
    name: 'tax: subtotal × rate in basis points, half up',
    in: { used: 50_001, taxRateBp: 1950, taxId: 'EU123' },
    lines: [
      ['tier', 3000],
      ['overage', 80],
    ],
    subtotal: 3080,
    tax: 601,
    total: 3681,
  },
  {
    name: 'tax half up on an exact half',
    in: { tiers: [tier({ price: 5 })], taxRateBp: 1000 },
    lines: [['tier', 5]],
    subtotal: 5,
    tax: 1,
    total: 6,
  },
];

describe('invoice arithmetic (issue 14): integers, half up', () => {
  it.each(CASES)('$name', (c) => {
    const result = computeInvoice(input(c.in));
    expect(result?.lines.map((l) => [l.kind, l.amount])).toEqual(c.lines);
    expect(result).toMatchObject({ subtotal: c.subtotal, tax: c.tax, total: c.total, currency: 'EUR' });
    for (const l of result?.lines ?? []) expect(Number.isInteger(l.amount)).toBe(true);
  });

  it('a line in another currency is left out and reported, never converted', () => {
    const result = computeInvoice(input({ items: [item({ currency: 'USD' })] }));
    expect(result?.lines.map((l) => l.kind)).toEqual(['tier']);
    expect(result?.skipped).toEqual(['Setup (USD)']);
  });

  it('nothing to bill (no tier, add-on or item) is no invoice', () => {
    expect(computeInvoice(input({ tiers: [] }))).toBeNull();
  });

  it("remainderOfMonth is what the invoice charges for the new tier's days (the change day included)", () => {
    expect(remainderOfMonth(9000, new Date('2026-06-21T09:00:00Z'))).toEqual({
      amount: 3000,
      days: 10,
      periodDays: 30,
    });
    expect(remainderOfMonth(1001, new Date('2026-06-24T23:59:00Z')).amount).toBe(234);
  });

  it('divideHalfUp rounds .5 up and below it down', () => {
    expect([divideHalfUp(5n, 2n), divideHalfUp(7n, 3n), divideHalfUp(8n, 3n), divideHalfUp(0n, 7n)]).toEqual([
      3, 2, 3, 0,
    ]);
  });
});
