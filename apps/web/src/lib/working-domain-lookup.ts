import { domainsEndpoints, PAGE_SIZES, STORAGE_KEYS } from '@mailwright/contract';
import { api } from './api.ts';
import { type DomainRef, pickWorkingDomain, rememberedDomain } from './pick-working-domain.ts';
import { queryClient } from './query-client.ts';
import { readStored } from './storage.ts';
import { getState, setWorkingDomain } from './store.ts';

/**
 * Under the ['domains'] prefix, so every create, delete or verify that re-fetches the domain lists also looks the
 * working domain up again.
 */
export const workingDomainKey = (cid: number, recheck: number) => ['domains', 'working', cid, recheck] as const;

export interface WorkingDomainLookup {
  cid: number;
  /** The first page of the customer's domains (by name), for the picker. */
  firstPage: DomainRef[];
  total: number;
  remembered: string | null;
  choice: ReturnType<typeof pickWorkingDomain>;
}

const toRef = ({ did, name }: DomainRef): DomainRef => ({ did, name });

/** Reads the customer's domains and picks the working one (the remembered one, if it is still there). */
export async function lookUpWorkingDomain(cid: number, signal?: AbortSignal): Promise<WorkingDomainLookup> {
  const remembered = rememberedDomain(readStored(STORAGE_KEYS.appConfig), cid);
  const page = await api(domainsEndpoints.list, {
    query: { limit: PAGE_SIZES.domains, sort: 'name', order: 'asc' },
    signal,
  });
  const firstPage = page.items.map(toRef);
  const candidates = [...firstPage];
  // Past the first page the remembered domain is looked for by name before it is declared gone.
  if (remembered && page.total_count > firstPage.length && !firstPage.some((d) => d.name === remembered)) {
    const found = await api(domainsEndpoints.list, { query: { search: remembered, limit: 10 }, signal });
    candidates.push(...found.items.map(toRef));
  }
  return { cid, firstPage, total: page.total_count, remembered, choice: pickWorkingDomain(remembered, candidates) };
}

/** Puts a lookup's choice in the store: the working domain, or the no-domains state (spec 4). */
export function applyWorkingDomain({ choice: { domain } }: WorkingDomainLookup): void {
  const current = getState().workingDomain;
  if (domain === null) setWorkingDomain(null, 'none');
  else if (current?.did !== domain.did || current.name !== domain.name) setWorkingDomain(domain, 'ready');
  else if (getState().domainsState !== 'ready') setWorkingDomain(current, 'ready');
}

/**
 * Reads the customer's domains into the cache the top bar's lookup uses (same key) and sets the working domain, so
 * the first screen after sign-in already has them (spec 4: app data loads before the redirect).
 */
export async function loadWorkingDomain(cid: number): Promise<void> {
  const lookup = await queryClient.fetchQuery({
    queryKey: workingDomainKey(cid, getState().domainRecheck),
    queryFn: ({ signal }) => lookUpWorkingDomain(cid, signal),
  });
  applyWorkingDomain(lookup);
}
