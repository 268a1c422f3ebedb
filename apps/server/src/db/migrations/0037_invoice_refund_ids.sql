-- Refunds recorded from Stripe (issue 14/15 follow-up). A refund names the payment intent it gives money back from,
-- so the session that was paid keeps its payment intent (set by checkout.session.completed); each refund is recorded
-- once whatever the number of events that carry it (charge.refunded, refund.created, charge.refund.updated, retries).
ALTER TABLE payment_sessions ADD COLUMN payment_intent text;
CREATE UNIQUE INDEX payment_sessions_payment_intent_idx ON payment_sessions (payment_intent);
ALTER TABLE invoice_refunds ADD COLUMN stripe_refund_id text;
CREATE UNIQUE INDEX invoice_refunds_stripe_refund_idx ON invoice_refunds (stripe_refund_id);
