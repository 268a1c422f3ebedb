import {
  type Addon,
  addonInput,
  type BillingItem,
  type BillingItemTableOptions,
  billingItemInput,
  customerAddonInput,
  customerTierInput,
  formatMinor,
  minorDigits,
  parseMajor,
  type Tier,
  taxInput,
  tierInput,
} from '@mailwright/contract';
import { z } from 'zod';

/**
 * The billing forms as people fill them: prices in major units ("9.00"), counts as text. Each form's schema reads
 * that text (integer arithmetic, no float) and hands the result to the contract's own schema, so the server's rules
 * and texts apply unchanged and its field errors land on the same fields.
 */

const amountError = (currency: string) => {
  const digits = minorDigits(currency);
  return digits === 0 ? 'Enter a whole amount, such as 9' : `Enter an amount such as 9.${'0'.repeat(digits)}`;
};

/** Major-unit text to minor units, or a field issue (a sign or letters are refused here, before the server). */
function readAmount(text: string, currency: string, path: string, ctx: z.RefinementCtx): number | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'A price cannot be negative' });
    return undefined;
  }
  const value = parseMajor(trimmed, /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'EUR');
  if (value === null) ctx.addIssue({ code: 'custom', path: [path], message: amountError(currency) });
  return value ?? undefined;
}

function readCount(text: string, path: string, ctx: z.RefinementCtx): number | undefined {
  if (/^\s*\d{1,13}\s*$/.test(text)) return Number(text.trim());
  ctx.addIssue({ code: 'custom', path: [path], message: 'Enter a whole number' });
  return undefined;
}

/** Reads the named money and count fields; any unreadable one stops the form there (z.NEVER). */
function readFields<T extends Record<string, unknown> & { currency: string }>(
  money: string[],
  counts: string[],
): (v: T, ctx: z.RefinementCtx) => Record<string, unknown> {
  return (v, ctx) => {
    const out: Record<string, unknown> = { ...v };
    let ok = true;
    for (const key of money) {
      const value = readAmount(String(v[key] ?? ''), v.currency, key, ctx);
      if (value === undefined) ok = false;
      out[key] = value;
    }
    for (const key of counts) {
      const value = readCount(String(v[key] ?? ''), key, ctx);
      if (value === undefined) ok = false;
      out[key] = value;
    }
    return ok ? out : z.NEVER;
  };
}

const text = z.string();

/**
 * Hands what a form read to the contract's schema, its issues becoming the form's field errors. (A zod pipe would do
 * the same, but its types want the contract's input and the transform's output to match exactly.)
 */
function thenParse<S extends z.ZodType>(schema: S) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<S> => {
    if (value === z.NEVER) return z.NEVER;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  };
}

export const tierForm = z
  .object({
    name: text,
    msg_included: text,
    price: text,
    currency: text,
    overage_per_1000: text,
    hard_cap: z.boolean(),
  })
  .transform((v, ctx) =>
    thenParse(tierInput)(readFields(['price', 'overage_per_1000'], ['msg_included'])(v, ctx), ctx),
  );
export type TierForm = z.input<typeof tierForm>;

export const tierFormValues = (t: Tier | null): TierForm => ({
  name: t?.name ?? '',
  msg_included: t ? String(t.msg_included) : '',
  price: t ? formatMinor(t.price, t.currency) : '',
  currency: t?.currency ?? 'EUR',
  overage_per_1000: t ? formatMinor(t.overage_per_1000, t.currency) : '0',
  hard_cap: t?.hard_cap ?? false,
});

export const addonForm = z
  .object({
    name: text,
    description: text,
    unit: text,
    kind: text,
    messages_per_unit: text,
    price: text,
    currency: text,
  })
  .transform((v, ctx) => thenParse(addonInput)(readFields(['price'], ['messages_per_unit'])(v, ctx), ctx));
export type AddonForm = z.input<typeof addonForm>;

