-- Consumers of the event outbox (statistics rollups, webhooks, suppressions), the rollup tables statistics are read
-- from, customer webhooks with their deliveries, and what tracking adds to an event.

-- Identity ids are handed out before commit, so a transaction holding id 10 may commit after one holding id 11:
-- a cursor on id alone could step past 10 for good. Each event therefore also records the id of the transaction that
-- wrote it; consumers read only events whose transaction is older than every running one
-- (txid < pg_snapshot_xmin(pg_current_snapshot())), a set that can no longer grow, in (txid, id) order.
ALTER TABLE events ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_txid_idx ON events (txid, id);

-- Tracking events: the link clicked, and who asked (shown in logs, sent in webhooks, used to flag machine traffic).
ALTER TABLE events ADD COLUMN url text;
ALTER TABLE events ADD COLUMN user_agent text;
ALTER TABLE events ADD COLUMN ip text;

-- Tracking links name their message by Message-ID: the message is signed (once, for all its recipients) before its
-- row id exists.
CREATE INDEX messages_domain_message_id_header_idx ON messages (domain_id, message_id_header);

-- Where each consumer has got to. Its outputs and its cursor change in one transaction, so after a crash it resumes
-- exactly where its last commit left it: nothing is counted twice or skipped.
CREATE TABLE event_consumers (
  name text PRIMARY KEY,
  last_txid xid8 NOT NULL DEFAULT '0',
  last_id bigint NOT NULL DEFAULT 0,
  processed bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Statistics rollups, per domain, bucket, event (with its channel prefix, e.g. seedtest:delivered), bounce category
-- ('' when none), tag and bot flag. tag '' counts every event; a tagged event is counted once more under each of its
-- tags, so domain totals never double count an event with several tags. Buckets are UTC. The indexes cover every
-- column a statistics query reads, so queries are index-only scans of one contiguous range.
CREATE TABLE stats_hourly (
  customer_id integer NOT NULL,
  domain_id integer NOT NULL,
  tag text NOT NULL,
  bucket timestamptz NOT NULL,
  event text NOT NULL,
  category text NOT NULL,
  bot boolean NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (domain_id, tag, bucket, event, category, bot) INCLUDE (customer_id, count)
);
CREATE INDEX stats_hourly_customer_idx ON stats_hourly (customer_id, tag, bucket) INCLUDE (domain_id, event, category, bot, count);
-- The tag view: every tag's count of one action.
CREATE INDEX stats_hourly_tag_idx ON stats_hourly (domain_id, event, bucket) INCLUDE (customer_id, tag, bot, count) WHERE tag <> '';

CREATE TABLE stats_daily (
  customer_id integer NOT NULL,
  domain_id integer NOT NULL,
  tag text NOT NULL,
  bucket timestamptz NOT NULL,
  event text NOT NULL,
  category text NOT NULL,
  bot boolean NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (domain_id, tag, bucket, event, category, bot) INCLUDE (customer_id, count)
);
CREATE INDEX stats_daily_customer_idx ON stats_daily (customer_id, tag, bucket) INCLUDE (domain_id, event, category, bot, count);
CREATE INDEX stats_daily_tag_idx ON stats_daily (domain_id, event, bucket) INCLUDE (customer_id, tag, bot, count) WHERE tag <> '';
CREATE INDEX stats_daily_bucket_idx ON stats_daily (bucket) INCLUDE (customer_id, event, bot, count) WHERE tag = '';

-- One URL per domain and event type.
CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('accepted', 'delivered', 'rejected', 'softbounce', 'hardbounce', 'opened',
    'clicked', 'unsubscribed', 'complained')),
  url text NOT NULL,
  format text NOT NULL DEFAULT 'json',
  enabled boolean NOT NULL DEFAULT true,
  -- What the receiver answered to the last test, when it was not a success.
  last_test_error text,
  last_tested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (domain_id, event)
);
CREATE INDEX webhooks_customer_idx ON webhooks (customer_id, domain_id);

-- One POST per (webhook, event). pending: due at next_attempt_at (which a sender pushes ahead while it holds the row,
-- so a crashed sender's rows come due again); deferred: gave up after the last retry, an operator may replay it.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  customer_id integer NOT NULL,
  event_id bigint NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'deferred')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_deferred_idx ON webhook_deliveries (updated_at DESC, id DESC) WHERE state = 'deferred';
