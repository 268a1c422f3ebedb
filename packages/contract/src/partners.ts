import { z } from 'zod';
import { calendarDate } from './billing-customers.ts';
import { currencyCode, MAX_PRICE, priceMinor } from './billing-money.ts';
import { email, id, listOf, okResponse, password, username } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { PARTNER_AREA, SUPERADMIN } from './roles.ts';

/**
 * Partners (issue 15, part 2): plans, referrals and payouts. Money is integer minor units in the plan's currency;
 * a commission is a percent with at most two decimals (kept as basis points on the server).
 */

/** Spec 3: a partner plan is identified by ppid. */
export const partnerPlanSchema = z.object({
  ppid: z.number().int(),
  name: z.string(),
  commission_percent: z.number(),
  duration_months: z.number().int(),
  minimum_payout: z.number().int(),
  currency: z.string(),
  /** How many partners use it: a plan in use cannot be deleted. */
  partners: z.number().int(),
});
export type PartnerPlan = z.infer<typeof partnerPlanSchema>;

export const partnerPlanInput = z.object({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'At most 100 characters')
    .regex(/^[^\p{Cc}]*$/u, 'The name may not contain control characters'),
  commission_percent: z
    .number({ error: 'Enter the commission in percent' })
    .min(0, 'The commission cannot be negative')
    .max(100, 'The commission is at most 100%')
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'At most two decimals',
    }),
  duration_months: z
    .number({ error: 'Enter the duration in months' })
    .int('Whole months')
    .min(1, 'At least one month')
    .max(120, 'At most 120 months'),
  minimum_payout: priceMinor,
  currency: currencyCode,
});
export type PartnerPlanInput = z.infer<typeof partnerPlanInput>;

export const PLAN_IN_USE = 'This plan is assigned to partners: assign them another plan before deleting it.';

/** One partner customer as operators see it (GET partners). */
export const partnerSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  ppid: z.number().int().nullable(),
  plan: z.string().nullable(),
  referrals: z.number().int(),
  currency: z.string().nullable(),
  earned: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerPlanAssign = z.object({ ppid: id.nullable() });

