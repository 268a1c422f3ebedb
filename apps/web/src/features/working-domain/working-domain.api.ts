import { endpoints, MSG, PAGE_SIZES, STORAGE_KEYS } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { getState, notify, setWorkingDomain, useAppState } from '../../lib/store.ts';
import { type DomainRef, pickWorkingDomain, rememberedDomain, withRememberedDomain } from './pick-working-domain.ts';

/**
 * Under the ['domains'] prefix, so every create, delete or verify that re-fetches the domain lists also looks the
 * working domain up again.
 */
const workingKey = (cid: number, recheck: number) => ['domains', 'working', cid, recheck] as const;

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
async function lookUpWorkingDomain(cid: number, signal: AbortSignal): Promise<WorkingDomainLookup> {
  const remembered = rememberedDomain(readStored(STORAGE_KEYS.appConfig), cid);
  const page = await api(endpoints.domains.list, {
    query: { limit: PAGE_SIZES.domains, sort: 'name', order: 'asc' },
    signal,
  });
  const firstPage = page.items.map(toRef);
  const candidates = [...firstPage];
  // Past the first page the remembered domain is looked for by name before it is declared gone.
  if (remembered && page.total_count > firstPage.length && !firstPage.some((d) => d.name === remembered)) {
    const found = await api(endpoints.domains.list, { query: { search: remembered, limit: 10 }, signal });
    candidates.push(...found.items.map(toRef));
  }
  return { cid, firstPage, total: page.total_count, remembered, choice: pickWorkingDomain(remembered, candidates) };
}

function remember(cid: number, name: string): void {
  writeStored(STORAGE_KEYS.appConfig, withRememberedDomain(readStored(STORAGE_KEYS.appConfig), cid, name));
}

/** Notices already shown, so a re-render (or React's double effects in development) does not repeat one. */
const announced = new WeakSet<WorkingDomainLookup>();

/**
 * Keeps the store's working domain in step with the acting customer's domains (spec 4 and 6: non-partner sessions
 * load their domains at start). Mounted once, in the top bar. Answers the lookup for the picker.
 */
export function useWorkingDomainSync(): WorkingDomainLookup | undefined {
  const session = useAppState((s) => s.session);
  const recheck = useAppState((s) => s.domainRecheck);
  const cid = session?.cid ?? 0;
  const enabled = session !== null && session.role !== 'partner';
  const query = useQuery({
    queryKey: workingKey(cid, recheck),
    queryFn: ({ signal }) => lookUpWorkingDomain(cid, signal),
    enabled,
  });

  // Whatever chose the working domain (this lookup, the picker, a screen through the store), it is remembered for
  // this customer. Another customer (proxy) has other domains: nothing is the working domain until its list is read.
  const working = useAppState((s) => s.workingDomain);
  const seenCid = useRef(cid);
  useEffect(() => {
    const customerChanged = seenCid.current !== cid;
    seenCid.current = cid;
    if (customerChanged) setWorkingDomain(null, 'loading');
    else if (working && cid) remember(cid, working.name);
  }, [working, cid]);

  const lookup = query.data;
  useEffect(() => {
    if (!lookup || lookup.cid !== cid) return;
    const { domain, gone } = lookup.choice;
    const current = getState().workingDomain;
    if (domain === null) setWorkingDomain(null, 'none');
    else if (current?.did !== domain.did || current.name !== domain.name) setWorkingDomain(domain, 'ready');
    else if (getState().domainsState !== 'ready') setWorkingDomain(current, 'ready');
    if (gone && domain && !announced.has(lookup)) {
      announced.add(lookup);
      notify(MSG.domainSwitched(gone, domain.name));
    }
  }, [lookup, cid]);

  return lookup?.cid === cid ? lookup : undefined;
}
