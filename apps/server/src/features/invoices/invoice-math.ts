import type { InvoiceLine } from '@mailwright/contract';

/**
 * Invoice arithmetic, pure: integers only (minor units), every division rounded half up. The rules (docs/billing.md,
 * "Usage and invoices"):
 * - The period is [start, end) in whole UTC days.
 * - Tier price: each tier in effect during the period is charged for the days it covered, price × days / period
 *   days. A change counts from the UTC day it takes effect (that day is the new tier's).
 * - Allowance and overage follow the tier in effect at the end of the period, with its full allowance (an upgrade
 *   mid-month gives the new allowance for the whole month, as intake's quota check does), plus extra-message add-ons.
 *   Overage = ceil(over / 1000) × overage_per_1000, none on a hard-capped tier (intake refused the excess).
 * - Add-ons: price × qty × active days / period days; a day counts when the add-on is active at any moment of it.
 * - Billing items: a one-off item is charged qty × price, whole, in the period holding its start; a recurring item is
 *   charged qty × price in every period it is active, prorated by its active days (start and end dates inclusive)
 *   when it starts or ends inside the period.
 * - A tier change paid through Checkout paid the new tier's remaining days in advance: that amount is deducted.
 * - Tax = subtotal × tax_rate_bp / 10000.
 * Lines in a currency other than the invoice's are left out (and reported), never converted.
 */

export const DAY_MS = 86_400_000;

/** round(numerator / denominator), half up, for non-negative integers (BigInt: no float ever touches money). */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

const dayIndex = (at: Date) => Math.floor(at.getTime() / DAY_MS);
const dayOf = (date: string) => dayIndex(new Date(`${date}T00:00:00Z`));

export interface MathTier {
  name: string;
  price: number;
  currency: string;
  msgIncluded: number;
  overagePer1000: number;
  hardCap: boolean;
  effectiveAt: Date;
}

export interface MathAddon {
  name: string;
  unit: string;
  price: number;
  currency: string;
  qty: number;
  kind: string;
  messagesPerUnit: number;
  start: Date;
  end: Date | null;
}

export interface MathItem {
  description: string;
  domainId: number | null;
  price: number;
  currency: string;
  qty: number;
  recurring: boolean;
  /** YYYY-MM-DD, end inclusive. */
  start: string;
  end: string | null;
}

export interface InvoiceInput {
  periodStart: Date;
  periodEnd: Date;
  /** The tiers in effect during the period, oldest first (the first may have started before the period). */
  tiers: MathTier[];
  addons: MathAddon[];
  items: MathItem[];
  /** Messages accepted in the period. */
  used: number;
  /** Paid in advance at a tier change through Checkout (the new tier's remaining days), deducted from the invoice. */
  prepaid?: { description: string; amount: number; currency: string }[];
  taxRateBp: number;
  taxId: string;
}

export interface InvoiceAmounts {
  currency: string;
  lines: InvoiceLine[];
  subtotal: number;
  tax_rate_bp: number;
  tax_id: string;
  tax: number;
  total: number;
  /** The allowance the overage was counted against (null without a tier). */
  allowance: number | null;
  /** Lines left out because their currency differs from the invoice's. */
  skipped: string[];
}

const line = (
  kind: InvoiceLine['kind'],
  description: string,
  qty: number,
  unitPrice: number,
  amount: number,
  domainId: number | null = null,
): InvoiceLine => ({ kind, description, qty, unit_price: unitPrice, amount, domain_id: domainId });

