import {
  type Addon,
  type AddonInput,
  billingCatalogueEndpoints as api_,
  type BillingItem,
  type BillingItemInput,
  type CustomerAddonInput,
  type CustomerBilling,
  type CustomerTierInput,
  type TaxInput,
  type Tier,
  type TierInput,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRemoveMutation, useSaveMutation } from '../../components/listMutations.ts';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';
import { itemTableOptions } from './billing-forms.ts';

const TIERS_KEY = ['billing', 'tiers'] as const;
const ADDONS_KEY = ['billing', 'addons'] as const;
const ITEMS_KEY = ['billing', 'items'] as const;
const CUSTOMER_KEY = ['billing', 'customer'] as const;

/** Spec 9: tiers are fetched with limit 0 (all); operators see retired ones too (superlist). */
export function useTiers() {
  return usePagedList<Tier>({
    queryKey: TIERS_KEY,
    fetchPage: (_page, signal) => api(api_.tiers, { query: { limit: 0, superlist: true }, signal }),
    pageSize: 0,
  });
}

export function useAddons() {
  return usePagedList<Addon>({
    queryKey: ADDONS_KEY,
    fetchPage: (page, signal) =>
      api(api_.addons, { query: { limit: 0, superlist: true, search: page.search || undefined }, signal }),
    pageSize: 0,
  });
}

/** The catalogue as a pick list (current entries only), for a customer's tier and add-on dialogs. */
export function useCatalogue() {
  const tiers = useQuery({ queryKey: [...TIERS_KEY, 'current'], queryFn: () => api(api_.tiers, { query: {} }) });
  const addons = useQuery({ queryKey: [...ADDONS_KEY, 'current'], queryFn: () => api(api_.addons, { query: {} }) });
  return { tiers: tiers.data?.items ?? [], addons: addons.data?.items ?? [] };
}

export function useTierMutations() {
  const save = useSaveMutation<Tier, TierInput>(TIERS_KEY, {
    create: (body) => api(api_.createTier, { body }),
    update: (btid, body) => api(api_.updateTier, { params: { btid }, body }),
    idOf: (t) => t.btid,
  });
  const retire = useMutation({
    mutationFn: ({ btid, retired }: { btid: number; retired: boolean }) =>
      api(api_.retireTier, { params: { btid }, body: { retired } }),
    onSuccess: (t) => {
      notify(t.message);
      return invalidateList(['billing']);
    },
  });
  return { save, retire };
}

export function useAddonMutations() {
  const save = useSaveMutation<Addon, AddonInput>(ADDONS_KEY, {
    create: (body) => api(api_.createAddon, { body }),
    update: (baid, body) => api(api_.updateAddon, { params: { baid }, body }),
    idOf: (a) => a.baid,
  });
  const retire = useMutation({
    mutationFn: ({ baid, retired }: { baid: number; retired: boolean }) =>
      api(api_.retireAddon, { params: { baid }, body: { retired } }),
    onSuccess: (a) => {
      notify(a.message);
      return invalidateList(['billing']);
    },
  });
  const remove = useRemoveMutation(ADDONS_KEY, (baid: number) => api(api_.deleteAddon, { params: { baid } }));
  return { save, retire, remove };
}

/** A customer's billing items; the table options start empty (spec 9) and only what is picked is sent. */
export function useBillingItems(cid: number) {
  return usePagedList<BillingItem>({
    queryKey: [...ITEMS_KEY, cid],
    fetchPage: async (page, signal) => {
      const answer = await api(api_.items, {
        query: { cid, limit: page.limit, skip: page.skip, ...itemTableOptions(page) },
        signal,
      });
      return { items: answer.items, total_count: answer.total };
    },
    pageSize: 20,
  });
}

export function useItemMutations(cid: number) {
  const save = useSaveMutation<BillingItem, BillingItemInput>([...ITEMS_KEY, cid], {
    create: (body) => api(api_.createItem, { body }),
    update: (biid, body) => api(api_.updateItem, { params: { biid }, body }),
    idOf: (i) => i.biid,
  });
  const remove = useRemoveMutation([...ITEMS_KEY, cid], (biid: number) => api(api_.deleteItem, { params: { biid } }));
  return { save, remove };
}

/** One item, read again when its dialog opens (spec 8: a missing one says 'BillingItem not found!'). */
export const fetchItem = (biid: number) => api(api_.item, { params: { biid } });

export function useCustomerBilling(cid: number) {
  return useQuery({ queryKey: [...CUSTOMER_KEY, cid], queryFn: () => api(api_.customer, { params: { cid } }) });
}

/** The customer-settings calls: each answers the settings, which replace the cached ones. */
export function useCustomerBillingMutations(cid: number) {
  const key = [...CUSTOMER_KEY, cid];
  const done = (answer: CustomerBilling & { message: string }) => {
    notify(answer.message);
    return invalidateList(key);
  };
  const setTier = useMutation({
    mutationFn: (body: CustomerTierInput) => api(api_.setTier, { params: { cid }, body }),
    onSuccess: done,
  });
  const setTax = useMutation({
    mutationFn: (body: TaxInput) =>
      saveChecked(
        cid,
        () => api(api_.setTax, { params: { cid }, body }),
        (b) => b.cid,
        (b) => b.message,
      ),
    onSuccess: () => invalidateList(key),
  });
  const saveAddon = useMutation({
    mutationFn: ({ caid, body }: { caid: number | null; body: CustomerAddonInput }) =>
      caid === null
        ? api(api_.addCustomerAddon, { params: { cid }, body })
        : api(api_.updateCustomerAddon, { params: { cid, caid }, body }),
    onSuccess: done,
  });
  const removeAddon = useMutation({
    mutationFn: (caid: number) => api(api_.removeCustomerAddon, { params: { cid, caid } }),
    onSuccess: done,
  });
  return { setTier, setTax, saveAddon, removeAddon };
}
