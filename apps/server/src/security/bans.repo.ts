import type { AutobanType } from '@mailwright/contract';
import type { Db } from '../db/client.ts';

// The bans the sign-in and SMTP AUTH guards read and write (table autobans); the autobans feature lists and lifts them.
export interface AutobanRow {
  id: number;
  type: AutobanType;
  value: string;
  reason: string;
  created_at: Date;
  expires_at: Date;
}

/** The first active ban among the given (type, value) pairs, or undefined. */
export async function findActiveBan(
  db: Db,
  candidates: readonly { type: AutobanType; value: string }[],
): Promise<AutobanRow | undefined> {
  if (candidates.length === 0) return undefined;
  return db.maybeOne<AutobanRow>(
    `SELECT id, type, value, reason, created_at, expires_at FROM autobans
      WHERE (type, value) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND expires_at > now()
      ORDER BY expires_at DESC LIMIT 1`,
    [candidates.map((c) => c.type), candidates.map((c) => c.value)],
  );
}

/** Bans a value (or renews its ban): one row per (type, value), so two processes banning at once make one. */
export async function upsertBan(db: Db, ban: { type: AutobanType; value: string; reason: string; minutes: number }) {
  return db.one<AutobanRow>(
    `INSERT INTO autobans (type, value, reason, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))
     ON CONFLICT (type, value) DO UPDATE
       SET reason = EXCLUDED.reason, created_at = now(), expires_at = EXCLUDED.expires_at
     RETURNING id, type, value, reason, created_at, expires_at`,
    [ban.type, ban.value, ban.reason, ban.minutes],
  );
}
