import { randomBytes } from 'node:crypto';
import { type CustomerInput, MSG } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { giveSandboxDomain } from '../sandbox/sandbox.service.ts';
import * as repo from './customers.repo.ts';

export async function getCustomer(deps: Deps, cid: number) {
  const row = await repo.findCustomerRow(deps.db, cid);
  if (!row) throw notFound(MSG.customerNotFound);
  return repo.toCustomer(row);
}

export async function createCustomer(deps: Deps, input: CustomerInput) {
  const cid = await repo.insertCustomer(deps.db, input);
  await giveSandboxDomain(deps, cid); // every customer has a sandbox domain from the start (issue 11)
  return getCustomer(deps, cid);
}

export async function updateCustomer(deps: Deps, cid: number, input: CustomerInput) {
  await getCustomer(deps, cid);
  await repo.updateCustomer(deps.db, cid, input);
  return getCustomer(deps, cid);
}

/** Spec 4: two-step delete. Without confirm, answers a fresh confirm value; with the right one, deletes. */
export async function deleteCustomer(deps: Deps, auth: AuthContext, cid: number, confirm: string | undefined) {
  await getCustomer(deps, cid);
  if (cid === auth.originCid) throw conflict('You cannot delete the customer you belong to');
  if (!confirm) {
    const value = randomBytes(4).toString('hex');
    await repo.setDeleteConfirm(deps.db, cid, value);
    return { confirm: value };
  }
  if (!(await repo.deleteCustomerIfConfirmed(deps.db, cid, confirm))) {
    throw fieldError('confirm', 'The confirm value is wrong or has expired; start the deletion again');
  }
  return { message: 'Customer deleted' };
}

export async function signContract(deps: Deps, cid: number) {
  await getCustomer(deps, cid);
  await repo.markContractSigned(deps.db, cid);
  return getCustomer(deps, cid);
}
