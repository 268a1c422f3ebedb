import { type TokenIp, type TokenIpInput, tokensEndpoints } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidateList, type ListPage, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';
import { loadTokenIps } from './token-ips.ts';

const rangesKey = (tid: number) => ['tokens', 'security', tid] as const;

/**
 * The key a ranges screen is about, primary or sending: there is no call for one key, so it is looked up in the
 * account's two key lists (short lists, admins only like the screen). null when it is not (or no longer) there.
 */
export function useApiKey(tid: number) {
  return useQuery({
    queryKey: ['tokens', 'key', tid],
    queryFn: async ({ signal }) => {
      const [primary, sending] = await Promise.all([
        api(tokensEndpoints.list, { query: { role: 'primary' }, signal }),
        api(tokensEndpoints.list, { query: { role: 'sending' }, signal }),
      ]);
      return [...primary.items, ...sending.items].find((key) => key.id === tid) ?? null;
    },
  });
}

/** A key's IP ranges (tokens/{id}/security), all at once. Spec 8: a 404 empties the shown list, then rethrows. */
export function useTokenIpRanges(tid: number) {
  const key = rangesKey(tid);
  return usePagedList<TokenIp>({
    queryKey: key,
    fetchPage: (page, signal) =>
      loadTokenIps(
        () => api(tokensEndpoints.securityList, { params: { id: tid }, signal }),
        () => queryClient.setQueryData<ListPage<TokenIp>>([...key, page], { items: [], total_count: 0 }),
      ),
    pageSize: 0,
  });
}

export function useAddTokenIpRange(tid: number) {
  return useMutation({
    mutationFn: (body: TokenIpInput) => api(tokensEndpoints.securityAdd, { params: { id: tid }, body }),
    onSuccess: (entry) => {
      notify(`${entry.ipv4} may now use this key`);
      return invalidateList(rangesKey(tid));
    },
  });
}

export function useRemoveTokenIpRange(tid: number) {
  return useMutation({
    mutationFn: (tipid: number) => api(tokensEndpoints.securityRemove, { params: { id: tid, entry_id: tipid } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(rangesKey(tid));
    },
  });
}
