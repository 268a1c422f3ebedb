-- Auto-bans (spec 1 and 7): a sign-in name ('user') or a client address ('ip') refused for a while after it went
-- over its sign-in or SMTP AUTH limit again and again. One row per banned value; a new ban of the same value
-- replaces the old one. Lifted when expires_at passes or when an operator deletes the row.
CREATE TABLE autobans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('user', 'ip')),
  value text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  UNIQUE (type, value)
);
CREATE INDEX autobans_expires_idx ON autobans (expires_at);

-- Console sign-ins and SMTP AUTH share the attempts table, told apart by channel. From now on `username` holds the
-- name as tried, trimmed and lower-cased, so the per-name limit counts on an index.
ALTER TABLE login_attempts ADD COLUMN channel text NOT NULL DEFAULT 'api' CHECK (channel IN ('api', 'smtp'));
CREATE INDEX login_attempts_name_idx ON login_attempts (channel, username, created_at);
CREATE INDEX login_attempts_channel_ip_idx ON login_attempts (channel, ip, created_at);

-- One namespace of sign-in names across all customers: a user's username and e-mail address, lower-cased, each
-- name owned by one user. The primary key is what makes it hold, also for two requests at once; the service
-- checks first only to answer a field error instead of a conflict. A user's username may equal its own e-mail.
CREATE TABLE sign_in_names (
  name text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX sign_in_names_user_idx ON sign_in_names (user_id);

-- Existing accounts claim their names oldest account first (username before e-mail); where two accounts already
-- shared a name, the older one keeps it and the younger one signs in by its other name until it is changed.
INSERT INTO sign_in_names (name, user_id)
SELECT name, user_id FROM (
  SELECT lower(username) AS name, id AS user_id, 0 AS kind FROM users
  UNION ALL
  SELECT lower(email), id, 1 FROM users WHERE email IS NOT NULL AND email <> ''
) names
ORDER BY user_id, kind
ON CONFLICT (name) DO NOTHING;

CREATE FUNCTION users_claim_sign_in_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sign_in_names WHERE user_id = NEW.id;
  INSERT INTO sign_in_names (name, user_id)
  SELECT DISTINCT n, NEW.id FROM unnest(ARRAY[lower(NEW.username), lower(NULLIF(NEW.email, ''))]) AS n
   WHERE n IS NOT NULL;
  RETURN NEW;
END
$$;

CREATE TRIGGER users_sign_in_names AFTER INSERT OR UPDATE OF username, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_claim_sign_in_names();

-- A remembered device (persist code) skips the sign-in limit of its account; it stops being remembered after as
-- many wrong passwords as that limit, so a stolen persist code buys only a few guesses.
ALTER TABLE persist_codes ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
