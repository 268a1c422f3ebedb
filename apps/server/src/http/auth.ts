import { createHash, randomBytes } from 'node:crypto';
import type { Role, Subrole } from '@mailwright/contract';
import type { Db } from '../db/client.ts';
import { bannedMessage, findBan, normalizeIp } from '../security/attempt-guard.ts';
import { HttpError } from './errors.ts';

/** The signed-in caller of a request, with the customer it acts as (tenancy is resolved once, here). */
export interface AuthContext {
  sessionId: number;
  tokenHash: string;
  uid: number;
  /** The acting customer: every tenant query filters on it. */
  cid: number;
  role: Role;
  subrole: Subrole | null;
  originCid: number;
  originRole: Role;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

interface SessionRow {
  session_id: number;
  user_id: number;
  customer_id: number;
  acting_role: Role | null;
  role: Role;
  subrole: Subrole | null;
  origin_cid: number;
  last_seen_stale: boolean;
}

/**
 * The session of a bearer token, or null. A call from a banned address (an IP auto-ban) is refused with 425 and the
 * ban's message, also with a valid token: the ban is looked up in the same query.
 */
export async function resolveSession(db: Db, token: string, ip: string): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const clientIp = normalizeIp(ip);
  const row = await db.maybeOne<SessionRow & { ip_banned: boolean }>(
    `SELECT s.id AS session_id, s.user_id, s.customer_id, s.acting_role, u.role, u.subrole,
            u.customer_id AS origin_cid, s.last_seen_at < now() - interval '1 minute' AS last_seen_stale,
            EXISTS (SELECT 1 FROM autobans b WHERE b.type = 'ip' AND b.value = $2 AND b.expires_at > now()) AS ip_banned
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.state = 'active'`,
    [tokenHash, clientIp],
  );
  if (!row) return null;
  if (row.ip_banned) {
    const ban = await findBan(db, clientIp);
    if (ban) throw new HttpError(425, bannedMessage(ban, 'api'));
  }
  if (row.last_seen_stale) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.session_id]);
  }
  const proxied = row.customer_id !== row.origin_cid;
  return {
    sessionId: row.session_id,
    tokenHash,
    uid: row.user_id,
    cid: row.customer_id,
    role: proxied && row.acting_role ? row.acting_role : row.role,
    subrole: proxied ? null : row.subrole,
    originCid: row.origin_cid,
    originRole: row.role,
  };
}