/** The whole invoice for a period; null when nothing is billed (no tier, add-on or item). */
export function computeInvoice(input: InvoiceInput): InvoiceAmounts | null {
  const currency = input.tiers[0]?.currency ?? input.addons[0]?.currency ?? input.items[0]?.currency;
  if (!currency) return null;
  const first = dayIndex(input.periodStart);
  const last = dayIndex(input.periodEnd); // exclusive
  const periodDays = BigInt(last - first);
  const lines: InvoiceLine[] = [];
  const skipped: string[] = [];
  const sameCurrency = (what: string, c: string) => {
    if (c !== currency) skipped.push(`${what} (${c})`);
    return c === currency;
  };

  // Tier segments: each from the day its tier took effect (or the period start) to the next one's.
  input.tiers.forEach((tier, i) => {
    const from = Math.max(first, dayIndex(tier.effectiveAt));
    const next = input.tiers[i + 1];
    const to = next ? Math.min(last, dayIndex(next.effectiveAt)) : last;
    const days = to - from;
    if (days <= 0 || !sameCurrency(`tier ${tier.name}`, tier.currency)) return;
    const whole = days === Number(periodDays);
    const amount = whole ? tier.price : divideHalfUp(BigInt(tier.price) * BigInt(days), periodDays);
    const label = whole ? `Tier ${tier.name}` : `Tier ${tier.name} (${days} of ${periodDays} days)`;
    lines.push(line('tier', label, 1, amount, amount));
  });

  let extra = 0;
  for (const addon of input.addons) {
    const from = Math.max(first, dayIndex(addon.start));
    const to = Math.min(last, addon.end ? Math.ceil(addon.end.getTime() / DAY_MS) : last);
    const days = to - from;
    if (days <= 0 || !sameCurrency(`add-on ${addon.name}`, addon.currency)) continue;
    // Extra messages count toward the allowance when the add-on is active at the end of the period.
    if (addon.kind === 'extra_messages' && to === last) extra += addon.qty * addon.messagesPerUnit;
    const whole = days === Number(periodDays);
    const full = BigInt(addon.price) * BigInt(addon.qty);
    const amount = whole ? Number(full) : divideHalfUp(full * BigInt(days), periodDays);
    const label = `${addon.name} (${addon.qty} × ${addon.unit}${whole ? '' : `, ${days} of ${periodDays} days`})`;
    lines.push(line('addon', label, addon.qty, addon.price, amount));
  }

  const current = input.tiers.at(-1);
  const allowance = current ? current.msgIncluded + extra : null;
  if (current && allowance !== null && !current.hardCap && input.used > allowance && current.overagePer1000 > 0) {
    const blocks = Math.ceil((input.used - allowance) / 1000);
    if (sameCurrency('overage', current.currency)) {
      const description = `Overage: ${input.used - allowance} messages over ${allowance} (${blocks} × 1,000)`;
      lines.push(line('overage', description, blocks, current.overagePer1000, blocks * current.overagePer1000));
    }
  }

  for (const item of input.items) {
    if (!sameCurrency(item.description, item.currency)) continue;
    const full = BigInt(item.price) * BigInt(item.qty);
    if (!item.recurring) {
      lines.push(line('item', item.description, item.qty, item.price, Number(full), item.domainId));
      continue;
    }
    const from = Math.max(first, dayOf(item.start));
    const to = Math.min(last, item.end ? dayOf(item.end) + 1 : last);
    const days = to - from;
    if (days <= 0) continue;
    const whole = days === Number(periodDays);
    const amount = whole ? Number(full) : divideHalfUp(full * BigInt(days), periodDays);
    const label = whole ? item.description : `${item.description} (${days} of ${periodDays} days)`;
    lines.push(line('item', label, item.qty, item.price, amount, item.domainId));
  }

  for (const paid of input.prepaid ?? []) {
    if (sameCurrency(paid.description, paid.currency)) {
      lines.push(line('tier', paid.description, 1, -paid.amount, -paid.amount));
    }
  }

  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = divideHalfUp(BigInt(subtotal) * BigInt(input.taxRateBp), 10_000n);
  return {
    currency,
    lines,
    subtotal,
    tax_rate_bp: input.taxRateBp,
    tax_id: input.taxId,
    tax,
    total: subtotal + tax,
    allowance,
    skipped,
  };
}

/**
 * What a tier costs from the UTC day of `at` to the end of its month (that day included), as the invoice will charge
 * that segment: price × remaining days / days in the month, half up. Paid in advance at a tier change.
 */
export function remainderOfMonth(price: number, at: Date): { amount: number; days: number; periodDays: number } {
  const { start, end } = monthOf(at);
  const periodDays = dayIndex(end) - dayIndex(start);
  const days = dayIndex(end) - dayIndex(at);
  return { amount: divideHalfUp(BigInt(price) * BigInt(days), BigInt(periodDays)), days, periodDays };
}

/** The calendar month (UTC) holding `at`: [start, end). */
export function monthOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);
