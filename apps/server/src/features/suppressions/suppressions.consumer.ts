import type { EventConsumer } from '../../events/consumer-runner.ts';
import {
  applyBatchStatement,
  BATCH_SUMMARY,
  EVENTS_BY_ID,
  NEXT_EVENTS,
  runBatchStatement,
} from '../../events/outbox.ts';
import { autoSuppressionSql, DEFAULT_POLICY, type SuppressionPolicy } from './suppression-policy.ts';

// Which events suppress, for how long, and the allow-list rule live in suppression-policy.ts.

const suppressBatch = (policy: SuppressionPolicy, events: string) => {
  const rule = autoSuppressionSql(policy);
  return `WITH batch AS MATERIALIZED (${events}),
wanted AS (
  SELECT DISTINCT ON (e.customer_id, e.domain_id, lower(e.recipient), ${rule.typeOf})
         e.customer_id, e.domain_id, lower(e.recipient) AS recipient, ${rule.typeOf} AS type,
         coalesce(e.reply, '') AS reason, e.category, ${rule.expiresAt} AS expires_at
    FROM batch e
   WHERE ${rule.typeOf} IS NOT NULL AND NOT ${rule.allowListed}
   ORDER BY e.customer_id, e.domain_id, lower(e.recipient), ${rule.typeOf}, e.id DESC
),
added AS (
  INSERT INTO suppressions (customer_id, domain_id, recipient, type, reason, category, expires_at)
  SELECT w.customer_id, w.domain_id, w.recipient, w.type, w.reason, w.category, w.expires_at FROM wanted w
   WHERE EXISTS (SELECT 1 FROM domains d WHERE d.id = w.domain_id AND d.customer_id = w.customer_id)
     AND NOT EXISTS (SELECT 1 FROM suppressions s
                      WHERE s.customer_id = w.customer_id AND s.recipient = w.recipient AND s.type = w.type
                        AND (s.domain_id IS NULL OR s.domain_id = w.domain_id)
                        AND (s.expires_at IS NULL OR s.expires_at > now()))
)
${BATCH_SUMMARY}`;
};

/**
 * Hard bounces, complaints and unsubscribes add a suppression for the recipient on the event's domain, once, unless
 * the domain's allow-list covers the recipient; soft bounce categories expire after `policy.softHours`
 * (SOFT_SUPPRESSION_HOURS).
 */
export function createSuppressionsConsumer(policy: SuppressionPolicy = DEFAULT_POLICY): EventConsumer {
  const sql = suppressBatch(policy, NEXT_EVENTS);
  const byId = suppressBatch(policy, EVENTS_BY_ID);
  return {
    name: 'suppressions',
    consume: (tx, cursor, limit) => runBatchStatement(tx, sql, cursor, limit),
    apply: (tx, ids) => applyBatchStatement(tx, byId, ids),
  };
}

/** With the default policy; a running server builds its own from the config (softHours = SOFT_SUPPRESSION_HOURS). */
export const suppressionsConsumer: EventConsumer = createSuppressionsConsumer();
