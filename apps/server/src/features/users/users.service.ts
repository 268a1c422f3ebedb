import { assignableRoles, type InviteRequest, type Role, type UserCreate, type UserUpdate } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { hashPassword } from '../session/passwords.ts';
import { revokeUserSessions } from '../session/session.repo.ts';
import { findUserToken, issueUserToken, useUserToken } from './user-tokens.ts';
import * as repo from './users.repo.ts';

async function loadUser(db: Db, auth: AuthContext, uid: number) {
  const user = await repo.findCustomerUser(db, auth.cid, uid);
  if (!user) throw notFound('User not found!');
  if (user.role === 'superadmin' && auth.role !== 'superadmin')
    throw forbidden('Only a superadmin can change a superadmin');
  return user;
}

/** Spec 6: superadmin only from a superadmin session; partner only inside a partner customer. */
async function checkRole(db: Db, auth: AuthContext, role: Role) {
  const customer = await findCustomerRow(db, auth.cid);
  if (!assignableRoles(auth.role, customer?.partner ?? false).includes(role)) {
    throw fieldError('role', `You cannot assign the role ${role}`);
  }
}

const NAME_TAKEN: Record<'username' | 'email', string> = {
  username: 'This username is taken',
  email: 'This email address is already used to sign in to an account',
};

/**
 * Issue 10 item 11: usernames and e-mail addresses are one case-insensitive namespace of sign-in names across all
 * customers, so a name signs in to one account only (and a reset for it goes to that account). A user's own username
 * may equal its own e-mail address.
 */
async function checkSignInNames(db: Db, names: { username?: string; email?: string | null }, exceptId = 0) {
  for (const field of ['username', 'email'] as const) {
    const name = names[field];
    if (name && (await repo.signInNameTaken(db, name, exceptId))) throw fieldError(field, NAME_TAKEN[field]);
  }
}

/** Runs a write that claims sign-in names; the database's constraint answers the race the check above cannot see. */
async function claimingNames<T>(db: Db, write: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await write(db);
  } catch (error) {
    if (repo.isSignInNameConflict(error)) throw fieldError('username', 'This username or email address is taken');
    throw error;
  }
}

export async function getUser(deps: Deps, auth: AuthContext, uid: number) {
  return repo.toUser(await loadUser(deps.db, auth, uid));
}

