import type { Db } from '../../db/client.ts';
import { activeAddons, billingItemsDuring, tiersDuring } from '../../mail/policy/billing-plan.ts';
import { computeInvoice, type InvoiceAmounts, isoDay } from './invoice-math.ts';
import { acceptedIn } from './usage.repo.ts';

export interface TaxSetting {
  taxRateBp: number;
  taxId: string;
}

export async function taxSetting(db: Db, customerId: number): Promise<TaxSetting> {
  const row = await db.maybeOne<{ tax_rate_bp: number; tax_id: string }>(
    'SELECT tax_rate_bp, tax_id FROM customer_billing WHERE customer_id = $1',
    [customerId],
  );
  return { taxRateBp: row?.tax_rate_bp ?? 0, taxId: row?.tax_id ?? '' };
}

export interface PeriodBill {
  amounts: InvoiceAmounts | null;
  used: number;
}

/**
 * What one customer owes for [start, end), from the plan (mail/policy/billing-plan.ts: the one reading of tiers,
 * add-ons and billing items) and the usage the rollups counted up to `usageUntil` (the period end when closing, now
 * for the estimate).
 */
export async function billPeriod(
  db: Db,
  customerId: number,
  period: { start: Date; end: Date },
  usageUntil: Date = period.end,
): Promise<PeriodBill> {
  const [tiers, addons, items, used, tax, prepaid] = await Promise.all([
    tiersDuring(db, customerId, period.start, period.end),
    activeAddons(db, customerId, period.start, period.end),
    billingItemsDuring(db, customerId, isoDay(period.start), isoDay(period.end)),
    acceptedIn(db, customerId, period.start, usageUntil < period.end ? usageUntil : period.end),
    taxSetting(db, customerId),
    prepaidTierChanges(db, customerId, period),
  ]);
  const amounts = computeInvoice({
    periodStart: period.start,
    periodEnd: period.end,
    tiers,
    addons,
    items,
    used,
    taxRateBp: tax.taxRateBp,
    taxId: tax.taxId,
    prepaid,
  });
  return { amounts, used };
}

/** Tier changes paid through Checkout that completed in the period: their amount is deducted from its invoice. */
async function prepaidTierChanges(db: Db, customerId: number, period: { start: Date; end: Date }) {
  const rows = await db.query<{ amount: number | string; currency: string; name: string; day: string }>(
    `SELECT p.amount, p.currency, t.name, to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
       FROM payment_sessions p JOIN billing_tiers t ON t.id = p.tier_id
      WHERE p.customer_id = $1 AND p.status = 'complete' AND p.amount IS NOT NULL
        AND p.completed_at >= $2 AND p.completed_at < $3
      ORDER BY p.completed_at`,
    [customerId, period.start, period.end],
  );
  return rows.map((r) => ({
    description: `Paid by card on ${r.day} for the change to ${r.name || 'the new tier'}`,
    amount: Number(r.amount),
    currency: r.currency,
  }));
}
