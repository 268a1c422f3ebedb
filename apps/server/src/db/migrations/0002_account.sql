-- Notifications for a customer's people, operator news and console tips.

CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- NULL: for every user of the customer; otherwise for that user only.
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_customer_idx ON notifications (customer_id, created_at DESC);

-- Read state is per person, since one notification can be for the whole customer.
CREATE TABLE notification_reads (
  notification_id integer NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, user_id)
);

CREATE TABLE news (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tips (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content text NOT NULL
);

INSERT INTO tips (content) VALUES
  ('Verify your domain''s SPF, DKIM and return-path records before sending: unverified domains cannot send.'),
  ('Turn on two-factor authentication in Account settings: a stolen password alone then opens nothing.'),
  ('Use a separate sending key per application, each with an IP allow-list, so one leak stays contained.'),
  ('Hard bounces and complaints are suppressed automatically: the address is never mailed twice.'),
  ('Tag your messages (o:tag or the tags field) to compare campaigns in Statistics.'),
  ('Webhooks are signed with your account''s signing key: verify the signature before trusting an event.'),
  ('A complaint rate above 0.1% hurts delivery at the big mailbox providers: watch it in Statistics.'),
  ('Switching from Mailgun or SendGrid? Point your client at Mailwright''s base URL and keep your code.');
