-- List hygiene (issue 5): global suppressions, suppression uploads, recipient and URI allow-lists, the operators' URI
-- blocklist, customer domain patterns and destination backoff.

-- Operators' global suppressions apply to every customer: customer_id NULL (and then no domain either).
ALTER TABLE suppressions ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE suppressions ADD CONSTRAINT suppressions_global_has_no_domain CHECK (customer_id IS NOT NULL OR domain_id IS NULL);
-- Where an entry came from: auto (an event: bounce, complaint, unsubscribe), api, upload.
ALTER TABLE suppressions ADD COLUMN source text NOT NULL DEFAULT 'auto';
-- The console lists one domain's entries of one type, newest first (10 a page), and operators the global ones.
CREATE INDEX suppressions_domain_list_idx ON suppressions (domain_id, type, created_at DESC, id DESC);
CREATE INDEX suppressions_global_list_idx ON suppressions (type, created_at DESC, id DESC) WHERE customer_id IS NULL;

-- A CSV import and its progress. The rows are validated first and imported in one transaction, so an upload is either
-- all in (done) or not at all (failed, with its line errors).
CREATE TABLE uploads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer REFERENCES domains (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('suppressions')),
  -- suppressions: the list the rows go to.
  type text,
  filename text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'validating' CHECK (state IN ('validating', 'importing', 'done', 'failed')),
  total integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  -- [{line, message}], the first ones only.
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  message text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_customer_idx ON uploads (customer_id, created_at DESC);

-- Recipients a domain never suppresses automatically: an address, or a domain name for every address at it.
CREATE TABLE recipient_allowlist (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  recipient text NOT NULL CHECK (recipient = lower(recipient)),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, recipient)
);
CREATE INDEX recipient_allowlist_lookup_idx ON recipient_allowlist (customer_id, recipient);

-- Link hosts a customer may send although the operators' URI blocklist lists them (the host or a parent domain).
CREATE TABLE uri_allowlist (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  uri text NOT NULL CHECK (uri = lower(uri)),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, uri)
);

-- Link hosts intake refuses (the host and every name under it), system-wide.
CREATE TABLE uri_blocklist (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uri text NOT NULL UNIQUE CHECK (uri = lower(uri)),
  note text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A customer's recipient patterns for one sending domain: an active pattern blocks the recipients it matches.
CREATE TABLE domain_patterns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  pattern text NOT NULL,
  note text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_patterns_domain_idx ON domain_patterns (domain_id, id);

-- Destinations (recipient domains) an SMTP pattern put in backoff: fewer connections, a slower rate and longer
-- retries until a delivery there succeeds or `until` passes. Shared by every worker process.
CREATE TABLE destination_backoff (
  destination text PRIMARY KEY CHECK (destination = lower(destination)),
  reason text NOT NULL,
  smtp_pattern_id integer,
  mx_host text,
  hits integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL DEFAULT now(),
  until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
