-- Templates (issue 13): per sending domain, a name and a description, and versions of the content. Every save of
-- content makes a new version (who, when); exactly one version of a template is active, and sending with the
-- template's name uses it unless a version is named (Mailgun's t:version). Content is Handlebars, compiled once per
-- version: a version is never changed after it is written, so its id keys the compiled-template cache.
CREATE TABLE templates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  -- Lowercase, as Mailgun keeps template names; what the sending APIs name.
  name text NOT NULL CHECK (name = lower(name)),
  description text NOT NULL DEFAULT '',
  -- Strict: a send whose variables lack one the template prints ({{name}}) is refused instead of rendering it empty.
  strict boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX templates_domain_name_key ON templates (domain_id, name);
CREATE INDEX templates_customer_idx ON templates (customer_id, domain_id);

CREATE TABLE template_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template_id integer NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  -- The version's label (Mailgun's tag, named by t:version); v1, v2… unless the author gives one.
  tag text NOT NULL,
  subject text NOT NULL DEFAULT '',
  html text NOT NULL DEFAULT '',
  text text NOT NULL DEFAULT '',
  -- Who saved it: the user's id while the user exists, and the name shown in the history either way.
  created_by_uid integer REFERENCES users (id) ON DELETE SET NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  active boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX template_versions_tag_key ON template_versions (template_id, tag);
-- At most one active version per template; the service keeps at least one (a template is made with its first).
CREATE UNIQUE INDEX template_versions_active_key ON template_versions (template_id) WHERE active;

-- The template a message was sent with, as the log drawer shows it: {"name": "receipt", "tag": "v2"}; NULL without.
ALTER TABLE messages ADD COLUMN template jsonb;
