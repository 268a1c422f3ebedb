import type { Db } from '../db/client.ts';

/** Where a password is tried: the console's sign-in or SMTP AUTH. Each has its own limits. */
export type AttemptChannel = 'api' | 'smtp';

export interface AttemptSubject {
  channel: AttemptChannel;
  /** The name as tried, trimmed and lower-cased (username, e-mail or SMTP login). */
  name: string;
  /** The account the name belongs to, when known: its failures count together under all its names. */
  userId: number | null;
  ip: string;
}

/** An attempt not yet decided counts as a failure; a refused one is marked so it does not count as a check. */
export const PENDING = 'pending';
export const LIMITED = 'limited';

/**
 * Records the attempt before the password is checked. Its own statement (committed at once, never inside a
 * transaction), so the count that follows sees every attempt recorded before it, by this process or another.
 */
export async function insertAttempt(db: Db, subject: AttemptSubject): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO login_attempts (channel, username, user_id, ip, success, reason)
     VALUES ($1, $2, $3, $4, false, '${PENDING}') RETURNING id`,
    [subject.channel, subject.name.slice(0, 254), subject.userId, subject.ip],
  );
  return row.id;
}

/**
 * Password checks that did not succeed within the sliding window, for the account (or the name, for a name no account
 * has) and for the client address: the failed ones, and those still running that were recorded before `upToId` (this
 * attempt included). Refused attempts are not checks and are left out. Counting only the earlier running checks puts
 * parallel attempts in a queue: each waits for those before it, never for those after it (see guardAttempt).
 */
export function countChecks(db: Db, subject: AttemptSubject, windowMinutes: number, upToId: number) {
  return db.one<{ by_name: number; by_ip: number; running_by_name: number; running_by_ip: number }>(
    `SELECT count(*) FILTER (WHERE user_id = $3 OR username = $2)::int AS by_name,
            count(*) FILTER (WHERE ip = $4)::int AS by_ip,
            count(*) FILTER (WHERE (user_id = $3 OR username = $2) AND reason = '${PENDING}')::int AS running_by_name,
            count(*) FILTER (WHERE ip = $4 AND reason = '${PENDING}')::int AS running_by_ip
       FROM login_attempts
      WHERE channel = $1 AND success = false AND reason IS DISTINCT FROM '${LIMITED}'
        AND (reason IS DISTINCT FROM '${PENDING}' OR id <= $6)
        AND created_at > now() - make_interval(secs => $5) AND (user_id = $3 OR username = $2 OR ip = $4)`,
    [subject.channel, subject.name, subject.userId, subject.ip, windowMinutes * 60, upToId],
  );
}

/** Every failure (refused ones included) in a longer look-back: the measure of "over the limit again and again". */
export function countFailures(db: Db, subject: AttemptSubject, by: 'name' | 'ip', minutes: number) {
  const [match, params] =
    by === 'ip' ? ['ip = $3', [subject.ip]] : ['(username = $3 OR user_id = $4::int)', [subject.name, subject.userId]];
  return db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_attempts
      WHERE channel = $1 AND success = false AND created_at > now() - make_interval(secs => $2) AND ${match}`,
    [subject.channel, minutes * 60, ...params],
  );
}

export async function settleAttempt(db: Db, id: number, outcome: { success: boolean; reason: string | null }) {
  await db.query('UPDATE login_attempts SET success = $2, reason = $3 WHERE id = $1', [
    id,
    outcome.success,
    outcome.reason,
  ]);
}

/** An attempt that turned out not to be a guess (the password was right, a second factor is still asked for). */
export async function forgetAttempt(db: Db, id: number) {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [id]);
}
