import { endpoints, type Token, type TokenIp, type TokenIpInput } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidateList, type ListPage, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';
import { loadTokenIps } from './token-ips.ts';

const sendingKeysKey = (did: number) => ['tokens', 'sending', did] as const;
const tokenIpsKey = (tid: number) => ['tokens', 'security', tid] as const;

/** The working domain's sending keys (tokens/{domain}, role sending); all at once. */
export function useSendingKeys(did: number) {
  return usePagedList<Token>({
    queryKey: sendingKeysKey(did),
    fetchPage: (_page, signal) => api(endpoints.tokens.domainList, { params: { domain: did }, signal }),
    pageSize: 0,
  });
}

export function useCreateSendingKey(did: number) {
  return useMutation({
    mutationFn: (note: string) =>
      api(endpoints.tokens.domainCreate, { params: { domain: did }, body: { role: 'sending', note } }),
    onSuccess: () => invalidateList(sendingKeysKey(did)),
  });
}

export function useRevokeKey(did: number) {
  return useMutation({
    mutationFn: (tid: number) => api(endpoints.tokens.remove, { params: { id: tid } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(sendingKeysKey(did));
    },
  });
}

/** A key's IP allow-list (tokens/{id}/security): each entry with its CIDR ranges. */
export function useTokenIps(tid: number | null) {
  const key = tokenIpsKey(tid ?? 0);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      loadTokenIps(
        () => api(endpoints.tokens.securityList, { params: { id: tid ?? 0 }, signal }),
        () => queryClient.setQueryData<ListPage<TokenIp>>(key, { items: [], total_count: 0 }),
      ),
    enabled: tid !== null,
  });
}

export function useAddTokenIp(tid: number) {
  return useMutation({
    mutationFn: (body: TokenIpInput) => api(endpoints.tokens.securityAdd, { params: { id: tid }, body }),
    onSuccess: (entry) => {
      notify(`${entry.ipv4} may now use this key`);
      return invalidateList(tokenIpsKey(tid));
    },
  });
}

export function useRemoveTokenIp(tid: number) {
  return useMutation({
    mutationFn: (entryId: number) => api(endpoints.tokens.securityRemove, { params: { id: tid, entry_id: entryId } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(tokenIpsKey(tid));
    },
  });
}
