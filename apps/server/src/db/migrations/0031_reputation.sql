-- Issue 16 (reputation part): daily reputation history per sending IP, blocklist checks, and the last known state
-- of each signal so that operators are notified once per transition. Keyed by the IP text, not by sending_ips.id:
-- history outlives an address's removal and this file does not depend on 0030's timing.

-- Spec 3 history types: ami_white (trust), snds (filter, msg_recipients), dnswl (trust), senderscore (reputation,
-- score). One row per IP, type and UTC day: a rerun of the job the same day updates the row, never adds one.
CREATE TABLE ip_reputation_history (
  ip text NOT NULL,
  type text NOT NULL CHECK (type IN ('ami_white', 'snds', 'dnswl', 'senderscore')),
  day date NOT NULL,
  -- ami_white and dnswl: whether the zone lists the IP, and with which trust (none/low/medium/high).
  listed boolean,
  trust text CHECK (trust IN ('none', 'low', 'medium', 'high')),
  -- snds: the day's filter result and accepted recipients, with the complaint rate text and trap hits as given.
  filter text CHECK (filter IN ('GREEN', 'YELLOW', 'RED')),
  msg_recipients integer,
  complaint_rate text,
  trap_hits integer,
  -- senderscore: 0-100 and its band (high >= 80, medium >= 70, else low; spec 9).
  score integer CHECK (score BETWEEN 0 AND 100),
  reputation text CHECK (reputation IN ('low', 'medium', 'high')),
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ip, type, day)
);
CREATE INDEX ip_reputation_history_day_idx ON ip_reputation_history (day);

-- One DNS blocklist answer per IP, zone and UTC day. listed = an answer in 127.0.0.0/8 that is not an error code;
-- codes are the A records answered (ZEN answers one per sub-list). Refused queries are never stored as data.
CREATE TABLE ip_blocklist_checks (
  ip text NOT NULL,
  zone text NOT NULL,
  day date NOT NULL,
  listed boolean NOT NULL,
  codes text NOT NULL DEFAULT '',
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ip, zone, day)
);
CREATE INDEX ip_blocklist_checks_day_idx ON ip_blocklist_checks (day);

-- The current level of each signal of an IP (signal: 'bl:<zone>', 'senderscore', 'snds', 'dnswl', 'ami_white') and
-- since when it has held. A change of level is a transition; a transition to a worse level notifies operators once
-- (the conditional upsert lets only one of several workers see it).
CREATE TABLE ip_reputation_states (
  ip text NOT NULL,
  signal text NOT NULL,
  level text NOT NULL,
  since timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ip, signal)
);
