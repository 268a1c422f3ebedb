import {
  type CustomerDecisionRequest,
  type CustomerVettingItem,
  type DomainVettingItem,
  type DomainVettingRequest,
  extrasEndpoints,
  vettingEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

export type VettingFilter = 'open' | 'approve' | 'reject' | 'all';

const CUSTOMERS_KEY = ['vetting', 'customers'] as const;
const DOMAINS_KEY = ['vetting', 'domains'] as const;
const PAGE_SIZE = 20;

export function useCustomerVettingList(state: VettingFilter) {
  return usePagedList<CustomerVettingItem>({
    queryKey: [...CUSTOMERS_KEY, state],
    fetchPage: (query, signal) => api(vettingEndpoints.customers, { query: { ...query, state }, signal }),
    pageSize: PAGE_SIZE,
  });
}

export function useDomainVettingList(state: VettingFilter) {
  return usePagedList<DomainVettingItem>({
    queryKey: [...DOMAINS_KEY, state],
    fetchPage: (query, signal) => api(vettingEndpoints.domains, { query: { ...query, state }, signal }),
    pageSize: PAGE_SIZE,
  });
}

export function useDecideCustomer() {
  return useMutation({
    mutationFn: ({ cid, body }: { cid: number; body: CustomerDecisionRequest }) =>
      api(vettingEndpoints.decideCustomer, { params: { id: cid }, body }),
    onSuccess: (saved) => {
      notify(saved.message);
      return invalidateList(CUSTOMERS_KEY);
    },
  });
}

export function useDecideDomain() {
  return useMutation({
    mutationFn: ({ did, body }: { did: number; body: DomainVettingRequest }) =>
      api(vettingEndpoints.decideDomain, { params: { id: did }, body }),
    onSuccess: (saved) => {
      notify(saved.message);
      return invalidateList(DOMAINS_KEY);
    },
  });
}

/** The operator's data locations (extras/locations), for the domain decision's location field. */
export function useLocations() {
  return useQuery({
    queryKey: ['extras', 'locations'],
    queryFn: () => api(extrasEndpoints.locations),
    staleTime: 60_000,
  });
}

/** Country names by ISO alpha-3 (extras/countries), to show a form's answer as a name. */
export function useCountryNames() {
  return useQuery({
    queryKey: ['extras', 'countries'],
    queryFn: () => api(extrasEndpoints.countries, { query: { limit: 1000 } }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (page) => new Map(page.items.map((c) => [c.iso3, c.name])),
  });
}
