-- The sandbox (issue 11): every customer has one sandbox domain. It needs no DNS (it counts as verified) and its
-- mail goes only to the built-in catch-all MX, which keeps what it receives in sandbox_messages.

ALTER TABLE domains ADD COLUMN sandbox boolean NOT NULL DEFAULT false;
-- One sandbox domain per customer; creating it twice at once makes one row.
CREATE UNIQUE INDEX domains_sandbox_key ON domains (customer_id) WHERE sandbox;

CREATE TABLE sandbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer REFERENCES domains (id) ON DELETE SET NULL,
  -- The messages row it was delivered for (read from the VERP envelope sender); no foreign key: retention prunes
  -- messages, the inbox keeps what it received.
  message_id bigint,
  mail_from text NOT NULL,
  rcpt_to text[] NOT NULL,
  -- Header values as received, decoded for the list (the raw message stays the source of truth).
  from_header text NOT NULL DEFAULT '',
  to_header text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  raw bytea NOT NULL,
  -- mailauth's DKIM, SPF and DMARC results ({dkim:[…], spf:{…}, dmarc:{…}, header}).
  auth jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_messages_customer_idx ON sandbox_messages (customer_id, received_at DESC, id DESC);
