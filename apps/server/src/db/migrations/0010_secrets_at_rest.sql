-- Secrets at rest (docs/security.md). TOTP secrets, DKIM private keys, webhook URLs and signing keys, server_secrets
-- and pending system mail bodies are stored sealed (`enc:v1:…`, AES-256-GCM under a key kept outside the database);
-- the server seals the rows written before this at start. The columns stay text: a sealed value is base64url text.
--
-- A system mail's body holds a live link token (reset, activation, invitation). Once the mail is delivered or has
-- failed for good, the body is removed (NULL), and so is the stored copy of the message that carried it.
ALTER TABLE system_mail ALTER COLUMN text_body DROP NOT NULL;
-- The few rows whose body still waits for its message's delivery to end.
CREATE INDEX system_mail_body_kept_idx ON system_mail (id) WHERE sent_at IS NOT NULL AND text_body IS NOT NULL;
