import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, HttpError, unauthorized } from '../../http/errors.ts';
import { attemptLimitsFrom, guardAttempt } from '../../security/attempt-guard.ts';
import { findUserById, type UserRow, updateUserFields } from '../users/users.repo.ts';
import { verifyPassword } from './passwords.ts';
import { matchTotp } from './totp.ts';

/**
 * A signed-in user proves it is really them before a sensitive change (a new password, the second factor off): with
 * the current password, or with a current code when the second factor is on. A session alone is not enough: it may be
 * a browser left open. The check counts against the account's sign-in limit like a sign-in does, so a stolen session
 * cannot be used to guess the password.
 */
export async function proveCurrentUser(
  deps: Deps,
  auth: AuthContext,
  ip: string,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<UserRow> {
  const user = await findUserById(deps.db, auth.uid);
  if (!user) throw unauthorized();
  const guarded = await guardAttempt(deps.db, attemptLimitsFrom(deps.config), {
    channel: 'api',
    name: user.username,
    userId: user.id,
    ip,
  });
  if ('refusal' in guarded) throw new HttpError(425, guarded.refusal.message);
  if (proof.code && user.totp_secret) {
    const counter = matchTotp(user.totp_secret, proof.code);
    // A code is good once (RFC 6238 section 5.2), here as at sign-in.
    if (counter === null || (user.totp_last_counter !== null && counter <= user.totp_last_counter)) {
      await guarded.attempt.failed('code');
      throw fieldError('code', 'Invalid code');
    }
    await updateUserFields(deps.db, user.id, { totp_last_counter: counter });
  } else if (!proof.password || !(await verifyPassword(user.password_hash, proof.password))) {
    await guarded.attempt.failed('password');
    throw fieldError('password', proof.password ? 'Current password is wrong' : 'Enter your current password');
  }
  await guarded.attempt.succeeded();
  return user;
}
