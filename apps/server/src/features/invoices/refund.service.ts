import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';

/**
 * Refunds recorded from Stripe's webhook (docs/billing.md, "Refunds"): a refund names the payment intent it gives
 * money back from; the Checkout Session that paid an invoice kept that payment intent when it completed, so the
 * refund finds its invoice. Each refund is recorded once by its Stripe id (charge.refunded, refund.created and
 * charge.refund.updated may all carry the same one), only once it succeeded, and never beyond the invoice's total
 * (clamped, and logged: it would mean Stripe refunded more than we billed). Partner payouts read invoice_refunds.
 */

export interface RefundSeen {
  /** Stripe's refund id (re_…), or for a charge whose refunds list is not included, `<charge id>@<refunded total>`. */
  key: string;
  /** The refund's amount, or with runningTotal the charge's refunded total so far (amount_refunded). */
  amount: number;
  runningTotal: boolean;
  paymentIntent: string;
  charge: string | null;
  at: Date;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The succeeded refunds one event carries (none for a pending or failed one, or without a payment intent). */
export function refundsOf(event: Stripe.Event): RefundSeen[] {
  switch (event.type) {
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      const pi = idOf(refund.payment_intent);
      if (!pi || refund.status !== 'succeeded') return [];
      const at = new Date(refund.created * 1000);
      return [
        {
          key: refund.id,
          amount: refund.amount,
          runningTotal: false,
          paymentIntent: pi,
          charge: idOf(refund.charge),
          at,
        },
      ];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const pi = idOf(charge.payment_intent);
      if (!pi) return [];
      const listed = charge.refunds?.data;
      if (listed?.length) {
        return listed
          .filter((r) => r.status === 'succeeded')
          .map((r) => ({
            key: r.id,
            amount: r.amount,
            runningTotal: false,
            paymentIntent: pi,
            charge: charge.id,
            at: new Date(r.created * 1000),
          }));
      }
      // API versions since 2022-11-15 leave the list out: amount_refunded is the charge's running total, so what is
      // not recorded yet is the difference (recordRefund tops the invoice up to it, keyed by the total).
      return [
        {
          key: `${charge.id}@${charge.amount_refunded}`,
          amount: charge.amount_refunded,
          runningTotal: true,
          paymentIntent: pi,
          charge: charge.id,
          at: new Date(event.created * 1000),
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * Records one refund against the invoice its payment intent paid; answers whether a row was written (false for an
 * unknown payment intent, a refund already recorded, or nothing left to refund). Both kinds meet without counting a
 * refund twice: a running total records only what the refunds recorded so far do not cover, and once a charge is
 * recorded by running totals its refunds' own events are left to them (Stripe sends charge.refunded for each one).
 */
export async function recordRefund(tx: Db, log: Logger | undefined, seen: RefundSeen): Promise<boolean> {
  const invoice = await tx.maybeOne<{ id: number; total: number | string; refunded: number | string }>(
    `SELECT i.id, i.total, (SELECT coalesce(sum(r.amount), 0) FROM invoice_refunds r WHERE r.invoice_id = i.id)
       AS refunded
       FROM payment_sessions s JOIN invoices i ON i.id = s.invoice_id
      WHERE s.payment_intent = $1 FOR UPDATE OF i`,
    [seen.paymentIntent],
  );
  // A tier change's payment, or another product's on the same Stripe account: nothing of ours to record.
  if (!invoice) return false;
  const done = await tx.maybeOne(
    `SELECT 1 FROM invoice_refunds WHERE stripe_refund_id = $1 OR ($2::boolean AND stripe_refund_id LIKE $3 || '@%')`,
    [seen.key, !seen.runningTotal && seen.charge !== null, seen.charge ?? ''],
  );
  if (done) return false;
  const refunded = Number(invoice.refunded);
  const left = Number(invoice.total) - refunded;
  const wanted = seen.runningTotal ? seen.amount - refunded : seen.amount;
  const amount = Math.min(wanted, left);
  if (amount < wanted) {
    log?.warn(
      { invoice: invoice.id, refund: seen.key, wanted, left },
      'Stripe refund beyond the invoice total: clamped',
    );
  }
  if (amount <= 0) return false;
  const row = await tx.maybeOne(
    `INSERT INTO invoice_refunds (invoice_id, amount, refunded_at, stripe_refund_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (stripe_refund_id) DO NOTHING RETURNING id`,
    [invoice.id, amount, seen.at, seen.key],
  );
  return Boolean(row);
}
