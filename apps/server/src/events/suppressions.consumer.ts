import type { EventConsumer } from './consumer-runner.ts';
import { BATCH_SUMMARY, NEXT_EVENTS, runBatchStatement } from './outbox.ts';

/**
 * Which events put a recipient on a domain's suppression list, and on which list. Issue 5 refines this (which bounce
 * categories suppress, expiry of bounce entries); channel events (seed tests, journals) never suppress.
 */
export const SUPPRESSING_EVENTS = {
  hardbounce: 'bounce',
  complained: 'complaint',
  unsubscribed: 'unsubscribe',
} as const;

const SUPPRESS_BATCH = `WITH batch AS MATERIALIZED (${NEXT_EVENTS}),
wanted AS (
  SELECT DISTINCT ON (b.customer_id, b.domain_id, lower(b.recipient), t.type)
         b.customer_id, b.domain_id, lower(b.recipient) AS recipient, t.type, coalesce(b.reply, '') AS reason, b.category
    FROM batch b
    JOIN (VALUES ${Object.entries(SUPPRESSING_EVENTS)
      .map(([event, type]) => `('${event}', '${type}')`)
      .join(', ')}) AS t(event, type) ON t.event = b.event
   WHERE coalesce(b.channel, '') = '' AND b.recipient <> ''
   ORDER BY b.customer_id, b.domain_id, lower(b.recipient), t.type, b.id DESC
),
added AS (
  INSERT INTO suppressions (customer_id, domain_id, recipient, type, reason, category)
  SELECT w.customer_id, w.domain_id, w.recipient, w.type, w.reason, w.category FROM wanted w
   WHERE EXISTS (SELECT 1 FROM domains d WHERE d.id = w.domain_id AND d.customer_id = w.customer_id)
     AND NOT EXISTS (SELECT 1 FROM suppressions s
                      WHERE s.customer_id = w.customer_id AND s.recipient = w.recipient AND s.type = w.type
                        AND (s.domain_id IS NULL OR s.domain_id = w.domain_id)
                        AND (s.expires_at IS NULL OR s.expires_at > now()))
     -- The domain's allow-list (an address, or a domain name for every address at it) wins over automatic entries.
     AND NOT EXISTS (SELECT 1 FROM recipient_allowlist a
                      WHERE a.domain_id = w.domain_id AND a.customer_id = w.customer_id
                        AND a.recipient IN (w.recipient, split_part(w.recipient, '@', 2)))
)
${BATCH_SUMMARY}`;

/** Hard bounces, complaints and unsubscribes add a suppression for the recipient on the event's domain, once. */
export const suppressionsConsumer: EventConsumer = {
  name: 'suppressions',
  consume: (tx, cursor, limit) => runBatchStatement(tx, SUPPRESS_BATCH, cursor, limit),
};
