import type { EventConsumer } from './consumer-runner.ts';
import {
  applyBatchStatement,
  BATCH_SUMMARY,
  EVENT_NAME_SQL,
  EVENTS_BY_ID,
  NEXT_EVENTS,
  runBatchStatement,
} from './outbox.ts';

const upsert = (table: string, bucket: string) => `INSERT INTO ${table}
    (customer_id, domain_id, tag, bucket, event, category, bot, count)
  SELECT customer_id, domain_id, tag, ${bucket}, name, category, bot, sum(n)
    FROM keyed GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 2, 3, 4, 5, 6, 7
  ON CONFLICT (domain_id, tag, bucket, event, category, bot) DO UPDATE SET count = ${table}.count + excluded.count`;

// Rows are upserted in key order: two event-bus consumer processes adding to the same rows lock them in the same
// order, so they wait for each other instead of deadlocking.

/**
 * Statistics rollups in one statement per batch, all inside PostgreSQL. The batch is first counted per hour, event,
 * category, bot flag and tag set (one pass over the events); only those few groups are then spread over their tags
 * and added to stats_hourly and, summed per UTC day, to stats_daily. Every event counts under tag '' and once more
 * under each of its distinct non-empty tags.
 */
const rollupBatch = (events: string) => `WITH batch AS MATERIALIZED (${events}),
grouped AS (
  SELECT customer_id, domain_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, ${EVENT_NAME_SQL} AS name,
         coalesce(category, '') AS category, bot, tags, count(*) AS n
    FROM batch GROUP BY 1, 2, 3, 4, 5, 6, 7
),
keyed AS (
  SELECT g.customer_id, g.domain_id, t.tag, g.hour, g.name, g.category, g.bot, g.n
    FROM grouped g
    CROSS JOIN LATERAL (SELECT DISTINCT tag FROM unnest(array_prepend(''::text, g.tags)) AS tag WHERE tag IS NOT NULL) t
),
hourly AS (${upsert('stats_hourly', 'hour')}),
daily AS (${upsert('stats_daily', "date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'")})
${BATCH_SUMMARY}`;

const BY_CURSOR = rollupBatch(NEXT_EVENTS);
const BY_ID = rollupBatch(EVENTS_BY_ID);

export const rollupsConsumer: EventConsumer = {
  name: 'rollups',
  consume: (tx, cursor, limit) => runBatchStatement(tx, BY_CURSOR, cursor, limit),
  apply: (tx, ids) => applyBatchStatement(tx, BY_ID, ids),
};
