import type { AccountSignupInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type AuthContext, hashToken, newToken } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { recordClientReferral } from '../partners/referral-signup.service.ts';
import { signInNameTaken } from '../users/users.repo.ts';
import { openClientAccount } from './client-account.ts';
import { oneLine } from './mail-text.ts';

export const INVITE_NOT_FOUND = 'This invitation is invalid or has expired.';

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
 * The invited person's account (openClientAccount): a client of the inviter. The invitation is used up in the same
 * transaction, so two submissions make one account.
 */
export async function completeAccountInvite(deps: Deps, token: string, input: AccountSignupInput) {
  const invite = await findOpenInvite(deps, token);
  if (!invite) throw notFound(INVITE_NOT_FOUND);
  if (await signInNameTaken(deps.db, input.username)) throw fieldError('username', 'This username is taken');
  const account = { ...input, fullName: input.full_name, email: invite.email, parentId: invite.parent_id };
  return openClientAccount(deps, account, async (tx, cid) => {
    const used = await tx.query(
      'UPDATE account_invites SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
      [invite.id],
    );
    if (used.length === 0) throw notFound(INVITE_NOT_FOUND);
    await recordClientReferral(tx, invite.parent_id, cid); // a partner's client is its referral (issue 15)
    await notify(tx, invite.parent_id, 'client-added', `${input.company} accepted your invitation and became a client`);
  });
}
