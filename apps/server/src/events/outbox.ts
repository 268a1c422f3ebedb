import type { Db } from '../db/client.ts';

/** A consumer's position in the outbox: the (transaction id, event id) of the last event it processed. */
export interface Cursor {
  /** xid8 as text: it can exceed 2^53. */
  txid: string;
  id: number;
}

export const START: Cursor = { txid: '0', id: 0 };

/**
 * The events after a cursor that a consumer may take, oldest first. Only events written by transactions older than
 * every transaction still running qualify: that set is final (nothing can commit into it later), so reading it in
 * (txid, id) order never skips an event that commits late. $1 = last txid, $2 = last id, $3 = batch size.
 */
export const NEXT_EVENTS = `SELECT * FROM events
  WHERE txid < pg_snapshot_xmin(pg_current_snapshot()) AND (txid, id) > ($1::xid8, $2::bigint)
  ORDER BY txid, id LIMIT $3`;

/**
 * The name an event is counted and sent under: the action, with its channel prefix when it came through one
 * (spec 3, event labels: sms:, seedtest:, journal:, botapi:).
 */
export const EVENT_NAME_SQL = `CASE WHEN coalesce(channel, '') = '' THEN event ELSE rtrim(channel, ':') || ':' || event END`;

export function eventName(event: string, channel: string | null): string {
  return channel ? `${channel.replace(/:$/, '')}:${event}` : event;
}

export interface EventRow {
  id: number;
  txid: string;
  customer_id: number;
  domain_id: number;
  message_id: number | null;
  recipient_id: number | null;
  recipient: string;
  event: string;
  category: string | null;
  reply: string | null;
  channel: string | null;
  bot: boolean;
  tags: string[];
  url: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
}

/** The next batch of events for a consumer that works on rows in code (webhooks, suppressions). */
export function readEvents(db: Db, cursor: Cursor, limit: number): Promise<EventRow[]> {
  return db.query<EventRow>(NEXT_EVENTS, [cursor.txid, cursor.id, limit]);
}

export const lastOf = (rows: readonly EventRow[]): Cursor | null => {
  const last = rows[rows.length - 1];
  return last ? { txid: String(last.txid), id: Number(last.id) } : null;
};

/**
 * The events a consumer of the event bus (RabbitMQ) received, by id ($1): the same rows the cursor would have read,
 * so one statement per consumer serves both ways in (`WITH batch AS (NEXT_EVENTS or EVENTS_BY_ID) …`).
 */
export const EVENTS_BY_ID = 'SELECT * FROM events WHERE id = ANY($1::bigint[])';

/** Runs a one-statement consumer over EVENTS_BY_ID for these event ids. */
export async function applyBatchStatement(db: Db, sql: string, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query(sql, [ids]);
}

/** The closing SELECT of a one-statement consumer whose CTE `batch` holds the events it took. */
export const BATCH_SUMMARY = `SELECT (SELECT count(*)::int FROM batch) AS count, last.txid::text AS last_txid, last.id AS last_id
  FROM (SELECT 1) one LEFT JOIN (SELECT txid, id FROM batch ORDER BY txid DESC, id DESC LIMIT 1) last ON true`;

/** Runs a one-statement consumer (`WITH batch AS (NEXT_EVENTS) … BATCH_SUMMARY`) and answers what it took. */
export async function runBatchStatement(
  db: Db,
  sql: string,
  cursor: Cursor,
  limit: number,
): Promise<{ count: number; last: Cursor | null }> {
  const row = await db.one<{ count: number; last_txid: string | null; last_id: number | null }>(sql, [
    cursor.txid,
    cursor.id,
    limit,
  ]);
  if (!row.count || row.last_txid === null || row.last_id === null) return { count: 0, last: null };
  return { count: row.count, last: { txid: row.last_txid, id: Number(row.last_id) } };
}
