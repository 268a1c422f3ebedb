import type { EventConsumer } from './consumer-runner.ts';
import { BATCH_SUMMARY, EVENT_NAME_SQL, NEXT_EVENTS, runBatchStatement } from './outbox.ts';

const upsert = (table: string, unit: 'hour' | 'day') => `INSERT INTO ${table}
    (customer_id, domain_id, tag, bucket, event, category, bot, count)
  SELECT customer_id, domain_id, tag, date_trunc('${unit}', created_at, 'UTC'), name, category, bot, count(*)
    FROM keyed GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (domain_id, tag, bucket, event, category, bot) DO UPDATE SET count = ${table}.count + excluded.count`;

/**
 * Statistics rollups in one statement per batch, all inside PostgreSQL: the batch is aggregated per hour and per UTC
 * day and added to stats_hourly and stats_daily. Every event counts under tag '' and once more under each of its
 * (distinct, non-empty) tags.
 */
const ROLLUP_BATCH = `WITH batch AS MATERIALIZED (${NEXT_EVENTS}),
keyed AS (
  SELECT b.customer_id, b.domain_id, t.tag, b.created_at, ${EVENT_NAME_SQL} AS name,
         coalesce(b.category, '') AS category, b.bot
    FROM batch b
    CROSS JOIN LATERAL (SELECT DISTINCT tag FROM unnest(array_prepend(''::text, b.tags)) AS tag) t
),
hourly AS (${upsert('stats_hourly', 'hour')}),
daily AS (${upsert('stats_daily', 'day')})
${BATCH_SUMMARY}`;

export const rollupsConsumer: EventConsumer = {
  name: 'rollups',
  consume: (tx, cursor, limit) => runBatchStatement(tx, ROLLUP_BATCH, cursor, limit),
};
