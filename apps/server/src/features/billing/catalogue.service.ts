import { type AddonInput, BILLING_MSG, type catalogueQuery, type TierInput } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { conflict, notFound } from '../../http/errors.ts';
import * as repo from './catalogue.repo.ts';

type CatalogueQuery = z.output<typeof catalogueQuery>;

/** superlist shows retired entries too, to operators only; a customer's admin sees what can be chosen now. */
const paging = (auth: AuthContext, q: CatalogueQuery) => ({
  limit: q.limit,
  skip: q.skip,
  withRetired: q.superlist === true && auth.role === 'superadmin',
});

export const listTiers = (deps: Deps, auth: AuthContext, q: CatalogueQuery) => repo.listTiers(deps.db, paging(auth, q));

export async function createTier(deps: Deps, body: Required<TierInput>) {
  return { ...(await repo.insertTier(deps.db, body)), message: BILLING_MSG.tierAdded };
}

export async function updateTier(deps: Deps, btid: number, body: Required<TierInput>) {
  const tier = await repo.updateTier(deps.db, btid, body);
  if (!tier) throw notFound(BILLING_MSG.tierNotFound);
  return { ...tier, message: BILLING_MSG.tierSaved };
}

export async function retireTier(deps: Deps, btid: number, retired: boolean) {
  const tier = await repo.setTierRetired(deps.db, btid, retired);
  if (!tier) throw notFound(BILLING_MSG.tierNotFound);
  return { ...tier, message: retired ? BILLING_MSG.tierRetired : BILLING_MSG.tierRestored };
}

export const listAddons = (deps: Deps, auth: AuthContext, q: CatalogueQuery) =>
  repo.listAddons(deps.db, { ...paging(auth, q), search: q.search });

export async function createAddon(deps: Deps, body: Required<AddonInput>) {
  return { ...(await repo.insertAddon(deps.db, body)), message: BILLING_MSG.addonAdded };
}

export async function updateAddon(deps: Deps, baid: number, body: Required<AddonInput>) {
  const addon = await repo.updateAddon(deps.db, baid, body);
  if (!addon) throw notFound(BILLING_MSG.addonNotFound);
  return { ...addon, message: BILLING_MSG.addonSaved };
}

export async function retireAddon(deps: Deps, baid: number, retired: boolean) {
  const addon = await repo.setAddonRetired(deps.db, baid, retired);
  if (!addon) throw notFound(BILLING_MSG.addonNotFound);
  return { ...addon, message: retired ? BILLING_MSG.addonRetired : BILLING_MSG.addonRestored };
}

/** An add-on a customer has had stays (its invoices name it): it can only be retired. */
export async function deleteAddon(deps: Deps, baid: number) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findAddon(tx, baid))) throw notFound(BILLING_MSG.addonNotFound);
    if (await repo.isAddonUsed(tx, baid)) throw conflict(BILLING_MSG.addonInUse);
    await repo.deleteAddon(tx, baid);
    return { message: BILLING_MSG.addonDeleted };
  });
}
