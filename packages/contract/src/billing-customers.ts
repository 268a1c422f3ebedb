import { z } from 'zod';
import { ADDON_KINDS } from './billing-catalogue.ts';
import { currencyCode, priceMinor } from './billing-money.ts';
import { DATE_YEARS, id, isoDateTime, isSaneIsoDate, sortOrder } from './common.ts';

/** A customer's billing (issue 14, part 1): billing items, add-ons, the tier history and tax settings. */

/** A calendar date, YYYY-MM-DD (billing items run from a day to a day, end included). */
export const calendarDate = z
  .string({ error: 'Enter a date' })
  .trim()
  .regex(/^\d{4}-\d\d-\d\d$/, 'Enter a date such as 2026-01-31')
  .refine(
    (v) => isSaneIsoDate(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    `Enter a real date from ${DATE_YEARS.min} to ${DATE_YEARS.max}`,
  );

function endNotBeforeStart(v: { start?: string | undefined; end?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (v.start && v.end && Date.parse(v.end) < Date.parse(v.start)) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end cannot be before the start' });
  }
}

const qty = z
  .number({ error: 'Enter a quantity' })
  .int('A quantity is a whole number')
  .min(1, 'The quantity must be at least 1')
  .max(1_000_000, 'This quantity is too large');

/** Spec 3's Billing item: cid, did, description, price, qty, active, recurring, start, end. */
export const billingItemSchema = z.object({
  biid: z.number().int(),
  cid: z.number().int(),
  did: z.number().int().nullable(),
  /** The domain's name, when the item is for one domain. */
  domain: z.string().nullable(),
  description: z.string(),
  /** Price of one unit in minor units: one-off once, recurring every month it is active in. */
  price: z.number().int(),
  currency: z.string(),
  qty: z.number().int(),
  active: z.boolean(),
  recurring: z.boolean(),
  start: z.string(),
  end: z.string().nullable(),
  created_at: z.string(),
});
export type BillingItem = z.infer<typeof billingItemSchema>;

export const billingItemInput = z
  .object({
    cid: id,
    did: id.nullable().default(null),
    description: z.string().trim().min(1, 'This field is required').max(500, 'A description is at most 500 characters'),
    price: priceMinor,
    currency: currencyCode,
    qty,
    active: z.boolean().default(true),
    recurring: z.boolean().default(false),
    start: calendarDate,
    end: calendarDate.nullable().default(null),
  })
  .superRefine(endNotBeforeStart);
export type BillingItemInput = z.input<typeof billingItemInput>;

export const BILLING_ITEM_SORTS = ['start', 'description', 'price', 'created_at'] as const;

/** The list's table options (sort, order, search): none unless the caller gives them (spec 9: they start empty). */
export const billingItemTableOptions = z.object({
  sort: z.enum(BILLING_ITEM_SORTS).optional(),
  order: sortOrder.optional(),
  search: z.string().optional(),
});
export type BillingItemTableOptions = z.infer<typeof billingItemTableOptions>;

export const billingItemListQuery = z.object({
  cid: id,
  limit: z.coerce.number().int().min(0).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  sort: z.enum(BILLING_ITEM_SORTS).optional(),
  order: sortOrder.optional(),
  search: z.string().max(200).optional(),
});
export type BillingItemListQuery = z.input<typeof billingItemListQuery>;

/** Spec 3: the billing item list holds items, total and the table options it was read with. */
export const billingItemList = z.object({
  items: z.array(billingItemSchema),
  total: z.number().int(),
  table_options: billingItemTableOptions,
});
export type BillingItemList = z.infer<typeof billingItemList>;

/** A customer's add-on: qty units of a catalogue add-on, from start until end (none: until removed). */
export const customerAddonSchema = z.object({
  caid: z.number().int(),
  baid: z.number().int(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(ADDON_KINDS),
  price: z.number().int(),
  currency: z.string(),
  qty: z.number().int(),
  start: z.string(),
  end: z.string().nullable(),
});
export type CustomerAddon = z.infer<typeof customerAddonSchema>;

const when = isoDateTime.or(calendarDate);
export const customerAddonInput = z
  .object({ baid: id, qty, start: when, end: when.nullable().default(null) })
  .superRefine((v, ctx) => {
    if (v.end && Date.parse(v.end) <= Date.parse(v.start)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
    }
  });
export type CustomerAddonInput = z.input<typeof customerAddonInput>;

export const customerTierSchema = z.object({
  ctid: z.number().int(),
  btid: z.number().int(),
  label: z.string(),
  name: z.string(),
  /** The tier's currency: what the customer is billed in (billing items must use it). */
  currency: z.string(),
  effective_at: z.string(),
});

/** A customer's billing settings as operators see them. */
export const customerBillingSchema = z.object({
  cid: z.number().int(),
  customer: z.string(),
  /** Tax in basis points (2100 = 21%) and the customer's tax ID; nothing country-specific is built in. */
  tax_rate_bp: z.number().int(),
  tax_id: z.string(),
  /** The tier in effect now, and the history (newest first), including changes scheduled for later. */
  tier: customerTierSchema.nullable(),
  tiers: z.array(customerTierSchema),
  addons: z.array(customerAddonSchema),
  /** The customer's domains, which a billing item may name. */
  domains: z.array(z.object({ did: z.number().int(), name: z.string() })),
});
export type CustomerBilling = z.infer<typeof customerBillingSchema>;

export const taxInput = z.object({
  tax_rate_bp: z
    .number({ error: 'Enter a tax rate' })
    .int('Give the rate in basis points (2100 = 21%)')
    .min(0, 'A tax rate cannot be negative')
    .max(10_000, 'A tax rate is at most 100%'),
  tax_id: z.string().trim().max(50, 'A tax ID is at most 50 characters').default(''),
});
export type TaxInput = z.input<typeof taxInput>;

/** Put a customer on a tier, now or from a given moment. */
export const customerTierInput = z.object({ btid: id, effective_at: isoDateTime.optional() });
export type CustomerTierInput = z.input<typeof customerTierInput>;
