import {
  type LoginRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  PERSIST_CODE_DAYS,
  type Session,
  type TwoFactorDisable,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type AuthContext, hashToken, newToken } from '../../http/auth.ts';
import { fieldError, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { attemptLimitsFrom, guardAttempt } from '../../security/attempt-guard.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { isReferralOf } from '../partners/partners.repo.ts';
import { systemMailProblem } from '../settings/settings.service.ts';
import { findUserToken, issueUserToken, useUserToken } from '../users/user-tokens.ts';
import { findUserById, findUserByLogin, updateUserFields } from '../users/users.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { proveCurrentUser } from './proof.ts';
import * as repo from './session.repo.ts';
import { generateSecret, matchTotp, otpauthUrl } from './totp.ts';

const INVALID_LOGIN = 'Invalid username or password';

export async function currentSession(deps: Deps, auth: AuthContext): Promise<Session> {
  const session = await repo.findSessionView(deps.db, auth.sessionId);
  if (!session) throw unauthorized();
  return session;
}

/**
 * Spec 4/8: 401 means "second factor required" (no code sent) or "invalid code" (code sent), so a wrong password
 * must not be 401: it is 403 with the server's message. Too many failures, or a banned name or address, is 425 (too
 * early: try later) with a message that says which and until when.
 *
 * The attempt is counted before the password is checked (attempt-guard.ts), so parallel guesses cannot get more
 * checks than the limit. A request with the account's valid persist code (a device the owner chose to remember)
 * is exempt from the account's limit and ban, so knowing a username is not enough to keep its owner out.
 */
export async function login(deps: Deps, input: LoginRequest, ip: string, userAgent: string): Promise<LoginResponse> {
  const { db, config } = deps;
  const user = await findUserByLogin(db, input.username);
  const persistHash = input.persist_code ? hashToken(input.persist_code) : null;
  const trusted = Boolean(user && persistHash && (await repo.persistCodeValid(db, user.id, persistHash)));
  const guarded = await guardAttempt(
    db,
    attemptLimitsFrom(config),
    {
      channel: 'api',
      name: input.username,
      userId: user?.id ?? null,
      ip,
      otherNames: user ? [user.username, user.email ?? ''] : [],
    },
    { trusted },
  );
  if ('refusal' in guarded) throw new HttpError(425, guarded.refusal.message);
  const { attempt } = guarded;
  const fail = async (status: number, message: string, reason: string): Promise<never> => {
    await attempt.failed(reason);
    // A remembered device that keeps failing stops being trusted: a stolen persist code buys few guesses.
    if (trusted && user && persistHash) {
      await repo.countPersistCodeFailure(db, user.id, persistHash, config.loginMaxFailuresPerUser);
    }
    throw new HttpError(status, message);
  };
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk) return fail(403, INVALID_LOGIN, 'password');
  if (user.state !== 'active') return fail(403, 'This account is not active.', 'inactive');

  let persistCode: string | null = null;
  if (user.totp_secret && !trusted) {
    if (!input.code) {
      await attempt.forget();
      throw new HttpError(401, 'Second factor required');
    }
    const counter = matchTotp(user.totp_secret, input.code);
    // A code is good once: a replay of the same or an older time step is refused (RFC 6238 section 5.2).
    if (counter === null || (user.totp_last_counter !== null && counter <= user.totp_last_counter)) {
      return fail(401, 'Invalid code', 'code');
    }
    await updateUserFields(db, user.id, { totp_last_counter: counter });
    if (input.remember) {
      persistCode = newToken(24);
      await repo.insertPersistCode(db, user.id, hashToken(persistCode), PERSIST_CODE_DAYS);
    }
  }

  await attempt.succeeded();
  const token = newToken();
  const sessionId = await db.transaction(async (tx) => {
    if (trusted && persistHash) await repo.clearPersistCodeFailures(tx, user.id, persistHash);
    await updateUserFields(tx, user.id, { last_login_at: new Date() });
    return repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      customerId: user.customer_id,
      ip,
      userAgent,
      ttlHours: config.sessionTtlHours,
    });
  });
  const session = await repo.findSessionView(db, sessionId);
  if (!session) throw new Error('Session vanished right after sign-in');
  return { session, token, persist_code: persistCode };
}

export async function logout(deps: Deps, auth: AuthContext) {
  await repo.revokeSession(deps.db, auth.sessionId);
  return { message: 'Logged out' };
}

/**
 * Superadmin may act as any customer; a partner or an admin only as the direct clients (or the partner's referrals)
 * of its own (home) customer, so a client's admin never reaches its parent or its siblings. Inside, the caller acts
 * as that customer's admin.
 */
export async function proxy(deps: Deps, auth: AuthContext, cid: number): Promise<{ session: Session }> {
  const target = await findCustomerRow(deps.db, cid);
  const ownClient =
    (auth.originRole === 'partner' || auth.originRole === 'admin') &&
    target !== undefined &&
    (target.parent_id === auth.originCid || (await isReferralOf(deps.db, auth.originCid, target.id)));
  const allowed = auth.originRole === 'superadmin' || ownClient;
  if (!target || !allowed) throw notFound('Customer not found!');
  const home = target.id === auth.originCid;
  await repo.setSessionCustomer(deps.db, auth.sessionId, target.id, home ? null : target.partner ? 'partner' : 'admin');
  return { session: await currentSession(deps, auth) };
}

