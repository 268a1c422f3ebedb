-- Vetting (issue 15). A customer created as a client, through an invitation or by signing up gets a form to fill in
-- and an operator's decision; a customer without a row (created before vetting existed, the first superadmin's
-- customer, customers created by operators) counts as approved, so vetting never stops mail that was flowing.
CREATE TABLE customer_vetting (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- The guest link's token is only checked, never read back: its SHA-256 is kept (docs/security.md).
  token_hash text NOT NULL,
  email text NOT NULL,
  responses jsonb NOT NULL DEFAULT '{}'::jsonb,
  finished boolean NOT NULL DEFAULT false,
  finished_at timestamptz,
  decision text CHECK (decision IN ('approve', 'reject')),
  note text NOT NULL DEFAULT '',
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_by_name text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customer_vetting_customer_key ON customer_vetting (customer_id);
CREATE UNIQUE INDEX customer_vetting_token_key ON customer_vetting (token_hash);
CREATE INDEX customer_vetting_open_idx ON customer_vetting (finished, decision);

-- An operator's decision on one sending domain. No row: not reviewed, the domain sends as its customer may. The data
-- location an approval names is the domain's own (domains.location, 0024).
CREATE TABLE domain_vetting (
  domain_id integer PRIMARY KEY REFERENCES domains (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('approve', 'reject')),
  note text NOT NULL DEFAULT '',
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_by_name text,
  decided_at timestamptz NOT NULL DEFAULT now()
);
