-- Issue 17, many processes on one PostgreSQL: what must be shared between delivery workers lives here, not in one
-- process's memory.

-- Connection slots per destination (an MX host), shared by every worker process: a worker takes a free slot before it
-- opens a connection (INSERT of slot 0..limit-1 that is not held) and deletes it when the connection closes. A
-- crashed process stops renewing its slots; once expires_at passes, the next taker overwrites them.
CREATE TABLE destination_leases (
  destination text NOT NULL,
  slot integer NOT NULL,
  -- A random token of the process (and pool) that holds the slot.
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (destination, slot)
);
CREATE INDEX destination_leases_holder_idx ON destination_leases (holder);

-- Operators' pauses: queue rows to a paused recipient domain, or of a paused customer, are parked by the worker
-- that claims them (hold 'paused', due_at infinity: out of every claim) until the pause is lifted.
CREATE TABLE delivery_pauses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  destination text CHECK (destination = lower(destination)),
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  paused_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((destination IS NULL) <> (customer_id IS NULL))
);
CREATE UNIQUE INDEX delivery_pauses_destination_idx ON delivery_pauses (destination) WHERE destination IS NOT NULL;
CREATE UNIQUE INDEX delivery_pauses_customer_idx ON delivery_pauses (customer_id) WHERE customer_id IS NOT NULL;

-- NULL: an ordinary row. 'paused': parked by a pause (due_at is infinity). 'released': an operator let it go while
-- its pause stays; the claim never parks it again.
ALTER TABLE delivery_queue ADD COLUMN hold text CHECK (hold IN ('paused', 'released'));

-- The process list (system/mtas) also shows the outbound SMTP connections each process holds open.
ALTER TABLE processes ADD COLUMN open_connections integer NOT NULL DEFAULT 0;
