-- Sending domains with their DKIM keys and DNS verification state, SMTP users, API tokens and token IP allow-lists.

CREATE TABLE domains (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name = lower(name)),
  -- A domain sends only when verified: SPF, DKIM and the return-path MX were found as we asked.
  state text NOT NULL DEFAULT 'unverified' CHECK (state IN ('unverified', 'verified')),
  dkim_selector text NOT NULL,
  dkim_private_key text NOT NULL,
  -- base64 of the DER SubjectPublicKeyInfo: the p= tag of the DKIM TXT record (RFC 6376 3.6.1).
  dkim_public_key text NOT NULL,
  dkim_rotated_at timestamptz,
  -- Return-path host: its MX points at our inbound MX, VERP bounce addresses live there.
  bounce_host text NOT NULL,
  -- CNAME to our tracking host, so open/click links carry the customer's own name.
  tracking_host text NOT NULL,
  open_tracking boolean NOT NULL DEFAULT false,
  click_tracking boolean NOT NULL DEFAULT false,
  unsubscribe_tracking boolean NOT NULL DEFAULT true,
  -- Last verification result per record kind (spf, dkim, dmarc, return_path, tracking).
  records jsonb NOT NULL DEFAULT '{}'::jsonb,
  checked_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX domains_name_key ON domains (name);
CREATE UNIQUE INDEX domains_bounce_host_key ON domains (bounce_host);
CREATE INDEX domains_customer_idx ON domains (customer_id, name);

-- SMTP users: the login is an address at the domain; passwords are argon2id hashes.
CREATE TABLE smtp_credentials (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  login text NOT NULL CHECK (login = lower(login)),
  password_hash text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX smtp_credentials_login_key ON smtp_credentials (login);
CREATE INDEX smtp_credentials_domain_idx ON smtp_credentials (domain_id);

-- API tokens: primary (any domain of the customer), sending (one domain) and the webhook signing key (sign).
-- Tokens are stored as SHA-256 hashes. The signing key alone keeps its secret in plain text (column secret):
-- the server must read it to HMAC-sign webhooks, and it is a per-customer shared secret that the console shows.
CREATE TABLE api_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer REFERENCES domains (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('primary', 'sending', 'sign')),
  token_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  secret text,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((role = 'sending') = (domain_id IS NOT NULL)),
  CHECK ((role = 'sign') = (secret IS NOT NULL))
);
CREATE INDEX api_tokens_customer_idx ON api_tokens (customer_id, role);
CREATE INDEX api_tokens_domain_idx ON api_tokens (domain_id);
CREATE UNIQUE INDEX api_tokens_one_signing_key ON api_tokens (customer_id) WHERE role = 'sign' AND revoked_at IS NULL;

-- A token's IP allow-list; an empty list lets any IP use the token.
CREATE TABLE token_ips (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_id integer NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  cidr text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (token_id, cidr)
);
