import {
  type Domain,
  type DomainCreate,
  type DomainUpdate,
  domainsEndpoints,
  type OperatorDomain,
  PAGE_SIZES,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

/** Every domain query sits under this key, the working-domain lookup included: one invalidation refreshes all. */
export const DOMAINS_KEY = ['domains'] as const;
const refetchDomains = () => invalidateList(DOMAINS_KEY);
const domainKey = (did: number) => [...DOMAINS_KEY, 'one', did] as const;

/** Shows a domain the server just answered at once, then re-fetches every domain list. */
function showSaved(domain: Domain) {
  queryClient.setQueryData(domainKey(domain.did), domain);
  return refetchDomains();
}

/** /domains: the acting customer's domains, 50 a page (spec 9). */
export function useDomainList() {
  return usePagedList<Domain>({
    queryKey: [...DOMAINS_KEY, 'list'],
    fetchPage: (query, signal) => api(domainsEndpoints.list, { query: { ...query, sort: sortOf(query.sort) }, signal }),
    pageSize: PAGE_SIZES.domains,
    sort: 'name',
  });
}

/** /accounts/domains (operators): every customer's domains, 20 a page (spec 9). */
export function useAllDomainsList() {
  return usePagedList<OperatorDomain>({
    queryKey: [...DOMAINS_KEY, 'all'],
    fetchPage: (query, signal) => api(domainsEndpoints.all, { query: { ...query, sort: sortOf(query.sort) }, signal }),
    pageSize: PAGE_SIZES.allDomains,
    sort: 'name',
  });
}

function sortOf(sort: string | undefined): 'name' | 'state' | 'created_at' {
  return sort === 'state' || sort === 'created_at' ? sort : 'name';
}

/**
 * One domain with its DNS records. Spec 8: a 404 on a domain-scoped load runs the not-found action (the working
 * domain is looked up again, and the next one taken with the spec's notice), so the snackbar stays quiet here.
 */
export function useDomain(did: number) {
  return useQuery({
    queryKey: domainKey(did),
    queryFn: async ({ signal }) => {
      try {
        return await api(domainsEndpoints.get, { params: { id: did }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        else reportApiError(error);
        throw error;
      }
    },
    meta: { silent: true },
  });
}

export function useCreateDomain() {
  return useMutation({
    mutationFn: (body: DomainCreate) => api(domainsEndpoints.create, { body }),
    onSuccess: (domain) => {
      notify(`Domain ${domain.name} added: publish its DNS records, then verify`);
      return refetchDomains();
    },
  });
}

/** Tracking switches and DKIM rotation: the same PUT, checked for the same id (spec 5). */
export function useUpdateDomain() {
  return useMutation({
    mutationFn: ({ did, body }: { did: number; body: DomainUpdate }) =>
      saveChecked(
        did,
        () => api(domainsEndpoints.update, { params: { id: did }, body }),
        (saved) => saved.did,
      ),
    onSuccess: showSaved,
  });
}

/** Spec 4: verification answers the refreshed domain; the console shows it at once, then re-fetches the lists. */
export function useVerifyDomain() {
  return useMutation({
    mutationFn: (did: number) => api(domainsEndpoints.verify, { params: { id: did } }),
    onSuccess: (domain) => {
      notify(
        domain.state === 'verified'
          ? `${domain.name} is verified and can send`
          : `${domain.name} is not verified yet: see the records marked below`,
      );
      return showSaved(domain);
    },
  });
}

export function useDeleteDomain() {
  return useMutation({
    mutationFn: (domain: Pick<Domain, 'did' | 'name'>) => api(domainsEndpoints.remove, { params: { id: domain.did } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetchDomains();
    },
  });
}
