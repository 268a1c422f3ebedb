-- Issue 17: every running Mailwright process registers itself here and refreshes its heartbeat every few seconds;
-- operators see the list (system/mtas). A row whose heartbeat stopped is not listed and is removed by the next
-- process that registers, so a crashed process cleans up after itself without a job.
CREATE TABLE processes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  roles text[] NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  version text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  -- Queue rows the process's delivery worker holds now, and recipients it delivered in the last minute.
  in_flight integer NOT NULL DEFAULT 0,
  delivered_last_minute integer NOT NULL DEFAULT 0
);
CREATE INDEX processes_heartbeat_idx ON processes (heartbeat_at);
