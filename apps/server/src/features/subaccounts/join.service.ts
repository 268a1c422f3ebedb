import { joinRequestSent } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { type AuthContext, hashToken, newToken } from '../../http/auth.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { findUserByLogin } from '../users/users.repo.ts';
import * as repo from './join.repo.ts';
import { oneLine } from './mail-text.ts';
import { isSelfOrAncestor } from './subaccounts.repo.ts';

export const JOIN_NOT_FOUND = 'This join request is invalid or has expired.';
const APPROVER_ROLES = new Set(['admin', 'superadmin']);

/**
 * Spec 4: a customer asks to be placed under the customer of an approver. The answer is the same whether or not the
 * approver names an admin (the form must not tell who has an account); only a real admin of another customer that is
 * not below the requester gets the mail with the /join/{token} link.
 */
export async function requestToJoin(deps: Deps, auth: AuthContext, approver: string) {
  const { db } = deps;
  const user = await findUserByLogin(db, approver);
  if (user && user.customer_id === auth.cid) {
    throw fieldError('approver', 'Name an admin of the customer you want to join, not one of your own users');
  }
  const eligible =
    user?.state === 'active' &&
    APPROVER_ROLES.has(user.role) &&
    !(await isSelfOrAncestor(db, auth.cid, user.customer_id));
  const token = newToken(24);
  const requester = await findCustomerRow(db, auth.cid);
  await db.transaction(async (tx) => {
    await repo.upsertJoinRequest(tx, {
      cid: auth.cid,
      uid: auth.uid,
      approver,
      approverUserId: eligible && user ? user.id : null,
      tokenHash: hashToken(token),
    });
    if (eligible && user?.email) {
      await queueSystemMail(tx, deps.log, {
        to: user.email,
        kind: 'notice',
        subject: oneLine(`${requester?.name ?? 'A customer'} asks to become your client on Mailwright`),
        text: `Hello ${user.full_name || user.username},\n\n${requester?.name ?? 'A customer'} asks to be placed under your account on Mailwright as a client: your admins could then act as it and see its clients' vetting. Review the request here (you will be asked to sign in):\n\n${deps.config.publicUrl}/join/${token}\n\nThe link works for 7 days. If you do not know this customer, ignore this message.\n`,
      });
    }
  });
  return { message: joinRequestSent(approver) };
}

export async function joinStatus(deps: Deps, auth: AuthContext) {
  const own = await repo.findOwnRequest(deps.db, auth.cid);
  const received = await repo.listReceived(deps.db, auth.cid);
  return {
    request: own
      ? {
          approver: own.approver,
          created_at: new Date(own.created_at).toISOString(),
          expires_at: new Date(own.expires_at).toISOString(),
        }
      : null,
    received: received.map(repo.toReview),
  };
}

/**
 * A request the caller may decide: it names an admin of the acting customer who still is one. Anything else (an
 * unknown or expired token, another customer's request, an approver since demoted) is the same 404.
 */
async function loadForApprover(deps: Deps, auth: AuthContext, ref: string) {
  const found = await repo.findJoinRequest(
    deps.db,
    /^\d+$/.test(ref) ? { id: Number(ref) } : { tokenHash: hashToken(ref) },
  );
  if (!found || found.parent_id !== auth.cid || !APPROVER_ROLES.has(found.approver_role ?? '')) {
    throw notFound(JOIN_NOT_FOUND);
  }
  return found;
}

export async function reviewJoinRequest(deps: Deps, auth: AuthContext, ref: string) {
  return repo.toReview(await loadForApprover(deps, auth, ref));
}

/** approve and confirm attach the requester as a client of the acting customer; decline drops the request. */
export async function decideJoinRequest(deps: Deps, auth: AuthContext, ref: string, decision: string) {
  const found = await loadForApprover(deps, auth, ref);
  const parent = await findCustomerRow(deps.db, auth.cid);
  if (decision === 'decline') {
    await deps.db.transaction(async (tx) => {
      await repo.deleteJoinRequest(tx, found.id);
      await notify(tx, found.customer_id, 'join-declined', `${parent?.name ?? 'The customer'} declined your request`);
    });
    return { message: 'Join request declined' };
  }
  if (await isSelfOrAncestor(deps.db, found.customer_id, auth.cid)) {
    throw conflict(`${found.customer} is above your own customer and cannot become its client`);
  }
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE customers SET parent_id = $2 WHERE id = $1', [found.customer_id, auth.cid]);
    await repo.deleteJoinRequest(tx, found.id);
    await notify(tx, auth.cid, 'client-joined', `${found.customer} joined as a client`);
    await notify(tx, found.customer_id, 'join-approved', `You are now a client of ${parent?.name ?? 'your approver'}`);
  });
  return { message: `Join request approved: ${found.customer} is now your client` };
}
