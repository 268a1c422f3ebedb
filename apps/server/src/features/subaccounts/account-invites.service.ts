import type { AccountSignupInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type AuthContext, hashToken, newToken } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow, insertCustomer } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { giveSandboxDomain } from '../sandbox/sandbox.service.ts';
import { hashPassword } from '../session/passwords.ts';
import { insertUser, isSignInNameConflict, signInNameTaken } from '../users/users.repo.ts';
import { createVettingForm } from '../vetting/vetting-forms.ts';
import { oneLine } from './mail-text.ts';

export const INVITE_NOT_FOUND = 'This invitation is invalid or has expired.';
export const ACCOUNT_READY = 'Your account is ready. Tell us about your sending in the vetting form to start sending.';

/** Invites a person to open an account of their own as a client of the acting customer (the /invite page). */
export async function sendAccountInvite(deps: Deps, auth: AuthContext, email: string) {
  if (await signInNameTaken(deps.db, email)) throw fieldError('email', 'A user with this email address already exists');
  const token = newToken(24);
  const inviter = await findCustomerRow(deps.db, auth.cid);
  const url = `${deps.config.publicUrl}/invite?token=${token}`;
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO account_invites (parent_id, email, invited_by, token_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + interval '7 days')`,
      [auth.cid, email, auth.uid, hashToken(token)],
    );
    await queueSystemMail(tx, deps.log, {
      to: email,
      kind: 'invitation',
      subject: oneLine(`${inviter?.name ?? 'A Mailwright customer'} invites you to open a Mailwright account`),
      text: `Hello,\n\n${inviter?.name ?? 'A Mailwright customer'} invites you to open an account on Mailwright as its client. Open the link, name your company and choose your sign-in:\n\n${url}\n\nThe link works for 7 days.\n`,
    });
  });
  return { message: `Invitation sent to ${email}`, invite_url: url };
}

interface InviteRow {
  id: number;
  parent_id: number;
  email: string;
  company: string;
}

function findOpenInvite(deps: Deps, token: string) {
  return deps.db.maybeOne<InviteRow>(
    `SELECT i.id, i.parent_id, i.email, c.name AS company FROM account_invites i JOIN customers c ON c.id = i.parent_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now()`,
    [hashToken(token)],
  );
}

export async function checkAccountInvite(deps: Deps, token: string) {
  const invite = await findOpenInvite(deps, token);
  if (!invite) throw notFound(INVITE_NOT_FOUND);
  return { company: invite.company, email: invite.email };
}

/**
 * The invited person's account: a client customer under the inviter, its admin (signed in with the chosen name and
 * password) and a vetting form, whose link is answered so the page can go straight on to it. The invitation is
 * used up in the same transaction, so two submissions make one account.
 */
export async function completeAccountInvite(deps: Deps, token: string, input: AccountSignupInput) {
  const invite = await findOpenInvite(deps, token);
  if (!invite) throw notFound(INVITE_NOT_FOUND);
  if (await signInNameTaken(deps.db, input.username)) throw fieldError('username', 'This username is taken');
  const passwordHash = await hashPassword(input.password);
  let created: { cid: number; vettingToken: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const used = await tx.query(
        'UPDATE account_invites SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
        [invite.id],
      );
      if (used.length === 0) throw notFound(INVITE_NOT_FOUND);
      const cid = await insertCustomer(tx, {
        customer: input.company,
        partner: false,
        company: { address: '', city: '', country: '', vat_id: '', website: '' },
        parentId: invite.parent_id,
      });
      await insertUser(tx, {
        customerId: cid,
        username: input.username,
        email: invite.email,
        fullName: input.full_name,
        role: 'admin',
        subrole: null,
        passwordHash,
        state: 'active',
        external: false,
      });
      const form = await createVettingForm({ ...deps, db: tx }, { customerId: cid, email: invite.email });
      await notify(
        tx,
        invite.parent_id,
        'client-added',
        `${input.company} accepted your invitation and became a client`,
      );
      return { cid, vettingToken: form.token };
    });
  } catch (error) {
    if (isSignInNameConflict(error)) throw fieldError('username', 'This username or email address is taken');
    throw error;
  }
  await giveSandboxDomain(deps, created.cid);
  return { message: ACCOUNT_READY, vetting_url: `/vetting/${created.vettingToken}` };
}
