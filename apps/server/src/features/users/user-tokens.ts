import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../http/auth.ts';

export type UserTokenPurpose = 'reset' | 'activate' | 'invite';

const LIFETIME_HOURS: Record<UserTokenPurpose, number> = { reset: 2, activate: 72, invite: 24 * 7 };

/** Issues a single-use link token; only its hash is stored. Earlier unused tokens of the same purpose stop working. */
export async function issueUserToken(db: Db, userId: number, purpose: UserTokenPurpose): Promise<string> {
  const token = newToken(24);
  await db.query('DELETE FROM user_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  await db.query(
    `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashToken(token), userId, purpose, LIFETIME_HOURS[purpose]],
  );
  return token;
}

export async function findUserToken(db: Db, token: string, purposes: UserTokenPurpose[]) {
  return db.maybeOne<{ user_id: number; purpose: UserTokenPurpose }>(
    `SELECT user_id, purpose FROM user_tokens
      WHERE token_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token), purposes],
  );
}

export async function useUserToken(db: Db, token: string) {
  await db.query('UPDATE user_tokens SET used_at = now() WHERE token_hash = $1', [hashToken(token)]);
}
