import { minorDigits, type PartnerPlan, parseMajor, partnerPlanInput, payoutInput } from '@mailwright/contract';
import { z } from 'zod';

/**
 * The partner forms as people fill them: money in major units ("50.00"), percent and months as text. Each reads the
 * text and hands the numbers to the contract's schema, so the server's rules and texts apply and its field errors
 * (400) land on the same fields.
 */

const amountText = (currency: string) => {
  const digits = minorDigits(currency);
  return digits === 0 ? 'Enter a whole amount, such as 50' : `Enter an amount such as 50.${'0'.repeat(digits)}`;
};

const validCurrency = (c: string) => (/^[A-Za-z]{3}$/.test(c.trim()) ? c.trim().toUpperCase() : 'EUR');

function addIssues(ctx: z.RefinementCtx, issues: z.core.$ZodIssue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const planForm = z
  .object({
    name: z.string(),
    commission_percent: z.string(),
    duration_months: z.string(),
    minimum_payout: z.string(),
    currency: z.string(),
  })
  .transform((v, ctx) => {
    const minimum = parseMajor(v.minimum_payout.trim(), validCurrency(v.currency));
    if (minimum === null)
      ctx.addIssue({ code: 'custom', path: ['minimum_payout'], message: amountText(validCurrency(v.currency)) });
    const percent = Number(v.commission_percent.trim().replace(',', '.'));
    const months = Number(v.duration_months.trim());
    const result = partnerPlanInput.safeParse({
      name: v.name,
      commission_percent: v.commission_percent.trim() === '' ? undefined : percent,
      duration_months: v.duration_months.trim() === '' ? undefined : months,
      minimum_payout: minimum ?? 0,
      currency: v.currency,
    });
    if (!result.success) addIssues(ctx, result.error.issues);
    return result.success && minimum !== null ? result.data : z.NEVER;
  });
export type PlanFormValues = z.input<typeof planForm>;

export const planFormValues = (plan: PartnerPlan | null): PlanFormValues =>
  plan
    ? {
        name: plan.name,
        commission_percent: String(plan.commission_percent),
        duration_months: String(plan.duration_months),
        minimum_payout: (plan.minimum_payout / 10 ** minorDigits(plan.currency)).toFixed(minorDigits(plan.currency)),
        currency: plan.currency,
      }
    : { name: '', commission_percent: '10', duration_months: '12', minimum_payout: '50.00', currency: 'EUR' };

/** The payout form; the amount is read in the partner's plan currency. */
export function payoutForm(currency: string) {
  return z.object({ amount: z.string(), payout_date: z.string(), rec_inv_id: z.string() }).transform((v, ctx) => {
    const amount = parseMajor(v.amount.trim(), currency);
    if (amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountText(currency) });
    const result = payoutInput.safeParse({ ...v, amount: amount ?? 1 });
    if (!result.success) addIssues(ctx, result.error.issues);
    return result.success && amount !== null ? result.data : z.NEVER;
  });
}
export type PayoutFormValues = { amount: string; payout_date: string; rec_inv_id: string };
