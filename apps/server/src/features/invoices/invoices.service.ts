import { type BillingOverview, INVOICE_MSG } from '@mailwright/contract';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { planAt } from '../../mail/policy/billing-plan.ts';
import { billPeriod } from './billing-period.ts';
import { breakdownCsv, invoicePdf } from './invoice-files.ts';
import { isoDay, monthOf } from './invoice-math.ts';
import { findInvoice, listInvoices, markInvoicePaid, type StoredInvoice } from './invoices.repo.ts';
import { usageBreakdown } from './usage.repo.ts';

const publicInvoice = ({ customer_id: _, ...invoice }: StoredInvoice) => invoice;

/** GET billing: the tier now, this month so far and what it would cost if it closed now. */
export async function billingOverview(deps: Deps, auth: AuthContext, now = new Date()): Promise<BillingOverview> {
  const period = monthOf(now);
  const [plan, bill] = await Promise.all([planAt(deps.db, auth.cid, now), billPeriod(deps.db, auth.cid, period, now)]);
  const estimate = bill.amounts ? (({ allowance: _a, skipped: _s, ...rest }) => rest)(bill.amounts) : null;
  return {
    tier: plan
      ? {
          id: plan.tierId,
          name: plan.name,
          msg_included: plan.msgIncluded,
          price: plan.price,
          currency: plan.currency,
          overage_per_1000: plan.overagePer1000,
          hard_cap: plan.hardCap,
        }
      : null,
    period_start: isoDay(period.start),
    period_end: isoDay(period.end),
    usage: { used: bill.used, allowance: plan ? plan.msgIncluded + plan.extraMessages : null },
    estimate,
    payment_enabled: deps.config.stripe !== null,
  };
}

/** billing/invoices: 404 when there are none, which the console reads as its no-invoice flag (spec 8). */
export async function invoicesOf(deps: Deps, auth: AuthContext) {
  const items = await listInvoices(deps.db, auth.cid);
  if (!items.length) throw notFound(INVOICE_MSG.noInvoices);
  return { items: items.map(publicInvoice), total: items.length };
}

/**
 * billing/invoice/{id}/breakdown: the file itself (CSV or PDF), written to the raw reply, since the route helper
 * answers JSON. The answer the helper then parses is a short note nobody receives.
 */
export async function sendBreakdown(
  deps: Deps,
  auth: AuthContext,
  id: number,
  format: 'csv' | 'pdf',
  reply: FastifyReply,
): Promise<string> {
  const invoice = await findInvoice(deps.db, id, auth.cid);
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  let body: Buffer;
  let type: string;
  if (format === 'pdf') {
    const company = await deps.db.maybeOne<{ name: string; address: string }>(
      `SELECT coalesce(company ->> 'name', name) AS name, coalesce(company ->> 'address', '') AS address
         FROM customers WHERE id = $1`,
      [invoice.customer_id],
    );
    body = await invoicePdf(invoice, company ?? { name: '', address: '' });
    type = 'application/pdf';
  } else {
    const rows = await usageBreakdown(
      deps.db,
      invoice.customer_id,
      new Date(`${invoice.period_start}T00:00:00Z`),
      new Date(`${invoice.period_end}T00:00:00Z`),
    );
    body = Buffer.from(breakdownCsv(invoice, rows), 'utf8');
    type = 'text/csv; charset=utf-8';
  }
  const name = `${invoice.number}${format === 'pdf' ? '' : '-breakdown'}.${format}`;
  // Hijacked: Fastify leaves the raw response to us and sends nothing more after the handler.
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
  reply.raw.end(body);
  return name;
}

/** Operators: mark paid by hand (a bank transfer, or Stripe not set up). */
export async function markPaidByOperator(deps: Deps, auth: AuthContext, id: number) {
  const invoice = await findInvoice(deps.db, id, null);
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  if (invoice.status !== 'open') throw new HttpError(409, INVOICE_MSG.alreadyPaid);
  const user = await deps.db.maybeOne<{ username: string }>('SELECT username FROM users WHERE id = $1', [auth.uid]);
  await markInvoicePaid(deps.db, id, `operator:${user?.username ?? auth.uid}`);
  const updated = await findInvoice(deps.db, id, null);
  if (!updated) throw notFound(INVOICE_MSG.notFound);
  return { message: INVOICE_MSG.markedPaid, invoice: publicInvoice(updated) };
}
