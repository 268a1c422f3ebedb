import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { insertCustomer } from '../customers/customers.repo.ts';
import { giveSandboxDomain } from '../sandbox/sandbox.service.ts';
import { hashPassword } from '../session/passwords.ts';
import { insertUser, isSignInNameConflict } from '../users/users.repo.ts';
import { createVettingForm } from '../vetting/vetting-forms.ts';

export const ACCOUNT_READY = 'Your account is ready. Tell us about your sending in the vetting form to start sending.';

export interface ClientAccount {
  parentId: number;
  company: string;
  username: string;
  email: string;
  fullName: string;
  password: string;
}

/**
 * A person opens an account of their own as a client of `parentId` (through an invitation or a partner's link): the
 * client customer, its admin signed in with the chosen name and password, and a vetting form, in one transaction with
 * what the way in adds (`alsoInTx`: the invitation used up, the referral, the parent's notice); then its sandbox
 * domain. Answers the vetting form's link so the page can go straight on to it. Like any new customer it sends only
 * through its sandbox until vetting approves it.
 */
export async function openClientAccount(
  deps: Deps,
  account: ClientAccount,
  alsoInTx: (tx: Db, cid: number) => Promise<void>,
): Promise<{ message: string; vetting_url: string }> {
  const passwordHash = await hashPassword(account.password);
  let created: { cid: number; vettingToken: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const cid = await insertCustomer(tx, {
        customer: account.company,
        partner: false,
        company: { address: '', city: '', country: '', vat_id: '', website: '' },
        parentId: account.parentId,
      });
      await insertUser(tx, {
        customerId: cid,
        username: account.username,
        email: account.email,
        fullName: account.fullName,
        role: 'admin',
        subrole: null,
        passwordHash,
        state: 'active',
        external: false,
      });
      const form = await createVettingForm({ ...deps, db: tx }, { customerId: cid, email: account.email });
      await alsoInTx(tx, cid);
      return { cid, vettingToken: form.token };
    });
  } catch (error) {
    if (isSignInNameConflict(error)) throw fieldError('username', 'This username or email address is taken');
    throw error;
  }
  await giveSandboxDomain(deps, created.cid);
  return { message: ACCOUNT_READY, vetting_url: `/vetting/${created.vettingToken}` };
}
