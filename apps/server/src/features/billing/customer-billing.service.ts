import { BILLING_MSG, type customerAddonInput, type customerTierInput, type TaxInput } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { findAddon, findTier } from './catalogue.repo.ts';
import * as repo from './customer-billing.repo.ts';

type TierChange = z.output<typeof customerTierInput>;
type AddonChange = z.output<typeof customerAddonInput>;

export async function getCustomerBilling(deps: Deps, cid: number) {
  const billing = await repo.readCustomerBilling(deps.db, cid, new Date());
  if (!billing) throw notFound(BILLING_MSG.customerNotFound);
  return billing;
}

async function answer(deps: Deps, cid: number, message: string) {
  return { ...(await getCustomerBilling(deps, cid)), message };
}

export async function setTax(deps: Deps, cid: number, body: Required<TaxInput>) {
  await getCustomerBilling(deps, cid);
  await repo.upsertTax(deps.db, cid, body.tax_rate_bp, body.tax_id);
  return answer(deps, cid, BILLING_MSG.settingsSaved);
}

/** The first moment of the current calendar month (UTC): periods before it may be invoiced already. */
const periodStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * A new customer_tiers row: the tier history is kept, so an invoice can split a period at the change. A change may
 * not reach back before the current period, which may be closed into an invoice already.
 */
export async function setTier(deps: Deps, cid: number, body: TierChange) {
  await getCustomerBilling(deps, cid);
  const tier = await findTier(deps.db, body.btid);
  if (!tier) throw fieldError('btid', BILLING_MSG.tierNotFound);
  if (tier.retired) throw fieldError('btid', 'This tier is retired: choose a current one');
  const now = new Date();
  const at = body.effective_at ? new Date(body.effective_at) : now;
  if (at < periodStart(now)) throw fieldError('effective_at', 'A tier change cannot start before this month');
  await repo.insertCustomerTier(deps.db, cid, tier.btid, at);
  return answer(deps, cid, BILLING_MSG.tierSet);
}

async function addonWrite(deps: Deps, body: AddonChange, isNew: boolean): Promise<repo.CustomerAddonWrite> {
  const addon = await findAddon(deps.db, body.baid);
  if (!addon) throw fieldError('baid', BILLING_MSG.addonNotFound);
  if (isNew && addon.retired) throw fieldError('baid', 'This add-on is retired: choose a current one');
  return { addonId: addon.baid, qty: body.qty, start: new Date(body.start), end: body.end ? new Date(body.end) : null };
}

export async function addCustomerAddon(deps: Deps, cid: number, body: AddonChange) {
  await getCustomerBilling(deps, cid);
  await repo.insertCustomerAddon(deps.db, cid, await addonWrite(deps, body, true));
  return answer(deps, cid, BILLING_MSG.settingsSaved);
}

export async function updateCustomerAddon(deps: Deps, cid: number, caid: number, body: AddonChange) {
  await getCustomerBilling(deps, cid);
  const write = await addonWrite(deps, body, false);
  if (!(await repo.updateCustomerAddon(deps.db, cid, caid, write))) throw notFound(BILLING_MSG.customerAddonNotFound);
  return answer(deps, cid, BILLING_MSG.settingsSaved);
}

export async function removeCustomerAddon(deps: Deps, cid: number, caid: number) {
  await getCustomerBilling(deps, cid);
  if (!(await repo.deleteCustomerAddon(deps.db, cid, caid))) throw notFound(BILLING_MSG.customerAddonNotFound);
  return answer(deps, cid, BILLING_MSG.settingsSaved);
}
