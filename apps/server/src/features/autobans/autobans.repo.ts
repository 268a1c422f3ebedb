import type { Autoban, AutobanType } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { AutobanRow } from '../../security/bans.repo.ts';

export function toAutoban(row: AutobanRow): Autoban {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

export function listActiveBans(db: Db, type: AutobanType): Promise<AutobanRow[]> {
  return db.query<AutobanRow>(
    `SELECT id, type, value, reason, created_at, expires_at FROM autobans
      WHERE type = $1 AND expires_at > now() ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [type],
  );
}

/** Lifts a ban; answers whether an active one was there. Expired rows of the value go too. */
export async function deleteBan(db: Db, type: AutobanType, value: string): Promise<boolean> {
  const rows = await db.query<{ active: boolean }>(
    'DELETE FROM autobans WHERE type = $1 AND value = $2 RETURNING expires_at > now() AS active',
    [type, value],
  );
  return rows.some((row) => row.active);
}
