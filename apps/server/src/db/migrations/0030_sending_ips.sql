-- Issue 16 (first part): sending IPs, IP pools, delivery from a pool's IPs and IP warm-up.
-- The reputation job (0031) reads sending_ips (id = the spec's ipid, ip, ptr_host) to know which IPs to check.

-- Spec 3: "IP pool: id, title, cid". With a customer_id (cid) the pool is that customer's dedicated pool, without one
-- it is a system pool. At most one system pool is the default, used by domains and customers without their own.
CREATE TABLE ip_pools (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  is_default boolean NOT NULL DEFAULT false CHECK (NOT is_default OR customer_id IS NULL),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ip_pools_one_default_idx ON ip_pools (is_default) WHERE is_default;
CREATE INDEX ip_pools_customer_idx ON ip_pools (customer_id) WHERE customer_id IS NOT NULL;

-- Spec 3: "IP: ip, ipid". ip is kept in canonical form (IPv4 dotted quad, IPv6 compressed lower case) so the
-- UNIQUE constraint catches "::1" and "0:0::1" as the same address. ptr_host is the reverse name, used as the
-- EHLO name when sending from the address.
CREATE TABLE sending_ips (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL UNIQUE,
  ptr_host text,
  pool_id integer REFERENCES ip_pools (id) ON DELETE SET NULL,
  -- Warm-up: the first day of the ramp (day 1), NULL when the address is warmed. The schedule is a JSON array with
  -- one object per day, {gmail, microsoft, yahoo, other} caps; NULL means the built-in default ramp.
  warmup_started_on date,
  warmup_schedule jsonb,
  -- Spec 4: deleting an IP is two-step; the first DELETE stores a short-lived confirm value the second must send.
  delete_confirm text,
  delete_confirm_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sending_ips_pool_idx ON sending_ips (pool_id) WHERE pool_id IS NOT NULL;

-- A domain or a customer is assigned a pool; the domain's wins, then the customer's, then the system default.
ALTER TABLE domains ADD COLUMN ip_pool_id integer REFERENCES ip_pools (id) ON DELETE SET NULL;
ALTER TABLE customers ADD COLUMN ip_pool_id integer REFERENCES ip_pools (id) ON DELETE SET NULL;

-- Messages sent per IP, destination provider and UTC day: the warm-up caps are enforced with one atomic
-- INSERT … ON CONFLICT DO UPDATE … WHERE sent < cap, so every delivery process shares the same count.
CREATE TABLE ip_send_counts (
  ip_id integer NOT NULL REFERENCES sending_ips (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('gmail', 'microsoft', 'yahoo', 'other')),
  day date NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (ip_id, provider, day)
);
CREATE INDEX ip_send_counts_day_idx ON ip_send_counts (day);
