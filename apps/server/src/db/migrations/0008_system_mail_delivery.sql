-- The mail engine delivers system_mail rows (resets, invitations, activations). A worker claims a row by pushing
-- attempt_after (a lease, like the delivery queue's due_at), so a crash between claiming and handing the message to
-- intake only delays it; a refusal that cannot get better (e.g. an invalid address) parks it with the reason.
ALTER TABLE system_mail ADD COLUMN attempt_after timestamptz NOT NULL DEFAULT now();
ALTER TABLE system_mail ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE system_mail ADD COLUMN last_error text;
CREATE INDEX system_mail_pending_idx ON system_mail (attempt_after) WHERE sent_at IS NULL;
