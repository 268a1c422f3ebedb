-- Customers, people, sessions and the tokens that sign them in.

CREATE TABLE customers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  partner boolean NOT NULL DEFAULT false,
  parent_id integer REFERENCES customers (id) ON DELETE SET NULL,
  company jsonb NOT NULL DEFAULT '{}'::jsonb,
  contract_signed_at timestamptz,
  -- Spec 4: deletion is two-step; the first DELETE stores a short-lived confirm value the second must send.
  delete_confirm text,
  delete_confirm_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_name_idx ON customers (lower(name));
CREATE INDEX customers_parent_idx ON customers (parent_id);

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  username text NOT NULL,
  email text,
  full_name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('user', 'admin', 'superadmin', 'partner')),
  subrole text CHECK (subrole IN ('master', 'mta')),
  password_hash text,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive', 'invited')),
  external boolean NOT NULL DEFAULT false,
  totp_secret text,
  totp_last_counter bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_customer_idx ON users (customer_id);

-- Linked external sign-in providers (Google, GitHub, ...): unlinking is an admin action.
CREATE TABLE user_providers (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

-- Bearer tokens are stored as SHA-256 hashes; customer_id is the acting customer (differs while proxying).
CREATE TABLE sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  acting_role text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Remembered devices: skip the second factor for 30 days.
CREATE TABLE persist_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every sign-in attempt, counted per user and per IP (auto-bans build on this).
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  ip text NOT NULL,
  success boolean NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_user_idx ON login_attempts (user_id, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

-- Single-use links mailed to people: password reset, account activation, invitation.
CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'activate', 'invite')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, purpose);

-- Mail the platform itself sends (resets, invitations); the mail engine delivers it from here.
CREATE TABLE system_mail (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  message_id integer
);
