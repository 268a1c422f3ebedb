import { BILLING_MSG, type BillingItemTableOptions, type billingItemListQuery } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { currentTier } from '../../mail/policy/billing-plan.ts';
import * as repo from './items.repo.ts';

type ListQuery = z.output<typeof billingItemListQuery>;

async function requireCustomer(deps: Deps, cid: number) {
  if ((await repo.customerName(deps.db, cid)) === undefined) throw notFound(BILLING_MSG.customerNotFound);
}

/** A domain named on an item must be the item's customer's: another customer's domain is a 404. */
async function requireDomainOf(deps: Deps, write: repo.ItemWrite) {
  if (write.did !== null && !(await repo.isCustomerDomain(deps.db, write.cid, write.did))) {
    throw notFound('Domain not found!');
  }
}

/**
 * One invoice is in one currency: an item must be in the currency of the customer's tier (when it has one). Only the
 * server knows the tier, so this is the form's server-side field error (spec 5: 400 back to the form).
 */
async function requireBillingCurrency(deps: Deps, write: repo.ItemWrite) {
  const tier = await currentTier(deps.db, write.cid, new Date());
  if (tier && tier.currency !== write.currency) {
    throw fieldError('currency', `This customer is billed in ${tier.currency}: use ${tier.currency}`);
  }
}

async function requireItem(deps: Deps, biid: number) {
  const item = await repo.findItem(deps.db, biid);
  if (!item) throw notFound(BILLING_MSG.itemNotFound);
  return item;
}

export async function listItems(deps: Deps, q: ListQuery) {
  await requireCustomer(deps, q.cid);
  const { items, total } = await repo.listItems(deps.db, q);
  // The options the list was read with, and only those given: none at first (spec 9).
  const table_options: BillingItemTableOptions = {
    ...(q.sort ? { sort: q.sort } : {}),
    ...(q.order ? { order: q.order } : {}),
    ...(q.search ? { search: q.search } : {}),
  };
  return { items, total, table_options };
}

export const getItem = (deps: Deps, biid: number) => requireItem(deps, biid);

export async function createItem(deps: Deps, write: repo.ItemWrite) {
  await requireCustomer(deps, write.cid);
  await requireDomainOf(deps, write);
  await requireBillingCurrency(deps, write);
  const biid = await repo.insertItem(deps.db, write);
  return { ...(await requireItem(deps, biid)), message: BILLING_MSG.itemSaved };
}

/** An item stays with its customer: a body naming another customer does not find it. */
export async function updateItem(deps: Deps, biid: number, write: repo.ItemWrite) {
  await requireDomainOf(deps, write);
  await requireBillingCurrency(deps, write);
  if (!(await repo.updateItem(deps.db, biid, write))) throw notFound(BILLING_MSG.itemNotFound);
  return { ...(await requireItem(deps, biid)), message: BILLING_MSG.itemSaved };
}

export async function deleteItem(deps: Deps, biid: number) {
  if (!(await repo.deleteItem(deps.db, biid))) throw notFound(BILLING_MSG.itemNotFound);
  return { message: BILLING_MSG.itemDeleted };
}
