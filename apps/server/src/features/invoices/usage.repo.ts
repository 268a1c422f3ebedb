import type { Db } from '../../db/client.ts';

/**
 * Metering from the daily rollups (events/rollups.consumer.ts), never from raw events: intake writes an `accepted`
 * event per message and recipient set it takes, and stats_daily counts them per customer, domain and UTC day. Only
 * tag '' (every event once) and the bare `accepted` name are read: channel-prefixed names (`seedtest:accepted`) are
 * the platform's own sends, not the customer's.
 */
const ACCEPTED = `customer_id = $1 AND tag = '' AND event = 'accepted' AND bucket >= $2 AND bucket < $3`;

/** Messages accepted in [from, to). */
export async function acceptedIn(db: Db, customerId: number, from: Date, to: Date): Promise<number> {
  const row = await db.one<{ n: number | string | null }>(
    `SELECT coalesce(sum(count), 0) AS n FROM stats_daily WHERE ${ACCEPTED}`,
    [customerId, from, to],
  );
  return Number(row.n ?? 0);
}

export interface UsageRow {
  domain: string;
  day: string;
  accepted: number;
}

/** Messages accepted per domain per day in [from, to), the invoice's breakdown file. */
export async function usageBreakdown(db: Db, customerId: number, from: Date, to: Date): Promise<UsageRow[]> {
  const rows = await db.query<{ domain: string | null; domain_id: number; day: string; accepted: number | string }>(
    `SELECT s.domain_id, d.name AS domain, to_char(s.bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            sum(s.count) AS accepted
       FROM stats_daily s LEFT JOIN domains d ON d.id = s.domain_id
      WHERE s.customer_id = $1 AND s.tag = '' AND s.event = 'accepted' AND s.bucket >= $2 AND s.bucket < $3
      GROUP BY s.domain_id, d.name, day ORDER BY day, d.name`,
    [customerId, from, to],
  );
  return rows.map((r) => ({ domain: r.domain ?? `domain ${r.domain_id}`, day: r.day, accepted: Number(r.accepted) }));
}
