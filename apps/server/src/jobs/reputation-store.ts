import type { Db } from '../db/client.ts';
import type { SndsRow } from '../mail/reputation/snds-csv.ts';
import { openColumn, sealColumn } from '../secrets/secret-columns.ts';

/**
 * The job's writes: one row per IP, type (or zone) and UTC day. A rerun the same day updates the row in place
 * (ON CONFLICT on the primary key), so two workers or a retry never make a second one.
 */

export interface TrustDay {
  listed: boolean;
  trust: string | null;
}

export async function saveTrust(db: Db, ip: string, type: 'dnswl' | 'ami_white', day: string, value: TrustDay) {
  await db.query(
    `INSERT INTO ip_reputation_history (ip, type, day, listed, trust) VALUES ($1, $2, $3::date, $4, $5)
     ON CONFLICT (ip, type, day) DO UPDATE SET listed = excluded.listed, trust = excluded.trust, checked_at = now()`,
    [ip, type, day, value.listed, value.trust],
  );
}

export async function saveSenderScore(db: Db, ip: string, day: string, score: number, reputation: string) {
  await db.query(
    `INSERT INTO ip_reputation_history (ip, type, day, score, reputation) VALUES ($1, 'senderscore', $2::date, $3, $4)
     ON CONFLICT (ip, type, day) DO UPDATE SET score = excluded.score, reputation = excluded.reputation, checked_at = now()`,
    [ip, day, score, reputation],
  );
}

export async function saveSnds(db: Db, row: SndsRow) {
  await db.query(
    `INSERT INTO ip_reputation_history (ip, type, day, filter, msg_recipients, complaint_rate, trap_hits)
     VALUES ($1, 'snds', $2::date, $3, $4, $5, $6)
     ON CONFLICT (ip, type, day) DO UPDATE SET filter = excluded.filter, msg_recipients = excluded.msg_recipients,
       complaint_rate = excluded.complaint_rate, trap_hits = excluded.trap_hits, checked_at = now()`,
    [row.ip, row.day, row.filter, row.msgRecipients, row.complaintRate, row.trapHits],
  );
}

export async function saveBlocklist(db: Db, ip: string, zone: string, day: string, codes: string[] | null) {
  await db.query(
    `INSERT INTO ip_blocklist_checks (ip, zone, day, listed, codes) VALUES ($1, $2, $3::date, $4, $5)
     ON CONFLICT (ip, zone, day) DO UPDATE SET listed = excluded.listed, codes = excluded.codes, checked_at = now()`,
    [ip, zone, day, codes !== null, (codes ?? []).join(',')],
  );
}

/**
 * Records a signal's level; answers the previous level when this call changed it (null previous: the first time),
 * or undefined when the level was already this one. The conditional upsert is the once-only gate: of two workers
 * that see the same change, one updates the row and the other finds the level already set.
 */
export async function recordLevel(
  db: Db,
  ip: string,
  signal: string,
  level: string,
): Promise<{ previous: string | null } | undefined> {
  const rows = await db.query<{ previous: string | null }>(
    `WITH old AS (SELECT level FROM ip_reputation_states WHERE ip = $1 AND signal = $2)
     INSERT INTO ip_reputation_states AS s (ip, signal, level) VALUES ($1, $2, $3)
     ON CONFLICT (ip, signal) DO UPDATE SET level = excluded.level, since = now() WHERE s.level <> excluded.level
     RETURNING (SELECT level FROM old) AS previous`,
    [ip, signal, level],
  );
  return rows[0] ? { previous: rows[0].previous } : undefined;
}

export interface SendingIpRow {
  id: number;
  ip: string;
  ptr_host: string | null;
}

export function listSendingIps(db: Db): Promise<SendingIpRow[]> {
  return db.query<SendingIpRow>('SELECT id, ip, ptr_host FROM sending_ips ORDER BY id');
}

const SNDS_SECRET = 'snds_key';

/** The SNDS key an operator stored (sealed in server_secrets), else the environment's SNDS_KEY. */
export async function readSndsKey(db: Db, fallback: string | undefined): Promise<string | undefined> {
  const row = await db.maybeOne<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [SNDS_SECRET]);
  return row ? openColumn('server_secrets.value', SNDS_SECRET, row.value) : fallback;
}

/** Whether an operator has stored an SNDS key (its value is never read back to anyone). */
export async function hasStoredSndsKey(db: Db): Promise<boolean> {
  return Boolean(await db.maybeOne('SELECT 1 FROM server_secrets WHERE name = $1', [SNDS_SECRET]));
}

/** Stores the SNDS key sealed (bound to its row, docs/security.md); an empty key removes it. */
export async function writeSndsKey(db: Db, key: string): Promise<void> {
  if (!key) {
    await db.query('DELETE FROM server_secrets WHERE name = $1', [SNDS_SECRET]);
    return;
  }
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    [SNDS_SECRET, sealColumn('server_secrets.value', SNDS_SECRET, key)],
  );
}
