-- Inbound policies (issue 13): per receiving domain, what the inbound MX does with mail that no route takes, how large
-- a message may be, and which authentication results (SPF, DKIM, DMARC, verified with mailauth) it requires. A domain
-- without a row has the defaults: unmatched mail refused at RCPT (550), INBOUND_MAX_SIZE, nothing required.

CREATE TABLE inbound_policies (
  domain_id integer PRIMARY KEY REFERENCES domains (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- No route matched: reject at RCPT (550 5.1.1), hold (kept, listed), bounce (accepted, a DSN to the sender).
  unmatched text NOT NULL DEFAULT 'reject' CHECK (unmatched IN ('reject', 'hold', 'bounce')),
  -- Bytes; NULL: INBOUND_MAX_SIZE. Larger messages are refused with 552 5.3.4.
  max_size integer CHECK (max_size > 0),
  require_spf boolean NOT NULL DEFAULT false,
  require_dkim boolean NOT NULL DEFAULT false,
  require_dmarc boolean NOT NULL DEFAULT false,
  -- A required check failed: reject at DATA (550 5.7.1), hold, or run the routes and mark it (Authentication-Results).
  auth_failure text NOT NULL DEFAULT 'reject' CHECK (auth_failure IN ('reject', 'hold', 'mark')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbound_policies_customer_idx ON inbound_policies (customer_id);

-- What mailauth found for the message (spf, dkim, dmarc and the Authentication-Results field); NULL for messages
-- received before the checks existed.
ALTER TABLE inbound_messages ADD COLUMN auth jsonb;