/** A customer referred by the partner (spec 3: cid). since: when the referral started (its duration counts from it). */
export const referralSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  since: z.string(),
  source: z.enum(['link', 'client', 'attached']),
  earned: z.number().int(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralsResponse = listOf(referralSchema).extend({
  /** The partner's referral link: signing up through it makes the new customer a referral. */
  referral_url: z.string(),
});

/** Attach a customer by its number or an admin's e-mail address (one of them); partner_cid: operators only. */
export const referralInput = z
  .object({
    cid: id.optional(),
    email: email.optional(),
    partner_cid: id.optional(),
  })
  .refine((v) => v.cid !== undefined || v.email !== undefined, {
    message: 'Enter the customer number or an admin e-mail address',
    path: ['cid'],
  });
export type ReferralInput = z.infer<typeof referralInput>;

/** Spec 3: payout_id, rec_inv_id (the partner's invoice we received), payout_date, cid (the partner). */
export const payoutSchema = z.object({
  payout_id: z.number().int(),
  cid: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  payout_date: z.string(),
  rec_inv_id: z.string(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutInput = z.object({
  amount: z
    .number({ error: 'Enter the amount' })
    .int('A whole number of minor units (cents)')
    .min(1, 'The amount must be positive')
    .max(MAX_PRICE, 'This amount is too large'),
  payout_date: calendarDate,
  rec_inv_id: z
    .string({ error: "Enter the partner's invoice number" })
    .trim()
    .min(1, "Enter the partner's invoice number")
    .max(64, 'At most 64 characters')
    .regex(/^[\p{L}\p{N} ._/#-]*$/u, 'Letters, digits, spaces and . _ / # - only'),
});
export type PayoutInput = z.infer<typeof payoutInput>;

/** One month of a partner's account: earned (commission, refunds subtracted), paid out, balance at its end. */
export const payoutMonthSchema = z.object({
  month: z.string(),
  earned: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
});
export type PayoutMonth = z.infer<typeof payoutMonthSchema>;

export const payoutsResponse = z.object({
  items: z.array(payoutSchema),
  months: z.array(payoutMonthSchema),
  plan: partnerPlanSchema.omit({ partners: true }).nullable(),
  currency: z.string().nullable(),
  earned: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  /** Whether the balance reached the plan's minimum payout; below it, it carries over to the next month. */
  payable: z.boolean(),
});
export type PayoutsResponse = z.infer<typeof payoutsResponse>;

export const referralSignupInput = z.object({
  company: z.string().trim().min(2, 'Company name must be at least 2 characters').max(200),
  full_name: z.string().trim().max(200).default(''),
  email,
  username,
  password,
});

const referralCode = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a referral link'),
});

export const partnersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/partners',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: 'Partner customers with their plan, referral count, earned, paid and unpaid balance.',
    response: z.object({ items: z.array(partnerSchema) }),
  }),
  assignPlan: defineEndpoint({
    method: 'PUT',
    path: '/partners/:cid',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: 'Assign a plan to a partner customer (ppid null removes it).',
    params: z.object({ cid: id }),
    body: partnerPlanAssign,
    response: partnerSchema,
  }),
  plans: defineEndpoint({
    method: 'GET',
    path: '/partners/plans',
    access: PARTNER_AREA,
    tag: 'Partners',
    summary: 'Partner plans (operators see all; a partner sees its own).',
    response: z.object({ items: z.array(partnerPlanSchema) }),
  }),
  planCreate: defineEndpoint({
    method: 'POST',
    path: '/partners/plans',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: 'Create a partner plan.',
    body: partnerPlanInput,
    response: partnerPlanSchema,
  }),
  planUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/partners/plans/:id',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: 'Update a partner plan; the change applies to every partner on it.',
    params: z.object({ id }),
    body: partnerPlanInput.partial(),
    response: partnerPlanSchema,
  }),
  planDelete: defineEndpoint({
    method: 'DELETE',
    path: '/partners/plans/:id',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: 'Delete a partner plan; refused while a partner uses it.',
    params: z.object({ id }),
    response: okResponse,
  }),
  referrals: defineEndpoint({
    method: 'GET',
    path: '/partners/referrals',
    access: PARTNER_AREA,
    tag: 'Partners',
    summary: "The acting partner's referrals with what each earned, and its referral link.",
    response: referralsResponse,
  }),
  referralCreate: defineEndpoint({
    method: 'POST',
    path: '/partners/referrals',
    access: PARTNER_AREA,
    tag: 'Partners',
    summary: 'Attach a customer as a referral: a partner its own clients, an operator any customer not yet referred.',
    body: referralInput,
    response: referralSchema,
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/partners/referrals/payouts',
    access: PARTNER_AREA,
    tag: 'Partners',
    summary: "The acting partner's earnings per month, payouts made and balance.",
    response: payoutsResponse,
  }),
  payout: defineEndpoint({
    method: 'GET',
    path: '/partners/payouts/:id',
    access: PARTNER_AREA,
    tag: 'Partners',
    summary: 'One payout (its partner or an operator).',
    params: z.object({ id }),
    response: payoutSchema,
  }),
  payoutRecord: defineEndpoint({
    method: 'POST',
    path: '/partners/payouts/:id',
    access: SUPERADMIN,
    tag: 'Partners',
    summary: "Record a payout to partner {id}; idempotent by the partner's invoice number (rec_inv_id).",
    params: z.object({ id }),
    body: payoutInput,
    response: payoutSchema,
  }),
  linkCheck: defineEndpoint({
    method: 'GET',
    path: '/partners/referrals/link/:token',
    access: 'public',
    tag: 'Partners',
    summary: 'Which partner a referral link belongs to (the sign-up page shows it).',
    params: referralCode,
    response: z.object({ partner: z.string() }),
  }),
  linkSignup: defineEndpoint({
    method: 'POST',
    path: '/partners/referrals/link/:token',
    access: 'public',
    tag: 'Partners',
    summary: "Open an account through a partner's referral link: a client of the partner and its referral.",
    params: referralCode,
    body: referralSignupInput,
    response: z.object({ message: z.string(), vetting_url: z.string().nullable() }),
  }),
} as const;
