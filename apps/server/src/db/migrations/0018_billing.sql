-- Billing (issue 14): tiers, add-ons, billing items, the tier a customer is on, metered usage against a hard cap,
-- invoices and payments. Money is integer minor units (cents) with an ISO 4217 currency; never floats. Periods are
-- calendar months in UTC ([period_start, next month)).

-- Spec 3's Tier (btid, msg_included, price, currency) plus what a tier decides: overage per 1,000 messages, or a
-- hard cap (a free tier refuses mail beyond its allowance). Retired tiers stay for the invoices that name them.
CREATE TABLE billing_tiers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  msg_included bigint NOT NULL CHECK (msg_included >= 0),
  price bigint NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  overage_per_1000 bigint NOT NULL DEFAULT 0 CHECK (overage_per_1000 >= 0),
  hard_cap boolean NOT NULL DEFAULT false,
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Recurring extras (a dedicated IP, seed-test credits, longer log retention, extra messages), priced per unit a month.
CREATE TABLE billing_addons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- What one unit is ('IP', '100 seed tests', '30 days', '10,000 messages'), shown beside the price.
  unit text NOT NULL,
  -- What the add-on does to the customer's limits: extra_messages adds messages_per_unit to the allowance.
  kind text NOT NULL CHECK (kind IN ('dedicated_ip', 'seed_tests', 'log_retention', 'extra_messages', 'other')),
  messages_per_unit bigint NOT NULL DEFAULT 0 CHECK (messages_per_unit >= 0),
  price bigint NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A customer's billing settings: tax (a rate in basis points and an ID, nothing country-specific) and Stripe's id.
CREATE TABLE customer_billing (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  tax_id text NOT NULL DEFAULT '',
  stripe_customer_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The tier a customer is on, as a history: the row with the latest effective_at not in the future is current, so an
-- invoice can split a period at a tier change. No row means no tier (nothing billed, nothing capped).
CREATE TABLE customer_tiers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  tier_id integer NOT NULL REFERENCES billing_tiers (id),
  effective_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_tiers_customer_idx ON customer_tiers (customer_id, effective_at DESC);

-- Add-ons a customer has, qty units, between start and end (end NULL: until removed).
CREATE TABLE customer_addons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  addon_id integer NOT NULL REFERENCES billing_addons (id),
  qty integer NOT NULL CHECK (qty > 0),
  start_at timestamptz NOT NULL DEFAULT now(),
  end_at timestamptz,
  CHECK (end_at IS NULL OR end_at > start_at)
);
CREATE INDEX customer_addons_customer_idx ON customer_addons (customer_id);

-- Spec 3's Billing item (cid, did, description, price, qty, active, recurring, start, end): a one-off charge (billed
-- in the period holding start) or a recurring one (every period it is active in), per customer, optionally per domain.
CREATE TABLE billing_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer REFERENCES domains (id) ON DELETE SET NULL,
  description text NOT NULL,
  price bigint NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  qty integer NOT NULL CHECK (qty > 0),
  active boolean NOT NULL DEFAULT true,
  recurring boolean NOT NULL DEFAULT false,
  start_at date NOT NULL,
  end_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_at IS NULL OR end_at >= start_at)
);
CREATE INDEX billing_items_customer_idx ON billing_items (customer_id, start_at DESC);

-- Messages accepted per customer per period, counted at intake in the same statement that checks the allowance, so
-- several processes accepting at once never overshoot a hard cap. notified_* make the 80%/100% notices happen once.
CREATE TABLE quota_usage (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  accepted bigint NOT NULL DEFAULT 0,
  notified_80 boolean NOT NULL DEFAULT false,
  notified_100 boolean NOT NULL DEFAULT false,
  PRIMARY KEY (customer_id, period_start)
);

-- Invoices: one per customer per period (the unique key makes the closing job idempotent), numbered without gaps per
-- year from invoice_numbers (the number is taken in the transaction that inserts the invoice).
CREATE TABLE invoice_numbers (
  year integer PRIMARY KEY,
  last integer NOT NULL
);
CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  period_start date NOT NULL,
  period_end date NOT NULL,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  subtotal bigint NOT NULL,
  tax_rate_bp integer NOT NULL DEFAULT 0,
  tax_id text NOT NULL DEFAULT '',
  tax bigint NOT NULL DEFAULT 0,
  total bigint NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
  paid_at timestamptz,
  -- 'stripe' (a verified webhook) or 'operator:<username>' (marked paid by hand when payment is off).
  paid_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, period_start)
);
CREATE TABLE invoice_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('tier', 'overage', 'addon', 'item')),
  description text NOT NULL,
  qty bigint NOT NULL,
  unit_price bigint NOT NULL,
  amount bigint NOT NULL,
  domain_id integer
);
CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (invoice_id);

-- Stripe Checkout Sessions we created (for an invoice or a tier change) and the webhook events already applied, so a
-- replayed or reordered event changes nothing.
CREATE TABLE payment_sessions (
  id text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  invoice_id integer REFERENCES invoices (id) ON DELETE CASCADE,
  tier_id integer REFERENCES billing_tiers (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
