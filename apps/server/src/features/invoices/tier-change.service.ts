import { INVOICE_MSG } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { currentTier } from '../../mail/policy/billing-plan.ts';
import { remainderOfMonth } from './invoice-math.ts';
import { stripeClient } from './stripe-client.ts';

/**
 * A customer's own tier change (payment/tier/{btid}; docs/billing.md, "Payment (Stripe)"). The new tier's price for
 * the rest of this month is paid now through Checkout and the change applies when Stripe confirms it (the webhook);
 * the month's invoice then charges the new tier's days as usual and deducts what was paid. With nothing to pay now
 * (a free tier) the change applies at once, with or without Stripe.
 */
export async function changeTier(deps: Deps, auth: AuthContext, btid: number, now = new Date()) {
  const { db, config } = deps;
  const tier = await db.maybeOne<{ id: number; name: string; price: number | string; currency: string }>(
    'SELECT id, name, price, currency FROM billing_tiers WHERE id = $1 AND retired_at IS NULL',
    [btid],
  );
  if (!tier) throw notFound(INVOICE_MSG.tierNotFound);
  if ((await currentTier(db, auth.cid, now))?.tierId === tier.id) throw conflict(INVOICE_MSG.sameTier);
  const due = remainderOfMonth(Number(tier.price), now);
  if (due.amount === 0) {
    await db.query('INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, $3)', [
      auth.cid,
      tier.id,
      now,
    ]);
    return { url: `${config.publicUrl}/account/billing`, message: INVOICE_MSG.tierChanged };
  }
  const stripe = await stripeClient(config);
  if (!stripe) throw conflict(INVOICE_MSG.paymentOff);
  const label = `Tier ${tier.name || tier.id}: ${due.days} of ${due.periodDays} days this month`;
  let session: { id: string; url: string | null };
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: tier.currency.toLowerCase(), unit_amount: due.amount, product_data: { name: label } },
        },
      ],
      success_url: `${config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${config.publicUrl}/payment/cancel`,
      client_reference_id: `tier-${tier.id}`,
      metadata: { tier_id: String(tier.id), customer_id: String(auth.cid) },
    });
  } catch (error) {
    deps.log.error({ err: error, btid }, 'Stripe refused to create a Checkout Session');
    throw new HttpError(502, 'The payment provider could not be reached; try again in a moment');
  }
  if (!session.url) throw new HttpError(502, 'The payment provider answered no payment page');
  await db.query(
    `INSERT INTO payment_sessions (id, customer_id, tier_id, amount, currency) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [session.id, auth.cid, tier.id, due.amount, tier.currency],
  );
  return { url: session.url, message: '' };
}
