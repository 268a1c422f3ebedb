import { z } from 'zod';
import { currencyCode, formatMinor, priceMinor } from './billing-money.ts';
import { DATE_YEARS, id, isoDateTime, isSaneIsoDate, okResponse, pageQuery, sortOrder } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, SUPERADMIN } from './roles.ts';
import { queryBool } from './stats.ts';

export * from './billing-money.ts';

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

const tag = 'Billing';
const btidParams = z.object({ btid: id });
const baidParams = z.object({ baid: id });
const biidParams = z.object({ biid: id });
const cidParams = z.object({ cid: id });
const caidParams = z.object({ cid: id, caid: id });
const message = { message: z.string() };

export const billingCatalogueEndpoints = {
  tiers: defineEndpoint({
    method: 'GET',
    path: '/billing/tiers',
    access: ADMINS,
    tag,
    summary: 'Billing tiers (limit 0: all); a superadmin with superlist=true also gets the retired ones.',
    query: catalogueQuery,
    response: z.object({ items: z.array(tierSchema), total_count: z.number().int() }),
  }),
  createTier: defineEndpoint({
    method: 'POST',
    path: '/billing/tiers',
    access: SUPERADMIN,
    tag,
    summary: "Add a tier ('Tier added successfully!').",
    body: tierInput,
    response: tierSchema.extend(message),
  }),
  updateTier: defineEndpoint({
    method: 'PUT',
    path: '/billing/tiers/:btid',
    access: SUPERADMIN,
    tag,
    summary: 'Edit a tier (applies to the periods not yet invoiced of every customer on it).',
    params: btidParams,
    body: tierInput,
    response: tierSchema.extend(message),
  }),
  retireTier: defineEndpoint({
    method: 'PUT',
    path: '/billing/tiers/:btid/retired',
    access: SUPERADMIN,
    tag,
    summary: 'Retire a tier (offered to nobody new; customers on it stay) or restore it.',
    params: btidParams,
    body: retireInput,
    response: tierSchema.extend(message),
  }),
  addons: defineEndpoint({
    method: 'GET',
    path: '/billing/addons',
    access: ADMINS,
    tag,
    summary: 'Billing add-ons (limit 0: all); a superadmin with superlist=true also gets the retired ones.',
    query: catalogueQuery,
    response: z.object({ items: z.array(addonSchema), total_count: z.number().int() }),
  }),
  createAddon: defineEndpoint({
    method: 'POST',
    path: '/billing/addons',
    access: SUPERADMIN,
    tag,
    summary: 'Add an add-on.',
    body: addonInput,
    response: addonSchema.extend(message),
  }),
  updateAddon: defineEndpoint({
    method: 'PUT',
    path: '/billing/addons/:baid',
    access: SUPERADMIN,
    tag,
    summary: 'Edit an add-on.',
    params: baidParams,
    body: addonInput,
    response: addonSchema.extend(message),
  }),
  retireAddon: defineEndpoint({
    method: 'PUT',
    path: '/billing/addons/:baid/retired',
    access: SUPERADMIN,
    tag,
    summary: 'Retire an add-on or restore it.',
    params: baidParams,
    body: retireInput,
    response: addonSchema.extend(message),
  }),
  deleteAddon: defineEndpoint({
    method: 'DELETE',
    path: '/billing/addons/:baid',
    access: SUPERADMIN,
    tag,
    summary: 'Delete an add-on no customer has had (409 otherwise: retire it).',
    params: baidParams,
    response: okResponse,
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/billing/items',
    access: SUPERADMIN,
    tag,
    summary: "A customer's billing items with total and the table options they were read with.",
    query: billingItemListQuery,
    response: billingItemList,
  }),
  createItem: defineEndpoint({
    method: 'POST',
    path: '/billing/items',
    access: SUPERADMIN,
    tag,
    summary: 'Add a billing item (400 with field errors for bad input).',
    body: billingItemInput,
    response: billingItemSchema.extend(message),
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/billing/items/:biid',
    access: SUPERADMIN,
    tag,
    summary: "One billing item ('BillingItem not found!').",
    params: biidParams,
    response: billingItemSchema,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/billing/items/:biid',
    access: SUPERADMIN,
    tag,
    summary: 'Change a billing item; its customer stays (a cid naming another customer is a 404).',
    params: biidParams,
    body: billingItemInput,
    response: billingItemSchema.extend(message),
  }),
  deleteItem: defineEndpoint({
    method: 'DELETE',
    path: '/billing/items/:biid',
    access: SUPERADMIN,
    tag,
    summary: 'Delete a billing item.',
    params: biidParams,
    response: okResponse,
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/billing/customers/:cid',
    access: SUPERADMIN,
    tag,
    summary: "A customer's billing settings: tier (current and history), tax, add-ons.",
    params: cidParams,
    response: customerBillingSchema,
  }),
  setTax: defineEndpoint({
    method: 'PUT',
    path: '/billing/customers/:cid/tax',
    access: SUPERADMIN,
    tag,
    summary: "Set a customer's tax rate (basis points) and tax ID.",
    params: cidParams,
    body: taxInput,
    response: customerBillingSchema.extend(message),
  }),
  setTier: defineEndpoint({
    method: 'POST',
    path: '/billing/customers/:cid/tier',
    access: SUPERADMIN,
    tag,
    summary: 'Put a customer on a tier from now or from effective_at (a retired tier is refused).',
    params: cidParams,
    body: customerTierInput,
    response: customerBillingSchema.extend(message),
  }),
  addCustomerAddon: defineEndpoint({
    method: 'POST',
    path: '/billing/customers/:cid/addons',
    access: SUPERADMIN,
    tag,
    summary: 'Give a customer qty units of an add-on from start (until end, or until removed).',
    params: cidParams,
    body: customerAddonInput,
    response: customerBillingSchema.extend(message),
  }),
  updateCustomerAddon: defineEndpoint({
    method: 'PUT',
    path: '/billing/customers/:cid/addons/:caid',
    access: SUPERADMIN,
    tag,
    summary: "Change a customer's add-on (qty, start, end).",
    params: caidParams,
    body: customerAddonInput,
    response: customerBillingSchema.extend(message),
  }),
  removeCustomerAddon: defineEndpoint({
    method: 'DELETE',
    path: '/billing/customers/:cid/addons/:caid',
    access: SUPERADMIN,
    tag,
    summary: "Remove a customer's add-on.",
    params: caidParams,
    response: customerBillingSchema.extend(message),
  }),
};
