-- Issue 15 (part 2): partner plans, referrals and payouts. A partner is a customer with customers.partner (0001).

-- Spec 3: a partner plan (ppid). The commission is kept in basis points (12.5% = 1250) so it stays an integer.
CREATE TABLE partner_plans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  commission_bp integer NOT NULL CHECK (commission_bp BETWEEN 0 AND 10000),
  duration_months integer NOT NULL CHECK (duration_months BETWEEN 1 AND 120),
  minimum_payout bigint NOT NULL CHECK (minimum_payout >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A partner's plan and referral code. The code is public by design (the partner publishes its link): it only
-- attributes a sign-up, signs nobody in, so it is stored as it is and not sealed like the secrets.
CREATE TABLE partner_accounts (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  -- RESTRICT: the API refuses deleting a plan in use with a clear message; this keeps a race from slipping through.
  plan_id integer REFERENCES partner_plans (id) ON DELETE RESTRICT,
  referral_code text NOT NULL UNIQUE CHECK (referral_code ~ '^[A-Za-z0-9_-]{8,64}$')
);
CREATE INDEX partner_accounts_plan_idx ON partner_accounts (plan_id);

-- A customer is the referral of at most one partner. started_at opens the plan's commission window.
CREATE TABLE partner_referrals (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  partner_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- link: signed up through the referral link; client: a client the partner created; attached: by POST.
  source text NOT NULL CHECK (source IN ('link', 'client', 'attached')),
  started_at timestamptz NOT NULL DEFAULT now(),
  CHECK (customer_id <> partner_id)
);
CREATE INDEX partner_referrals_partner_idx ON partner_referrals (partner_id);

-- Money given back on a paid invoice, net of tax like invoices.subtotal (the commission base); it takes back its
-- share of the commission in the month of the refund.
CREATE TABLE invoice_refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  refunded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_refunds_invoice_idx ON invoice_refunds (invoice_id);

-- What an operator paid a partner against the partner's invoice (rec_inv_id): recording it twice records it once.
CREATE TABLE partner_payouts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  payout_date date NOT NULL,
  rec_inv_id text NOT NULL CHECK (length(rec_inv_id) BETWEEN 1 AND 64),
  recorded_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partner_id, rec_inv_id)
);