export async function unproxy(deps: Deps, auth: AuthContext): Promise<{ session: Session }> {
  await repo.setSessionCustomer(deps.db, auth.sessionId, auth.originCid, null);
  return { session: await currentSession(deps, auth) };
}

/** Answers the same whether or not the user exists, so the form cannot be used to find accounts. */
export async function requestPasswordReset(deps: Deps, login: string) {
  const user = await findUserByLogin(deps.db, login);
  if (user?.email && user.state === 'active') {
    await deps.db.transaction(async (tx) => {
      const token = await issueUserToken(tx, user.id, 'reset');
      await queueSystemMail(tx, deps.log, {
        to: user.email as string,
        kind: 'password-reset',
        subject: 'Reset your Mailwright password',
        text: `Hello ${user.full_name || user.username},\n\nSomeone asked to reset the password of ${user.username}. Open this link within 2 hours to choose a new one:\n\n${deps.config.publicUrl}/auth/reset/${token}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      });
    });
  }
  // The answer stays the same (it must not tell who has an account), but an operator must learn the mail is stuck.
  const problem = await systemMailProblem(deps);
  if (problem) deps.log.warn({ problem }, 'a password reset was asked for, but system mail cannot be sent');
  return { message: 'A reset link was sent to your email!' };
}

export async function checkUserToken(deps: Deps, token: string) {
  const found = await findUserToken(deps.db, token, ['reset', 'activate']);
  const user = found && (await findUserById(deps.db, found.user_id));
  if (!found || !user) throw notFound('This link is invalid or has expired.');
  return { username: user.username, purpose: found.purpose as 'reset' | 'activate' };
}

/** With a token (reset or activation link) or, signed in, with the current password. */
export async function changePassword(
  deps: Deps,
  session: AuthContext | null,
  input: PasswordChangeRequest,
  ip: string,
) {
  const { db } = deps;
  if (input.token) {
    const found = await findUserToken(db, input.token, ['reset', 'activate']);
    if (!found) throw fieldError('token', 'This link is invalid or has expired.');
    const newHash = await hashPassword(input.new_password);
    const user = await findUserById(db, found.user_id);
    if (!user) throw fieldError('token', 'This link is invalid or has expired.');
    await db.transaction(async (tx) => {
      await useUserToken(tx, input.token as string);
      await updateUserFields(tx, found.user_id, {
        password_hash: newHash,
        ...(found.purpose === 'activate' ? { state: 'active' as const } : {}),
      });
      await repo.revokeUserSessions(tx, found.user_id);
      if (found.purpose === 'activate') {
        await notify(tx, user.customer_id, 'user-activated', `${user.username} activated their account`);
      } else {
        await notify(tx, user.customer_id, 'password-changed', 'Your password was changed', user.id);
      }
    });
    return { message: found.purpose === 'activate' ? 'Account activated' : 'Password changed' };
  }
  if (!session) throw unauthorized();
  const user = await proveCurrentUser(deps, session, ip, { password: input.password ?? '' });
  const newHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await updateUserFields(tx, user.id, { password_hash: newHash });
    // Whoever else is signed in as this user (the reason to change it, perhaps) is signed out; this session stays.
    await repo.revokeOtherSessions(tx, user.id, session.sessionId);
    await notify(tx, user.customer_id, 'password-changed', 'Your password was changed', user.id);
  });
  return { message: 'Password changed' };
}

export async function twoFactorSetup(deps: Deps, auth: AuthContext) {
  const user = await findUserById(deps.db, auth.uid);
  if (!user) throw unauthorized();
  const secret = generateSecret();
  return { secret, otpauth_url: otpauthUrl(secret, user.username) };
}

export async function enableTwoFactor(deps: Deps, auth: AuthContext, code: string, secret: string | undefined) {
  if (!secret) throw fieldError('secret', 'Start the set-up again: the secret is missing');
  const counter = matchTotp(secret, code);
  if (counter === null) throw fieldError('code', 'Invalid code');
  await updateUserFields(deps.db, auth.uid, { totp_secret: secret, totp_last_counter: counter });
  return { message: 'Two-factor authentication enabled' };
}

/** Needs the password or a current code besides the session (proof.ts). */
export async function disableTwoFactor(deps: Deps, auth: AuthContext, ip: string, proof: TwoFactorDisable) {
  if (auth.originCid !== auth.cid) throw forbidden('Switch back to your own account first');
  await proveCurrentUser(deps, auth, ip, proof);
  await deps.db.transaction(async (tx) => {
    await updateUserFields(tx, auth.uid, { totp_secret: null, totp_last_counter: null });
    await tx.query('DELETE FROM persist_codes WHERE user_id = $1', [auth.uid]);
    await notify(
      tx,
      auth.cid,
      'second-factor-off',
      'Two-factor authentication was turned off for your account',
      auth.uid,
    );
  });
  return { message: 'Two-factor authentication disabled' };
}
