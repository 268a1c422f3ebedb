import {
  customersEndpoints,
  domainsEndpoints,
  type IpInput,
  type IpPoolInput,
  ipPoolsEndpoints,
  ipsEndpoints,
  MSG,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { invalidateList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

/** IPs and pools are one key: an IP's pool shows in both lists, so a change to either refreshes both. */
const IPS_KEY = ['ip-management'] as const;

export function useIps() {
  return useQuery({
    queryKey: [...IPS_KEY, 'ips'],
    queryFn: ({ signal }) => api(ipsEndpoints.list, { signal }),
  });
}

export function usePools() {
  return useQuery({
    queryKey: [...IPS_KEY, 'pools'],
    queryFn: ({ signal }) => api(ipPoolsEndpoints.list, { signal }),
  });
}

/** Every customer and every domain, for the pool owner and domain assignment pickers (loaded when a dialog opens). */
export function useCustomerChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['ip-management', 'customers'],
    queryFn: ({ signal }) => api(customersEndpoints.list, { query: { limit: 0 }, signal }),
    enabled,
  });
}

export function useDomainChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['ip-management', 'domains'],
    queryFn: ({ signal }) => api(domainsEndpoints.all, { query: { limit: 0 }, signal }),
    enabled,
  });
}

export function useIpMutations() {
  const save = useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: IpInput }) => {
      if (id === null) {
        const added = await api(ipsEndpoints.create, { body });
        notify(`${added.ip} added`);
        return added;
      }
      const changed = await api(ipsEndpoints.update, { params: { id }, body });
      // S8-057: 'IP address modified successfully!', as the server says it.
      notify(changed.message);
      return changed.ip;
    },
    onSuccess: () => invalidateList(IPS_KEY),
  });
  /** Spec 4: step one asks for a confirm value ({force} when the IP is still in a pool), step two sends it. */
  const remove = useRemoveMutation(IPS_KEY, async ({ id, force }: { id: number; force: boolean }) => {
    const asked = await api(ipsEndpoints.remove, { params: { id }, body: { force } });
    if (!('confirm' in asked)) return asked;
    return api(ipsEndpoints.remove, { params: { id }, body: { confirm: asked.confirm } });
  });
  const check = useMutation({ mutationFn: (ip: string) => api(ipsEndpoints.check, { query: { ip } }) });
  return { save, remove, check };
}

export function usePoolMutations() {
  const save = useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: IpPoolInput }) => {
      const saved =
        id === null
          ? await api(ipPoolsEndpoints.create, { body })
          : await api(ipPoolsEndpoints.update, { params: { id }, body });
      notify(id === null ? `Pool ${saved.title} created` : MSG.savedSuccessfully);
      return saved;
    },
    onSuccess: () => invalidateList(IPS_KEY),
  });
  const remove = useRemoveMutation(IPS_KEY, (id: number) => api(ipPoolsEndpoints.remove, { params: { id } }));
  const assignDomain = useMutation({
    mutationFn: async ({ domainId, poolId }: { domainId: number; poolId: number | null }) => {
      const assigned = await api(ipPoolsEndpoints.assignDomain, {
        params: { id: domainId },
        body: { pool_id: poolId },
      });
      notify(poolId === null ? 'The domain uses its default pool' : 'IP pool assigned');
      return assigned;
    },
    onSuccess: () => invalidateList(IPS_KEY),
  });
  const assignCustomer = useMutation({
    mutationFn: async ({ customerId, poolId }: { customerId: number; poolId: number | null }) => {
      const done = await api(ipPoolsEndpoints.assignCustomer, {
        params: { id: customerId },
        body: { pool_id: poolId },
      });
      notify(done.message);
      return done;
    },
    onSuccess: () => invalidateList(IPS_KEY),
  });
  return { save, remove, assignDomain, assignCustomer };
}
