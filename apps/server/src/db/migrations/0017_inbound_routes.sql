-- Inbound routes (issue 13): what the inbound MX does with mail for a customer's verified domain. Routes are tried in
-- priority order (lower first, as at Mailgun); each has one match expression, a mode (Postal's Accept, Hold, Bounce,
-- Reject) and, in accept mode, actions run in order (forward to addresses or a URL, store, stop).

CREATE TABLE inbound_routes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  priority integer NOT NULL DEFAULT 0,
  description text NOT NULL DEFAULT '',
  -- {"type":"match_recipient","pattern":…} | {"type":"match_header","header":…,"pattern":…} | {"type":"catch_all"}
  -- Patterns run on RE2 (linear time); they are checked when saved.
  expression jsonb NOT NULL,
  -- [{"type":"forward_email","address":…} | {"type":"forward_url","url":…} | {"type":"store","days":N,"notify_url":…}
  --  | {"type":"stop"}]
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  mode text NOT NULL DEFAULT 'accept' CHECK (mode IN ('accept', 'hold', 'bounce', 'reject')),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbound_routes_domain_idx ON inbound_routes (domain_id, priority, id);
CREATE INDEX inbound_routes_customer_idx ON inbound_routes (customer_id);

-- Every message a route took, with what was done to it. The raw message is kept until expires_at (the store()
-- action's days, else a default), so held and stored messages can be downloaded and URL forwards retried.
CREATE TABLE inbound_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  -- The first route that matched (its mode decided the outcome); NULL once that route is deleted.
  route_id integer REFERENCES inbound_routes (id) ON DELETE SET NULL,
  recipient text NOT NULL,
  -- The envelope sender (MAIL FROM); '' for the null sender of a bounce.
  sender text NOT NULL,
  from_header text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  size_bytes integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('accepted', 'held', 'bounced')),
  -- store() ran (or the route holds): the message is listed as stored.
  stored boolean NOT NULL DEFAULT false,
  -- What each action did: [{"action": "forward(\"…\")", "result": "…"}].
  results jsonb NOT NULL DEFAULT '[]'::jsonb,
  raw bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbound_messages_domain_idx ON inbound_messages (domain_id, created_at DESC, id DESC);
CREATE INDEX inbound_messages_expires_idx ON inbound_messages (expires_at);

-- forward("https://…") and store(notify="https://…"): signed POSTs of the parsed message, retried like webhooks.
CREATE TABLE inbound_posts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  inbound_message_id bigint NOT NULL REFERENCES inbound_messages (id) ON DELETE CASCADE,
  url text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'deferred')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbound_posts_due_idx ON inbound_posts (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX inbound_posts_message_idx ON inbound_posts (inbound_message_id);

-- The envelope sender delivery uses instead of the per-recipient VERP address: an SRS address for a route's
-- forward (so SPF passes at the next hop while bounces can find the original sender), '' for the null sender of a
-- bounce we send (RFC 5321 4.5.5). NULL: VERP, as before.
ALTER TABLE messages ADD COLUMN envelope_from text;