export const addonFormValues = (a: Addon | null): AddonForm => ({
  name: a?.name ?? '',
  description: a?.description ?? '',
  unit: a?.unit ?? '',
  kind: a?.kind ?? 'dedicated_ip',
  messages_per_unit: a ? String(a.messages_per_unit) : '0',
  price: a ? formatMinor(a.price, a.currency) : '',
  currency: a?.currency ?? 'EUR',
});

export const itemForm = z
  .object({
    cid: z.number(),
    did: z.number().nullable(),
    description: text,
    price: text,
    currency: text,
    qty: text,
    active: z.boolean(),
    recurring: z.boolean(),
    start: text,
    end: text,
  })
  .transform((v, ctx) => {
    const read = readFields<typeof v>(['price'], ['qty'])(v, ctx);
    return thenParse(billingItemInput)(
      read === z.NEVER ? z.NEVER : { ...read, end: v.end.trim() === '' ? null : v.end },
      ctx,
    );
  });
export type ItemForm = z.input<typeof itemForm>;

export const itemFormValues = (cid: number, item: BillingItem | null, currency: string): ItemForm => ({
  cid,
  did: item?.did ?? null,
  description: item?.description ?? '',
  price: item ? formatMinor(item.price, item.currency) : '',
  currency: item?.currency ?? currency,
  qty: item ? String(item.qty) : '1',
  active: item?.active ?? true,
  recurring: item?.recurring ?? false,
  start: item?.start ?? new Date().toISOString().slice(0, 10),
  end: item?.end ?? '',
});

/** Tax as a percentage with up to two decimals ("21", "7.5") into basis points (2100, 750). */
export const taxForm = z.object({ tax_rate_bp: text, tax_id: text }).transform((v, ctx) => {
  const bp = parseMajor(v.tax_rate_bp, 'EUR'); // two decimals, as basis points are hundredths of a percent
  if (bp === null) {
    ctx.addIssue({ code: 'custom', path: ['tax_rate_bp'], message: 'Enter a percentage such as 21 or 7.5' });
    return z.NEVER;
  }
  return thenParse(taxInput)({ tax_rate_bp: bp, tax_id: v.tax_id }, ctx);
});
export type TaxForm = z.input<typeof taxForm>;

/** A datetime-local value (no zone: the browser's) as ISO 8601; left as typed when unreadable, for the schema to refuse. */
const localToIso = (value: string) => (Number.isNaN(Date.parse(value)) ? value : new Date(value).toISOString());

/** A tier from now, or from a local date and time the operator picks (datetime-local gives no zone). */
export const customerTierForm = z
  .object({ btid: text, effective_at: text })
  .transform((v, ctx) =>
    thenParse(customerTierInput)(
      { btid: Number(v.btid), ...(v.effective_at ? { effective_at: localToIso(v.effective_at) } : {}) },
      ctx,
    ),
  );
export type CustomerTierForm = z.input<typeof customerTierForm>;

/** A customer's add-on: qty as text, dates from date fields (YYYY-MM-DD), end optional. */
export const customerAddonForm = z.object({ baid: text, qty: text, start: text, end: text }).transform((v, ctx) => {
  const qty = readCount(v.qty, 'qty', ctx);
  if (qty === undefined) return z.NEVER;
  const end = v.end.trim() === '' ? null : v.end;
  return thenParse(customerAddonInput)({ baid: Number(v.baid), qty, start: v.start, end }, ctx);
});
export type CustomerAddonForm = z.input<typeof customerAddonForm>;

/** Basis points as the percentage text the tax form shows: 2100 → "21", 750 → "7.5". */
export const percentOf = (bp: number) => formatMinor(bp, 'EUR').replace(/\.?0+$/, '') || '0';

/**
 * The billing item table's options as the list call sends them. They start empty (spec 9): no sort, order or search
 * is sent until the operator picks one, and the server answers the options it applied (none at first).
 */
export function itemTableOptions(page: { sort?: string | undefined; order: 'asc' | 'desc'; search: string }) {
  const options: BillingItemTableOptions = {};
  if (page.sort) {
    options.sort = page.sort as NonNullable<BillingItemTableOptions['sort']>;
    options.order = page.order;
  }
  if (page.search) options.search = page.search;
  return options;
}
