import { INVOICE_MSG } from '@mailwright/contract';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import type { Logger } from '../../log.ts';
import { findInvoice, markInvoicePaid } from './invoices.repo.ts';
import { recordRefund, refundsOf } from './refund.service.ts';
import { stripeClient } from './stripe-client.ts';

/**
 * Payment through Stripe Checkout (docs/billing.md, "Payment (Stripe)"): payment/start/{id} creates a Checkout Session
 * for an open invoice and answers its URL; Stripe's webhook (verified with the endpoint secret) says how it went.
 * Every event is applied at most once (stripe_events' primary key, in the transaction that applies it), and what
 * it does only moves forward (a session goes open → complete or open → expired, an invoice open → paid), so replays
 * and any order of arrival leave the same result.
 */

export async function startInvoicePayment(deps: Deps, auth: AuthContext, invoiceId: number) {
  // Another customer's invoice is missing whether or not payment is on.
  const invoice = await findInvoice(deps.db, invoiceId, auth.cid);
  if (!invoice) throw notFound(INVOICE_MSG.notFound);
  const stripe = await stripeClient(deps.config);
  if (!stripe) throw conflict(INVOICE_MSG.paymentOff);
  if (invoice.status !== 'open') throw conflict(INVOICE_MSG.alreadyPaid);
  if (invoice.total <= 0) throw conflict(INVOICE_MSG.nothingDue);
  const base = deps.config.publicUrl;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: invoice.currency.toLowerCase(),
            unit_amount: invoice.total,
            product_data: { name: `Invoice ${invoice.number}` },
          },
        },
      ],
      // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
      success_url: `${base}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/payment/cancel`,
      client_reference_id: String(invoice.id),
      metadata: { invoice_id: String(invoice.id), customer_id: String(invoice.customer_id) },
    });
  } catch (error) {
    deps.log.error({ err: error, invoiceId }, 'Stripe refused to create a Checkout Session');
    throw new HttpError(502, 'The payment provider could not be reached; try again in a moment');
  }
  if (!session.url) throw new HttpError(502, 'The payment provider answered no payment page');
  await deps.db.query(
    `INSERT INTO payment_sessions (id, customer_id, invoice_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
    [session.id, invoice.customer_id, invoice.id],
  );
  return { url: session.url };
}

/** Verifies the signature over the raw body (400 when it does not match) and answers the event. */
export async function verifyWebhook(deps: Deps, raw: Buffer, signature: string | undefined): Promise<Stripe.Event> {
  const stripe = await stripeClient(deps.config);
  const secret = deps.config.stripe?.webhookSecret;
  if (!stripe || !secret) throw notFound('Not found');
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Applies one verified event exactly once (refunds: refund.service.ts). */
export async function applyStripeEvent(db: Db, event: Stripe.Event, log?: Logger): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await tx.query(
      'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id',
      [event.id, event.type],
    );
    if (!fresh.length) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // 'unpaid' on completed: a delayed method is still pending; async_payment_succeeded comes later.
        if (session.payment_status === 'unpaid') return 'ignored';
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        return (await completeSession(tx, session.id, intent ?? null)) ? 'applied' : 'ignored';
      }
      case 'checkout.session.expired': {
        const rows = await tx.query(
          `UPDATE payment_sessions SET status = 'expired' WHERE id = $1 AND status = 'open' RETURNING id`,
          [event.data.object.id],
        );
        return rows.length ? 'applied' : 'ignored';
      }
      case 'charge.refunded':
      case 'refund.created':
      case 'refund.updated':
      case 'charge.refund.updated': {
        let recorded = false;
        for (const refund of refundsOf(event)) recorded = (await recordRefund(tx, log, refund)) || recorded;
        return recorded ? 'applied' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });
}

/**
 * A paid session completes once (even after an expired event that arrived first): an invoice's is paid if still
 * open, a tier change's puts the customer on the tier from now. Its payment intent is kept: refunds name it.
 */
async function completeSession(tx: Db, sessionId: string, paymentIntent: string | null): Promise<boolean> {
  const row = await tx.maybeOne<{ invoice_id: number | null; tier_id: number | null; customer_id: number }>(
    `UPDATE payment_sessions SET status = 'complete', completed_at = now(), payment_intent = $2
      WHERE id = $1 AND status <> 'complete'
     RETURNING invoice_id, tier_id, customer_id`,
    [sessionId, paymentIntent],
  );
  // Already complete, or a session we did not create (another product on the same Stripe account).
  if (!row) return false;
  if (row.invoice_id) return markInvoicePaid(tx, row.invoice_id, 'stripe');
  if (row.tier_id) {
    await tx.query('INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, now())', [
      row.customer_id,
      row.tier_id,
    ]);
    return true;
  }
  return false;
}
