import type { Db } from '../../db/client.ts';

export interface RecentMessageRow {
  id: number;
  domain_id: number;
  domain: string | null;
  message_id_header: string;
  from_address: string;
  subject: string;
  created_at: Date;
  recipients: number;
  queued: number;
  delivered: number;
  bounced: number;
  rejected: number;
}

/** The customer's latest messages with their recipients counted by state. */
export function recentMessages(db: Db, cid: number, limit: number) {
  return db.query<RecentMessageRow>(
    `SELECT m.id, m.domain_id, d.name AS domain, m.message_id_header, m.from_address, m.subject, m.created_at,
            count(r.id)::int AS recipients,
            count(r.id) FILTER (WHERE r.state = 'queued')::int AS queued,
            count(r.id) FILTER (WHERE r.state = 'delivered')::int AS delivered,
            count(r.id) FILTER (WHERE r.state = 'bounced')::int AS bounced,
            count(r.id) FILTER (WHERE r.state = 'rejected')::int AS rejected
       FROM (SELECT * FROM messages WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2) m
       LEFT JOIN domains d ON d.id = m.domain_id
       LEFT JOIN message_recipients r ON r.message_id = m.id
      GROUP BY m.id, m.domain_id, d.name, m.message_id_header, m.from_address, m.subject, m.created_at
      ORDER BY m.created_at DESC, m.id DESC`,
    [cid, limit],
  );
}

/**
 * The customer's domains with their event counts since `since`, read from the daily statistics rollups (tag ''
 * holds every event once), busiest first; `limit` of them, and how many domains there are in all.
 */
export async function domainsWithCounts(db: Db, cid: number, since: Date, limit: number) {
  const [rows, total] = await Promise.all([
    db.query<{ id: number; name: string; state: string; counts: Record<string, number> | null; accepted: number }>(
      `SELECT d.id, d.name, d.state, c.counts, coalesce((c.counts ->> 'accepted')::int, 0) AS accepted
         FROM domains d
         LEFT JOIN (SELECT domain_id, jsonb_object_agg(event, n) AS counts
                      FROM (SELECT domain_id, event, sum(count)::int AS n FROM stats_daily
                             WHERE customer_id = $1 AND tag = '' AND bucket >= $2 GROUP BY domain_id, event) per_event
                     GROUP BY domain_id) c ON c.domain_id = d.id
        WHERE d.customer_id = $1
        ORDER BY accepted DESC, d.name
        LIMIT $3`,
      [cid, since, limit],
    ),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM domains WHERE customer_id = $1', [cid]),
  ]);
  return { rows, total: total.n };
}
