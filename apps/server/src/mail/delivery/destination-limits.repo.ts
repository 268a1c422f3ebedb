import type { Db } from '../../db/client.ts';

/**
 * Takes up to `count` free connection slots of a destination (0 … limit-1) for `holder`, in one statement. A slot is
 * free when no row holds it or its row expired (a crashed holder). Two takers racing for the same slot both try to
 * insert it; PostgreSQL makes the second wait for the first and then re-checks ON CONFLICT's WHERE against the row
 * the first wrote, which is not expired: the second gets no slot instead of a second copy of it.
 */
export async function takeSlots(
  db: Db,
  destination: string,
  holder: string,
  limit: number,
  count: number,
  ttlSeconds: number,
): Promise<number[]> {
  const rows = await db.query<{ slot: number }>(
    `INSERT INTO destination_leases AS l (destination, slot, holder, expires_at)
     SELECT $1, s, $2, now() + make_interval(secs => $5)
       FROM generate_series(0, $3::int - 1) s
      WHERE NOT EXISTS (
        SELECT 1 FROM destination_leases h WHERE h.destination = $1 AND h.slot = s AND h.expires_at > now())
      ORDER BY s LIMIT $4
     ON CONFLICT (destination, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE l.expires_at <= now()
     RETURNING slot`,
    [destination, holder, limit, count, ttlSeconds],
  );
  return rows.map((row) => Number(row.slot));
}

/** Pushes the expiry of every slot `holder` holds; answers the slots it still holds (others took expired ones). */
export async function renewSlots(
  db: Db,
  holder: string,
  ttlSeconds: number,
): Promise<{ destination: string; slot: number }[]> {
  const rows = await db.query<{ destination: string; slot: number }>(
    `UPDATE destination_leases SET expires_at = now() + make_interval(secs => $2) WHERE holder = $1
     RETURNING destination, slot`,
    [holder, ttlSeconds],
  );
  return rows.map((row) => ({ destination: row.destination, slot: Number(row.slot) }));
}

/** Gives back slots (one statement for a batch); a slot another holder took meanwhile is left alone. */
export async function freeSlots(
  db: Db,
  holder: string,
  slots: readonly { destination: string; slot: number }[],
): Promise<void> {
  if (!slots.length) return;
  await db.query(
    `DELETE FROM destination_leases
      WHERE holder = $1 AND (destination, slot) IN (SELECT * FROM unnest($2::text[], $3::int[]))`,
    [holder, slots.map((s) => s.destination), slots.map((s) => s.slot)],
  );
}

/** Every slot of `holder` (a stopping process). */
export async function freeAllSlots(db: Db, holder: string): Promise<void> {
  await db.query('DELETE FROM destination_leases WHERE holder = $1', [holder]);
}

/**
 * Whether queue row `dq` is held by an operator's pause (delivery_pauses, migration 0034): its recipient domain or its
 * customer is paused, and no operator released it. The first test is uncorrelated (one InitPlan per statement): with
 * no pause at all, which is the usual case, no row is probed further.
 */
export const PAUSED_ROW_SQL = `((SELECT EXISTS (SELECT 1 FROM delivery_pauses)) AND dq.hold IS DISTINCT FROM 'released' AND EXISTS (
  SELECT 1 FROM delivery_pauses p
   WHERE p.destination = dq.recipient_domain
      OR p.customer_id = (SELECT m.customer_id FROM messages m WHERE m.id = dq.message_id)))`;
