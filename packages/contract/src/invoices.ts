import { z } from 'zod';
import { id, okResponse } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, SUPERADMIN } from './roles.ts';

/**
 * Usage, invoices and payment (issue 14, part 2): what a customer's admin sees on the billing screen (`GET billing`),
 * the invoices the closing job made (`billing/invoices`), each invoice's breakdown file (CSV per domain per day, or
 * the invoice as a PDF) and `payment/start/{id}` (a Stripe Checkout Session). Money is integer minor units with an
 * ISO 4217 currency; periods are calendar months in UTC, `period_end` exclusive (the first day of the next month).
 */

export const INVOICE_MSG = {
  notFound: 'Invoice not found!',
  /** The invoice list's 404 (spec 8: the console sets its no-invoice flag on it). */
  noInvoices: 'No invoices yet',
  paymentOff: 'Online payment is not enabled on this installation; an operator marks invoices paid',
  alreadyPaid: 'This invoice is already paid',
  nothingDue: 'Nothing is due on this invoice',
  markedPaid: 'Invoice marked paid!',
  tierNotFound: 'Tier not found!',
  sameTier: 'You are on this tier already',
  tierChanged: 'Tier changed!',
} as const;

export const INVOICE_LINE_KINDS = ['tier', 'overage', 'addon', 'item'] as const;
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;

/** One line of an invoice (or of the estimate): qty × unit_price, or a prorated amount (the description says so). */
export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  qty: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
  domain_id: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** The money part an invoice and the estimate share. */
const amounts = {
  currency: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number().int(),
  /** Tax rate in basis points (2000 = 20%) and the customer's tax ID, as set for the customer. */
  tax_rate_bp: z.number().int(),
  tax_id: z.string(),
  tax: z.number().int(),
  total: z.number().int(),
};

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** YYYY-MM-DD; period_end is exclusive (the first day of the next period). */
  period_start: z.string(),
  period_end: z.string(),
  ...amounts,
  status: z.enum(INVOICE_STATUSES),
  paid_at: z.string().nullable(),
  /** What Stripe refunded of it so far (minor units, at most the total): "Refunded" or "Partly refunded". */
  refunded: z.number().int(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceList = z.object({ items: z.array(invoiceSchema), total: z.number().int() });
export type InvoiceList = z.infer<typeof invoiceList>;

export const billingTierSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  msg_included: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  overage_per_1000: z.number().int(),
  hard_cap: z.boolean(),
});
export type BillingTierSummary = z.infer<typeof billingTierSummary>;

/** `GET billing`: the tier, the current period, usage so far against the allowance and the estimated invoice. */
export const billingOverview = z.object({
  tier: billingTierSummary.nullable(),
  period_start: z.string(),
  period_end: z.string(),
  usage: z.object({
    /** Messages accepted this period (from the daily rollups). */
    used: z.number().int(),
    /** The tier's messages plus extra-message add-ons; null without a tier. */
    allowance: z.number().int().nullable(),
  }),
  /** The invoice this period would make if it closed now (usage so far); null when nothing is billed. */
  estimate: z.object(amounts).nullable(),
  /** Whether Pay buttons make sense: Stripe keys are set on this installation. */
  payment_enabled: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const BREAKDOWN_FORMATS = ['csv', 'pdf'] as const;
export const breakdownQuery = z.object({ format: z.enum(BREAKDOWN_FORMATS).default('csv') });

export const paymentStartAnswer = z.object({ url: z.string() });
export type PaymentStartAnswer = z.infer<typeof paymentStartAnswer>;

/** A tier change: Checkout's URL when there is something to pay now, else the change is made and `message` says so. */
export const tierChangeAnswer = paymentStartAnswer.extend({ message: z.string() });

const tag = 'Billing';

export const invoicesEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/billing',
    access: ADMINS,
    tag,
    summary: 'The current tier, the period, messages accepted so far against the allowance and the estimated invoice.',
    response: billingOverview,
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/billing/invoices',
    access: ADMINS,
    tag,
    summary: "The customer's invoices, newest first; 404 when it has none (the console's no-invoice flag).",
    response: invoiceList,
  }),
  breakdown: defineEndpoint({
    method: 'GET',
    path: '/billing/invoice/:id/breakdown',
    access: ADMINS,
    tag,
    summary:
      'A file: the usage breakdown as CSV (domain, day, messages accepted), or with format=pdf the invoice as a PDF.',
    params: z.object({ id }),
    query: breakdownQuery,
    // The answer is the file itself (text/csv or application/pdf), not JSON.
    response: z.string(),
  }),
  markPaid: defineEndpoint({
    method: 'PUT',
    path: '/billing/invoice/:id/paid',
    access: SUPERADMIN,
    tag,
    summary: 'Operators: mark an invoice paid by hand (payment outside Stripe, or Stripe not set up).',
    params: z.object({ id }),
    response: okResponse.extend({ invoice: invoiceSchema }),
  }),
  paymentStart: defineEndpoint({
    method: 'POST',
    path: '/payment/start/:id',
    access: ADMINS,
    tag,
    summary:
      'Start paying an open invoice: creates a Stripe Checkout Session and answers its URL (409 when Stripe is off or nothing is due).',
    params: z.object({ id }),
    response: paymentStartAnswer,
  }),
  paymentTier: defineEndpoint({
    method: 'POST',
    path: '/payment/tier/:btid',
    access: ADMINS,
    tag,
    summary:
      "Change to another tier: Checkout for the new tier's price over the rest of this month (deducted on the month's invoice), applied once Stripe confirms; with nothing to pay now it is applied at once.",
    params: z.object({ btid: id }),
    response: tierChangeAnswer,
  }),
};
