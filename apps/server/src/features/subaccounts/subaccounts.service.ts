import { CLIENT_ADDED, type PageQuery, type SubaccountInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import { queueSystemMail } from '../../mail/system-mail.ts';
import { findCustomerRow, insertCustomer } from '../customers/customers.repo.ts';
import { notify } from '../notifications/notifications.repo.ts';
import { recordClientReferral } from '../partners/referral-signup.service.ts';
import { giveSandboxDomain } from '../sandbox/sandbox.service.ts';
import { issueUserToken } from '../users/user-tokens.ts';
import { insertUser, isSignInNameConflict, signInNameTaken } from '../users/users.repo.ts';
import { createVettingForm } from '../vetting/vetting-forms.ts';
import { oneLine } from './mail-text.ts';
import * as repo from './subaccounts.repo.ts';

const EMPTY_COMPANY = { address: '', city: '', country: '', vat_id: '', website: '' };

export function listSubaccounts(deps: Deps, auth: AuthContext, page: PageQuery) {
  return repo.listClients(deps.db, auth.cid, page);
}

/**
 * Adds a client under the acting customer: the customer, its first admin (invited by mail to set a password) and a
 * vetting form mailed to the same address. One transaction: a refused address leaves nothing behind.
 */
export async function createSubaccount(deps: Deps, auth: AuthContext, input: SubaccountInput) {
  const { db } = deps;
  if (await signInNameTaken(db, input.email)) {
    throw fieldError('email', 'A user with this email address already exists');
  }
  const parent = await findCustomerRow(db, auth.cid);
  let cid: number;
  try {
    cid = await db.transaction(async (tx) => {
      const cid = await insertCustomer(tx, {
        customer: input.company,
        partner: false,
        company: EMPTY_COMPANY,
        parentId: auth.cid,
      });
      const uid = await insertUser(tx, {
        customerId: cid,
        username: input.email,
        email: input.email,
        fullName: '',
        role: 'admin',
        subrole: null,
        passwordHash: null,
        state: 'invited',
        external: false,
      });
      const token = await issueUserToken(tx, uid, 'invite');
      await queueSystemMail(tx, deps.log, {
        to: input.email,
        kind: 'invitation',
        subject: oneLine(`${parent?.name ?? 'Mailwright'} opened a Mailwright account for ${input.company}`),
        text: `Hello,\n\n${parent?.name ?? 'A Mailwright customer'} added ${input.company} as its client on Mailwright, with you as its admin. Choose your password here:\n\n${deps.config.publicUrl}/auth/invite/${token}\n\nThe link works for 7 days. A second message asks a few questions about the mail you plan to send.\n`,
      });
      await createVettingForm({ ...deps, db: tx }, { customerId: cid, email: input.email });
      await recordClientReferral(tx, auth.cid, cid); // a partner's client is its referral (issue 15)
      await notify(tx, auth.cid, 'client-added', `${input.company} was added as a client`);
      return cid;
    });
  } catch (error) {
    if (isSignInNameConflict(error)) throw fieldError('email', 'A user with this email address already exists');
    throw error;
  }
  await giveSandboxDomain(deps, cid); // every customer has a sandbox domain from the start (issue 11)
  const client = await repo.findClient(db, auth.cid, cid);
  if (!client) throw new Error('The client vanished right after it was added');
  return { message: CLIENT_ADDED, client };
}
