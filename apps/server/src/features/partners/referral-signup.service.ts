import type { referralSignupInput } from '@mailwright/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { openClientAccount } from '../subaccounts/client-account.ts';
import { signInNameTaken } from '../users/users.repo.ts';
import * as repo from './partners.repo.ts';

export const REFERRAL_LINK_INVALID = 'This referral link is not valid.';

/**
 * A client created under a partner (by the partner on /clients or through its /invite) is its referral from the
 * moment it exists. Called inside the creating transaction; nothing happens when the parent is no partner.
 */
export async function recordClientReferral(db: Db, parentId: number, customerId: number) {
  await db.query(
    `INSERT INTO partner_referrals (customer_id, partner_id, source)
     SELECT $2, id, 'client' FROM customers WHERE id = $1 AND partner ON CONFLICT (customer_id) DO NOTHING`,
    [parentId, customerId],
  );
}

export async function checkReferralLink(deps: Deps, code: string) {
  const partner = await repo.findPartnerByCode(deps.db, code);
  if (!partner) throw notFound(REFERRAL_LINK_INVALID);
  return { partner: partner.customer };
}

/**
 * Opens an account through a partner's link (openClientAccount): a client customer of the partner (so the partner may
 * act as it) and the referral, in one transaction.
 */
export async function signUpThroughLink(deps: Deps, code: string, input: z.infer<typeof referralSignupInput>) {
  const partner = await repo.findPartnerByCode(deps.db, code);
  if (!partner) throw notFound(REFERRAL_LINK_INVALID);
  if (await signInNameTaken(deps.db, input.username)) throw fieldError('username', 'This username is taken');
  if (await signInNameTaken(deps.db, input.email)) {
    throw fieldError('email', 'A user with this email address already exists');
  }
  const account = { ...input, fullName: input.full_name, parentId: partner.cid };
  return openClientAccount(deps, account, async (tx, cid) => {
    await repo.insertReferral(tx, partner.cid, cid, 'link');
    await notify(tx, partner.cid, 'client-added', `${input.company} signed up through your referral link`);
  });
}
