-- Issue 15 (part 1): data locations, join requests and account invitations. Sub-accounts themselves are
-- customers.parent_id (0001).

-- The operator's data locations (spec 3: name, code, usage). A table rather than a setting: a domain refers to its
-- location by code, and the foreign key keeps a removed location from leaving domains pointing at nothing.
CREATE TABLE data_locations (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9-]{0,31}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  position integer NOT NULL DEFAULT 0
);
INSERT INTO data_locations (code, name, position) VALUES ('eu', 'European Union', 1), ('us', 'United States', 2);

-- Where a domain's data is kept; set when its vetting is approved (PUT domains/{id}/vetting {location}).
ALTER TABLE domains
  ADD COLUMN location text REFERENCES data_locations (code) ON UPDATE CASCADE ON DELETE RESTRICT;
CREATE INDEX domains_location_idx ON domains (location) WHERE location IS NOT NULL;

-- A customer asks to be placed under the customer of an approver (spec 4: reviewed, then approved or confirmed,
-- which clears the requester data). One open request per requester; the link's token is kept only as a hash.
CREATE TABLE join_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  requested_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- As the requester typed it (a username or an e-mail address), shown back to the requester.
  approver text NOT NULL,
  -- The admin it names, when there is one; the request then waits for an admin of that user's customer.
  approver_user_id integer REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX join_requests_approver_idx ON join_requests (approver_user_id);

-- An invitation to create an account as a client of the inviting customer (the /invite guest page).
CREATE TABLE account_invites (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by integer REFERENCES users (id) ON DELETE SET NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_invites_parent_idx ON account_invites (parent_id);
