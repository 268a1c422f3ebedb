-- Issue 18: migration from another provider (Mailgun, SendGrid, Postmark). A migration is a job: a draft once the
-- credentials listed the provider's domains, then running until every chosen step is done, failed or cancelled.
CREATE TABLE migrations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  integration text NOT NULL CHECK (integration IN ('mailgun', 'sendgrid', 'postmark')),
  instance text NOT NULL DEFAULT 'us' CHECK (instance IN ('us', 'eu')),
  -- The provider credentials ({token, user} as JSON), sealed (secrets/secret-columns.ts); NULL once the migration
  -- is done, failed or cancelled: we keep a customer's key at another provider only while we use it.
  credentials text,
  from_domain text,
  target_domain text,
  -- The customer that receives the domain: the customer itself or one of its clients (a sub-account).
  target_customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  target_domain_id integer REFERENCES domains (id) ON DELETE SET NULL,
  subaccount integer,
  methods text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'done', 'failed', 'cancelled')),
  error text,
  -- The provider's DNS records for from_domain and what was not brought over ({method, item, reason}).
  provider_dns jsonb NOT NULL DEFAULT '[]'::jsonb,
  not_migrated jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- A runner backs off here after a 429 or a failed call, so no runner calls the provider before then.
  not_before timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  -- The runner that holds the lease (random id per runner); NULL when none does.
  runner text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX migrations_customer_idx ON migrations (customer_id, created_at DESC);
CREATE INDEX migrations_running_idx ON migrations (not_before) WHERE status = 'running';

-- One row per chosen method. `cursor` is where the next page starts (a page URL, an offset or a sub-list and its
-- position, as the importer wrote it); it commits with the rows of the page it follows, so a restart continues there.
CREATE TABLE migration_steps (
  migration_id integer NOT NULL REFERENCES migrations (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('domain', 'suppressions', 'templates', 'webhooks', 'routes')),
  position integer NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed', 'skipped')),
  cursor jsonb,
  done integer NOT NULL DEFAULT 0,
  total integer,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (migration_id, method)
);