export async function createUser(deps: Deps, auth: AuthContext, input: UserCreate) {
  const { db } = deps;
  await checkRole(db, auth, input.role);
  await checkSignInNames(db, { username: input.username, email: input.email ?? null });
  if (!input.password && !input.email) {
    throw fieldError('email', 'Give an email address for the activation link, or set a password');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const uid = await claimingNames(db, (tx) =>
    tx.transaction(async (tx) => {
      const id = await repo.insertUser(tx, {
        customerId: auth.cid,
        username: input.username,
        email: input.email ?? null,
        fullName: input.full_name,
        role: input.role,
        subrole: input.role === 'superadmin' ? input.subrole : null,
        passwordHash,
        state: passwordHash ? 'active' : 'inactive',
        external: false,
      });
      if (!passwordHash && input.email) await mailActivation(deps, tx, id, input.email, input.username);
      return id;
    }),
  );
  return getUser(deps, auth, uid);
}

async function mailActivation(deps: Deps, db: Db, uid: number, email: string, username: string) {
  const token = await issueUserToken(db, uid, 'activate');
  await queueSystemMail(db, deps.log, {
    to: email,
    kind: 'activation',
    subject: 'Activate your Mailwright account',
    text: `Hello,\n\nAn account named ${username} was created for you. Choose your password here to activate it:\n\n${deps.config.publicUrl}/auth/activate/${token}\n`,
  });
}

export async function updateUser(deps: Deps, auth: AuthContext, uid: number, input: UserUpdate) {
  const user = await loadUser(deps.db, auth, uid);
  if (input.role && input.role !== user.role) {
    await checkRole(deps.db, auth, input.role);
    if (uid === auth.uid) throw conflict('You cannot change your own role');
  }
  const role = input.role ?? user.role;
  if (input.email) await checkSignInNames(deps.db, { email: input.email }, uid);
  await claimingNames(deps.db, (db) =>
    repo.updateUserFields(db, uid, {
      email: input.email,
      full_name: input.full_name,
      role: input.role,
      subrole: role === 'superadmin' ? input.subrole : null,
    }),
  );
  return getUser(deps, auth, uid);
}

export async function deleteUser(deps: Deps, auth: AuthContext, uid: number) {
  await loadUser(deps.db, auth, uid);
  if (uid === auth.uid) throw conflict('You cannot delete yourself');
  await repo.deleteUser(deps.db, uid);
  return { message: 'User deleted' };
}

export async function setUserActive(deps: Deps, auth: AuthContext, uid: number, active: boolean) {
  const user = await loadUser(deps.db, auth, uid);
  if (uid === auth.uid && !active) throw conflict('You cannot deactivate yourself');
  if (user.state === 'invited') throw conflict('The user has not accepted the invitation yet');
  if (active && !user.password_hash) throw conflict('The user has no password yet: resend the activation link');
  await deps.db.transaction(async (tx) => {
    await repo.updateUserFields(tx, uid, { state: active ? 'active' : 'inactive' });
    if (!active) await revokeUserSessions(tx, uid);
    if (active && user.state !== 'active')
      await notify(tx, auth.cid, 'user-activated', `${user.username} was activated`);
  });
  return getUser(deps, auth, uid);
}

export async function forceLogout(deps: Deps, auth: AuthContext, uid: number) {
  await loadUser(deps.db, auth, uid);
  await revokeUserSessions(deps.db, uid);
  return { message: 'User logged out' };
}

export async function unlinkProvider(deps: Deps, auth: AuthContext, uid: number, provider: string) {
  await loadUser(deps.db, auth, uid);
  const rows = await deps.db.query(
    'DELETE FROM user_providers WHERE user_id = $1 AND provider = $2 RETURNING user_id',
    [uid, provider],
  );
  if (rows.length === 0) throw notFound('This sign-in provider is not linked');
  return { message: 'Sign-in provider unlinked' };
}

async function mailInvitation(deps: Deps, db: Db, auth: AuthContext, uid: number, email: string) {
  const token = await issueUserToken(db, uid, 'invite');
  const customer = await findCustomerRow(db, auth.cid);
  const url = `${deps.config.publicUrl}/auth/invite/${token}`;
  await queueSystemMail(db, deps.log, {
    to: email,
    kind: 'invitation',
    subject: `You are invited to ${customer?.name ?? 'Mailwright'} on Mailwright`,
    text: `Hello,\n\nYou were invited to join ${customer?.name ?? 'a team'} on Mailwright. Accept the invitation here:\n\n${url}\n\nThe link works for 7 days.\n`,
  });
  return url;
}

/** An invited person is an external user in state "invited" until the link is confirmed and a password set. */
export async function inviteUser(deps: Deps, auth: AuthContext, input: InviteRequest) {
  const { db } = deps;
  await checkRole(db, auth, input.role);
  const existing = await repo.findUserByLogin(db, input.email);
  if (existing) throw fieldError('email', 'A user with this email address already exists');
  const result = await claimingNames(db, (db) =>
    db.transaction(async (tx) => {
      const uid = await repo.insertUser(tx, {
        customerId: auth.cid,
        username: input.email,
        email: input.email,
        fullName: input.full_name,
        role: input.role,
        subrole: null,
        passwordHash: null,
        state: 'invited',
        external: true,
      });
      await notify(tx, auth.cid, 'user-invited', `${input.email} was invited as ${input.role}`);
      return { uid, url: await mailInvitation(deps, tx, auth, uid, input.email) };
    }),
  );
  return { user: await getUser(deps, auth, result.uid), invite_url: result.url };
}

export async function resendInvite(deps: Deps, auth: AuthContext, uid: number) {
  const user = await loadUser(deps.db, auth, uid);
  if (user.state !== 'invited' || !user.email) throw conflict('This user has no pending invitation');
  const url = await deps.db.transaction((tx) => mailInvitation(deps, tx, auth, uid, user.email as string));
  return { message: 'Invitation sent', invite_url: url };
}

export async function withdrawInvite(deps: Deps, auth: AuthContext, uid: number) {
  const user = await loadUser(deps.db, auth, uid);
  if (!user.external) throw conflict('This user was not invited');
  await repo.deleteUser(deps.db, uid);
  return { message: 'Invitation withdrawn' };
}

/** Confirms an invitation: the invitee then sets a password through the activation link answered here. */
export async function acceptInvite(deps: Deps, token: string) {
  const { db } = deps;
  const found = await findUserToken(db, token, ['invite']);
  const user = found && (await repo.findUserById(db, found.user_id));
  if (!found || !user) throw notFound('This invitation is invalid or has expired.');
  const customer = await findCustomerRow(db, user.customer_id);
  const activation = await db.transaction(async (tx) => {
    await useUserToken(tx, token);
    await repo.updateUserFields(tx, user.id, { state: 'inactive' });
    return issueUserToken(tx, user.id, 'activate');
  });
  return {
    message: 'Invitation confirmed. Choose your password to finish.',
    company: customer?.name ?? '',
    email: user.email ?? '',
    activation_token: activation,
  };
}
