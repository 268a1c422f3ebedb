import type { StatsLevel } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { TRUNC_UNIT } from './buckets.ts';

export interface RollupFilter {
  /** Rollups of one domain (with customerId checked too), or of every domain of the customer. */
  domainId: number | null;
  level: StatsLevel;
  /** Bucket starts from `from` (already truncated to the level) up to `to`, exclusive. */
  from: Date;
  to: Date;
  /** false leaves out machine opens and clicks. */
  bot: boolean;
  /** '' counts every event; a tag counts that tag's events; null takes every tag (never the '' totals). */
  tag: string | null;
  /** Only these event names; null for all. */
  events: readonly string[] | null;
}

export type RollupDimension = 'event' | 'category' | 'tag';

export interface RollupRow {
  period: Date;
  event: string;
  category: string;
  tag: string;
  count: number;
}

/**
 * Sums of the rollups per bucket of the level and per the dimensions asked for. Hourly reads stats_hourly, every
 * other level reads stats_daily: never the raw events.
 */
export function readRollups(
  db: Db,
  customerId: number,
  filter: RollupFilter,
  dimensions: readonly RollupDimension[],
): Promise<RollupRow[]> {
  const table = filter.level === 'hourly' ? 'stats_hourly' : 'stats_daily';
  const params: unknown[] = [customerId, filter.from, filter.to, filter.bot];
  const where = ['customer_id = $1', 'bucket >= $2', 'bucket < $3', '($4 OR NOT bot)'];
  if (filter.domainId !== null) {
    params.push(filter.domainId);
    where.push(`domain_id = $${params.length}`);
  }
  if (filter.tag === null) where.push("tag <> ''");
  else {
    params.push(filter.tag);
    where.push(`tag = $${params.length}`);
  }
  if (filter.events) {
    params.push(filter.events);
    where.push(`event = ANY($${params.length}::text[])`);
  }
  const select = (dim: RollupDimension) => (dimensions.includes(dim) ? dim : `''::text AS ${dim}`);
  return db.query<RollupRow>(
    // date_trunc on the UTC wall clock: the same buckets as date_trunc(unit, bucket, 'UTC'), without a time zone
    // lookup per row.
    `SELECT date_trunc('${TRUNC_UNIT[filter.level]}', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS period,
            ${select('event')}, ${select('category')}, ${select('tag')}, sum(count)::bigint AS count
       FROM ${table} WHERE ${where.join(' AND ')}
      GROUP BY ${['1', ...dimensions].join(', ')}
      ORDER BY 1`,
    params,
  );
}

export interface CustomerTotalRow {
  customer_id: number;
  customer: string;
  event: string;
  count: number;
}

/** Operators: totals per customer and event over a range of UTC days (every customer with traffic in it). */
export function readCustomerTotals(db: Db, from: Date, to: Date, bot: boolean): Promise<CustomerTotalRow[]> {
  return db.query<CustomerTotalRow>(
    `SELECT s.customer_id, c.name AS customer, s.event, sum(s.count)::bigint AS count
       FROM stats_daily s JOIN customers c ON c.id = s.customer_id
      WHERE s.tag = '' AND s.bucket >= $1 AND s.bucket < $2 AND ($3 OR NOT s.bot)
      GROUP BY s.customer_id, c.name, s.event
      ORDER BY c.name, s.customer_id, s.event`,
    [from, to, bot],
  );
}
