import {
  type LoginRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  PERSIST_CODE_DAYS,
  type Session,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type AuthContext, hashToken, newToken } from '../../http/auth.ts';
import { fieldError, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { findUserToken, issueUserToken, useUserToken } from '../users/user-tokens.ts';
import { findUserById, findUserByLogin, updateUserFields } from '../users/users.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
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
 * must not be 401: it is 403 with the server's message; too many failures is 425 (too early, try later).
 */
export async function login(deps: Deps, input: LoginRequest, ip: string, userAgent: string): Promise<LoginResponse> {
  const { db, config } = deps;
  const user = await findUserByLogin(db, input.username);
  const failures = await repo.countRecentFailures(db, user?.id ?? null, ip, config.loginFailureWindowMinutes);
  if (failures.by_user >= config.loginMaxFailuresPerUser || failures.by_ip >= config.loginMaxFailuresPerIp) {
    throw new HttpError(
      425,
      `Too many failed sign-in attempts. Try again in ${config.loginFailureWindowMinutes} minutes.`,
    );
  }
  const fail = async (status: number, message: string, reason: string): Promise<never> => {
    await repo.recordLoginAttempt(db, {
      username: input.username,
      userId: user?.id ?? null,
      ip,
      success: false,
      reason,
    });
    throw new HttpError(status, message);
  };
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk) return fail(403, INVALID_LOGIN, 'password');
  if (user.state !== 'active') return fail(403, 'This account is not active.', 'inactive');

  let persistCode: string | null = null;
  if (user.totp_secret) {
    const remembered = input.persist_code && (await repo.persistCodeValid(db, user.id, hashToken(input.persist_code)));
    if (!remembered) {
      if (!input.code) throw new HttpError(401, 'Second factor required');
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
  }

  const token = newToken();
  const sessionId = await db.transaction(async (tx) => {
    await repo.recordLoginAttempt(tx, { username: input.username, userId: user.id, ip, success: true });
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

/** Superadmin may act as any customer, a partner as its own clients; inside, the caller acts as that customer's admin. */
export async function proxy(deps: Deps, auth: AuthContext, cid: number): Promise<{ session: Session }> {
  const target = await findCustomerRow(deps.db, cid);
  const allowed =
    auth.originRole === 'superadmin' || (auth.originRole === 'partner' && target?.parent_id === auth.originCid);
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
  return { message: 'A reset link was sent to your email!' };
}

export async function checkUserToken(deps: Deps, token: string) {
  const found = await findUserToken(deps.db, token, ['reset', 'activate']);
  const user = found && (await findUserById(deps.db, found.user_id));
  if (!found || !user) throw notFound('This link is invalid or has expired.');
  return { username: user.username, purpose: found.purpose as 'reset' | 'activate' };
}

/** With a token (reset or activation link) or, signed in, with the current password. */
export async function changePassword(deps: Deps, session: AuthContext | null, input: PasswordChangeRequest) {
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
  const user = await findUserById(db, session.uid);
  if (!user || !(await verifyPassword(user.password_hash, input.password ?? ''))) {
    throw fieldError('password', 'Current password is wrong');
  }
  const newHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await updateUserFields(tx, user.id, { password_hash: newHash });
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

export async function disableTwoFactor(deps: Deps, auth: AuthContext) {
  if (auth.originCid !== auth.cid) throw forbidden('Switch back to your own account first');
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
