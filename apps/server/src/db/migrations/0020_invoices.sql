-- Tier changes paid through Stripe Checkout (issue 14, part 2): what the session charged and when it completed, so
-- the period's invoice deducts what was paid in advance for the new tier's remaining days.
ALTER TABLE payment_sessions ADD COLUMN amount bigint, ADD COLUMN currency text, ADD COLUMN completed_at timestamptz;
