import { z } from 'zod';
import { currencyCode, formatMinor, priceMinor } from './billing-money.ts';
import { pageQuery } from './common.ts';
import { queryBool } from './stats.ts';

/**
 * The billing catalogue (issue 14, part 1; spec 3, 7, 8 and 9): tiers and add-ons (superadmin), a customer's tier,
 * tax and add-ons, and billing items (one-off or recurring charges per customer, optionally per domain). Money is
 * integer minor units with an ISO 4217 currency (billing-money.ts).
 */

/** Spec 8 texts, spelled as the spec spells them (and ours beside them). */
export const BILLING_MSG = {
  tierAdded: 'Tier added successfully!',
  tierSaved: 'Tier saved!',
  tierRetired: 'Tier retired!',
  tierRestored: 'Tier restored!',
  tierNotFound: 'Tier not found!',
  addonAdded: 'Add-on added!',
  addonSaved: 'Add-on saved!',
  addonRetired: 'Add-on retired!',
  addonRestored: 'Add-on restored!',
  addonDeleted: 'Add-on deleted!',
  addonNotFound: 'Add-on not found!',
  addonInUse: 'This add-on is on a customer: retire it instead',
  itemSaved: 'Billing item saved!',
  itemDeleted: 'Billing item deleted!',
  itemNotFound: 'BillingItem not found!',
  customerNotFound: 'Customer not found!',
  settingsSaved: 'Saved succesfully!',
  tierSet: 'Tier set!',
  customerAddonNotFound: "The customer's add-on was not found",
} as const;

const count = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`${what} is a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000_000_000, `${what} is too large`);

/** Spec 3's Tier (btid, msg_included, price, currency) and what a tier decides about overage. */
export const tierSchema = z.object({
  btid: z.number().int(),
  name: z.string(),
  msg_included: z.number().int(),
  /** Monthly price in minor units. */
  price: z.number().int(),
  currency: z.string(),
  /** Price of each started 1,000 messages beyond the allowance, minor units; unused on a hard-capped tier. */
  overage_per_1000: z.number().int(),
  /** A hard cap (a free tier) refuses mail beyond the allowance instead of billing overage. */
  hard_cap: z.boolean(),
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type Tier = z.infer<typeof tierSchema>;

/**
 * Spec 3's tier label, '{msg_included} emails - {price} {currency}', with the price in major units as the
 * currency writes it (minor units 900 EUR → "9.00"): "10000 emails - 9.00 EUR".
 */
export function tierLabel(t: Pick<Tier, 'msg_included' | 'price' | 'currency'>): string {
  return `${t.msg_included} emails - ${formatMinor(t.price, t.currency)} ${t.currency}`;
}

export const tierInput = z.object({
  name: z.string().trim().max(100, 'A name is at most 100 characters').default(''),
  msg_included: count('Messages included'),
  price: priceMinor,
  currency: currencyCode,
  overage_per_1000: priceMinor.default(0),
  hard_cap: z.boolean().default(false),
});
export type TierInput = z.input<typeof tierInput>;

/** Retired tiers (and add-ons) stay for the invoices and customers that name them; they are offered to nobody new. */
export const retireInput = z.object({ retired: z.boolean() });

export const ADDON_KINDS = ['dedicated_ip', 'seed_tests', 'log_retention', 'extra_messages', 'other'] as const;
export type AddonKind = (typeof ADDON_KINDS)[number];

export const addonSchema = z.object({
  baid: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** What one unit is ('IP', '100 seed tests', '10,000 messages'). */
  unit: z.string(),
  kind: z.enum(ADDON_KINDS),
  /** extra_messages: messages each unit adds to the monthly allowance. */
  messages_per_unit: z.number().int(),
  /** Monthly price of one unit, minor units. */
  price: z.number().int(),
  currency: z.string(),
  retired: z.boolean(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type Addon = z.infer<typeof addonSchema>;

export const addonInput = z
  .object({
    name: z.string().trim().min(1, 'This field is required').max(100, 'A name is at most 100 characters'),
    description: z.string().trim().max(500, 'A description is at most 500 characters').default(''),
    unit: z.string().trim().min(1, 'This field is required').max(50, 'A unit is at most 50 characters'),
    kind: z.enum(ADDON_KINDS, { error: 'Choose a kind' }),
    messages_per_unit: count('Messages per unit').default(0),
    price: priceMinor,
    currency: currencyCode,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'extra_messages' && v.messages_per_unit < 1) {
      ctx.addIssue({ code: 'custom', path: ['messages_per_unit'], message: 'Give the messages each unit adds' });
    }
  });
export type AddonInput = z.input<typeof addonInput>;

/** tiers fetched with limit 0 = all (spec 9); superlist (superadmin) adds the retired ones. */
export const catalogueQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(0).max(1000).default(0),
  superlist: queryBool.optional(),
});
