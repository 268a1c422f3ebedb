import { MSG, STORAGE_KEYS } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { withRememberedDomain } from '../../lib/pick-working-domain.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { notify, setWorkingDomain, useAppState } from '../../lib/store.ts';
import {
  applyWorkingDomain,
  lookUpWorkingDomain,
  type WorkingDomainLookup,
  workingDomainKey,
} from '../../lib/working-domain-lookup.ts';

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
    queryKey: workingDomainKey(cid, recheck),
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
    applyWorkingDomain(lookup);
    const { domain, gone } = lookup.choice;
    if (gone && domain && !announced.has(lookup)) {
      announced.add(lookup);
      notify(MSG.domainSwitched(gone, domain.name));
    }
  }, [lookup, cid]);

  return lookup?.cid === cid ? lookup : undefined;
}
