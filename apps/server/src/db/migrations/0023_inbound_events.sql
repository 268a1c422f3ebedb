-- Inbound messages are events (issue 13): every message the inbound MX records for a route (accepted, held, bounced)
-- also writes an event `received` on channel `inbound`, its category the outcome, so the statistics rollups, Logs and
-- webhooks see it like any outbound event. A trigger, so that the event commits with the inbound_messages row
-- whichever code path records it (routes, the domain's policy), exactly once.
--
-- What the log line and the webhook tell about the message (sender, From, subject, the route and what its actions
-- did) is kept on the event itself: the inbound_messages row, and its raw message, go when their store() days are
-- over, while events stay as long as outbound ones. NULL for every other event.
ALTER TABLE events ADD COLUMN inbound jsonb;

CREATE FUNCTION inbound_message_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (customer_id, domain_id, recipient, event, channel, category, inbound, created_at)
  VALUES (
    NEW.customer_id,
    NEW.domain_id,
    -- As events keep recipients (normalizeMailbox): the domain lowercased, the local part as given.
    CASE WHEN strpos(NEW.recipient, '@') > 0
      THEN regexp_replace(NEW.recipient, '@[^@]*$', '') || lower(substring(NEW.recipient FROM '@[^@]*$'))
      ELSE NEW.recipient END,
    'received',
    'inbound',
    NEW.outcome,
    jsonb_build_object(
      'message_id', NEW.id,
      'sender', NEW.sender,
      'from', NEW.from_header,
      'subject', NEW.subject,
      'route_id', NEW.route_id,
      'route', (SELECT description FROM inbound_routes WHERE id = NEW.route_id),
      'outcome', NEW.outcome,
      'stored', NEW.stored,
      'results', NEW.results),
    NEW.created_at);
  RETURN NULL;
END
$$;

CREATE TRIGGER inbound_messages_event AFTER INSERT ON inbound_messages
  FOR EACH ROW EXECUTE FUNCTION inbound_message_event();

-- Per-domain webhooks may subscribe to the inbound event.
ALTER TABLE webhooks DROP CONSTRAINT webhooks_event_check;
ALTER TABLE webhooks ADD CONSTRAINT webhooks_event_check CHECK (event IN ('accepted', 'delivered', 'rejected',
  'softbounce', 'hardbounce', 'opened', 'clicked', 'unsubscribed', 'complained', 'received'));
