/**
 * A partner's earnings and balance, as pure arithmetic over integer minor units (no database, no clock).
 *
 * - Commission = FLOOR(net invoice amount × commission basis points / 10000), per invoice: a partner is never paid
 *   a fraction of a cent nobody earned, and the rounding is the same whichever month an invoice falls in.
 * - Only invoices in the plan's currency that were paid within `durationMonths` months of the referral's start
 *   count ([since, since + duration), the end exclusive; a month-end start ends on the last day of the month).
 * - A refund takes back exactly the commission it removes: commission(net left before) − commission(net left after),
 *   booked in the refund's month, also after the window closed (the commission on it was paid out then).
 * - The balance is everything earned minus everything paid. Below the plan's minimum payout it is not payable and
 *   carries over to the next month.
 */

export interface PlanTerms {
  commissionBp: number;
  durationMonths: number;
  minimumPayout: number;
  currency: string;
}

export interface ReferralStart {
  customerId: number;
  since: Date;
}

export interface PaidInvoiceFact {
  customerId: number;
  /** Net of tax (the invoice's subtotal), minor units. */
  net: number;
  currency: string;
  paidAt: Date;
  refunds: { amount: number; at: Date }[];
}

export interface PayoutFact {
  amount: number;
  /** YYYY-MM-DD */
  date: string;
}

export interface MonthRow {
  month: string;
  earned: number;
  paid: number;
  balance: number;
}

export interface PartnerLedger {
  months: MonthRow[];
  byCustomer: Map<number, number>;
  earned: number;
  paid: number;
  balance: number;
  payable: boolean;
}

/** FLOOR(amount × bp / 10000) in BigInt: amount × bp may pass 2^53 for large invoices. */
export function commission(amount: number, bp: number): number {
  if (amount <= 0 || bp <= 0) return 0;
  return Number((BigInt(amount) * BigInt(bp)) / 10000n);
}

/** since + months, keeping the time of day; a day past the target month's end becomes its last day. */
export function addMonths(since: Date, months: number): Date {
  const y = since.getUTCFullYear();
  const m = since.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(since.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(y, m, day, since.getUTCHours(), since.getUTCMinutes(), since.getUTCSeconds(), since.getUTCMilliseconds()),
  );
}

export const monthOf = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 7) : d.toISOString().slice(0, 7));

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** The commission entries one invoice gives: what it earned when paid, and what each refund took back. */
export function invoiceEntries(
  plan: PlanTerms,
  since: Date,
  invoice: PaidInvoiceFact,
): { month: string; amount: number }[] {
  if (invoice.currency !== plan.currency) return [];
  const end = addMonths(since, plan.durationMonths);
  if (invoice.paidAt < since || invoice.paidAt >= end) return [];
  const entries = [{ month: monthOf(invoice.paidAt), amount: commission(invoice.net, plan.commissionBp) }];
  let left = invoice.net;
  for (const refund of [...invoice.refunds].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const after = Math.max(0, left - refund.amount);
    const back = commission(left, plan.commissionBp) - commission(after, plan.commissionBp);
    if (back > 0) entries.push({ month: monthOf(refund.at), amount: -back });
    left = after;
  }
  return entries;
}

/** Earnings per month from the first entry to `now`'s month, payouts, the running balance and whether it is payable. */
export function partnerLedger(input: {
  plan: PlanTerms | null;
  referrals: ReferralStart[];
  invoices: PaidInvoiceFact[];
  payouts: PayoutFact[];
  now: Date;
}): PartnerLedger {
  const { plan, now } = input;
  const earnedBy = new Map<string, number>();
  const paidBy = new Map<string, number>();
  const byCustomer = new Map<number, number>();
  const since = new Map(input.referrals.map((r) => [r.customerId, r.since]));
  for (const invoice of plan ? input.invoices : []) {
    const start = since.get(invoice.customerId);
    if (!start || !plan) continue;
    for (const entry of invoiceEntries(plan, start, invoice)) {
      earnedBy.set(entry.month, (earnedBy.get(entry.month) ?? 0) + entry.amount);
      byCustomer.set(invoice.customerId, (byCustomer.get(invoice.customerId) ?? 0) + entry.amount);
    }
  }
  for (const payout of input.payouts)
    paidBy.set(monthOf(payout.date), (paidBy.get(monthOf(payout.date)) ?? 0) + payout.amount);
  const starts = [...earnedBy.keys(), ...paidBy.keys(), ...input.referrals.map((r) => monthOf(r.since))].sort();
  const months: MonthRow[] = [];
  let balance = 0;
  const last = monthOf(now);
  for (let month = starts[0]; month && month <= last; month = nextMonth(month)) {
    const earned = earnedBy.get(month) ?? 0;
    const paid = paidBy.get(month) ?? 0;
    balance += earned - paid;
    months.push({ month, earned, paid, balance });
  }
  const earned = [...earnedBy.values()].reduce((a, b) => a + b, 0);
  const paid = [...paidBy.values()].reduce((a, b) => a + b, 0);
  const total = earned - paid;
  return {
    months,
    byCustomer,
    earned,
    paid,
    balance: total,
    payable: plan !== null && total > 0 && total >= plan.minimumPayout,
  };
}
