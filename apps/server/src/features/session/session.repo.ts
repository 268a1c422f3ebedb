import type { Role, Session, Subrole } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

interface SessionViewRow {
  uid: number;
  cid: number;
  role: Role;
  subrole: Subrole | null;
  acting_role: Role | null;
  username: string;
  full_name: string;
  email: string | null;
  totp_enabled: boolean;
  company_name: string;
  pcid: number | null;
  partner: boolean;
  has_clients: boolean;
  origin_cid: number;
  origin_name: string;
}

/** The Session entity of the spec, for one stored session. */
export async function findSessionView(db: Db, sessionId: number): Promise<Session | undefined> {
  const row = await db.maybeOne<SessionViewRow>(
    `SELECT u.id AS uid, s.customer_id AS cid, u.role, u.subrole, s.acting_role, u.username, u.full_name, u.email,
            u.totp_secret IS NOT NULL AS totp_enabled, c.name AS company_name, c.parent_id AS pcid, c.partner,
            EXISTS (SELECT 1 FROM customers k WHERE k.parent_id = c.id) AS has_clients,
            o.id AS origin_cid, o.name AS origin_name
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN customers c ON c.id = s.customer_id
       JOIN customers o ON o.id = u.customer_id
      WHERE s.id = $1`,
    [sessionId],
  );
  if (!row) return undefined;
  const proxied = row.cid !== row.origin_cid;
  return {
    uid: row.uid,
    cid: row.cid,
    role: proxied && row.acting_role ? row.acting_role : row.role,
    subrole: proxied ? null : row.subrole,
    company: {
      cid: row.cid,
      name: row.company_name,
      pcid: row.pcid,
      has_clients: row.has_clients,
      partner: row.partner,
    },
    username: row.username,
    full_name: row.full_name,
    email: row.email,
    totp_enabled: row.totp_enabled,
    origin: { cid: row.origin_cid, name: row.origin_name },
  };
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: number; customerId: number; ip: string; userAgent: string; ttlHours: number },
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO sessions (token_hash, user_id, customer_id, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
    [
      values.tokenHash,
      values.userId,
      values.customerId,
      values.ip,
      values.userAgent.slice(0, 500),
      values.ttlHours * 3600,
    ],
  );
  return row.id;
}

export async function setSessionCustomer(db: Db, sessionId: number, customerId: number, actingRole: Role | null) {
  await db.query('UPDATE sessions SET customer_id = $2, acting_role = $3 WHERE id = $1', [
    sessionId,
    customerId,
    actingRole,
  ]);
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

export async function insertPersistCode(db: Db, userId: number, codeHash: string, days: number) {
  await db.query(
    `INSERT INTO persist_codes (user_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [userId, codeHash, days],
  );
}

export async function persistCodeValid(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const row = await db.maybeOne(
    'SELECT 1 FROM persist_codes WHERE user_id = $1 AND code_hash = $2 AND expires_at > now()',
    [userId, codeHash],
  );
  return row !== undefined;
}

/** A wrong password from a remembered device: after `max` of them the device is no longer remembered. */
export async function countPersistCodeFailure(db: Db, userId: number, codeHash: string, max: number) {
  const where = 'user_id = $1 AND code_hash = $2';
  await db.query(`DELETE FROM persist_codes WHERE ${where} AND failed_attempts + 1 >= $3`, [userId, codeHash, max]);
  await db.query(`UPDATE persist_codes SET failed_attempts = failed_attempts + 1 WHERE ${where}`, [userId, codeHash]);
}

export async function clearPersistCodeFailures(db: Db, userId: number, codeHash: string) {
  await db.query(
    'UPDATE persist_codes SET failed_attempts = 0 WHERE user_id = $1 AND code_hash = $2 AND failed_attempts > 0',
    [userId, codeHash],
  );
}

/** Every other session of the user ends (a password change keeps the one that made it). */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
    userId,
    keepSessionId,
  ]);
}
