-- How a message must travel and what each recipient's copy needs (issue 10).
-- smtputf8: the message has UTF-8 in its header fields or addresses (RFC 6532), or the submitting client declared
-- SMTPUTF8 (RFC 6531): MAIL FROM passes SMTPUTF8 on when the next hop offers it, and a message that needs it bounces
-- at a hop that does not. body_8bitmime: the client declared BODY=8BITMIME (RFC 6152), passed on when offered.
ALTER TABLE messages ADD COLUMN smtputf8 boolean NOT NULL DEFAULT false;
ALTER TABLE messages ADD COLUMN body_8bitmime boolean NOT NULL DEFAULT false;
-- A message to several recipients with per-recipient links (List-Unsubscribe, open pixel, click redirects) is stored
-- unsigned; delivery adds each recipient's own links and DKIM-signs that copy. NULL: the stored body is sent as is.
-- {"unsubscribe": bool, "opens": bool, "clicks": bool, "trackingBaseUrl": "https://…"}
ALTER TABLE messages ADD COLUMN personalize jsonb;
