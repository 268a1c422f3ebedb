import { type Token, tokensEndpoints } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const sendingKeysKey = (did: number) => ['tokens', 'sending', did] as const;

/** The working domain's sending keys (tokens/{domain}, role sending); all at once. */
export function useSendingKeys(did: number) {
  return usePagedList<Token>({
    queryKey: sendingKeysKey(did),
    fetchPage: (_page, signal) => api(tokensEndpoints.domainList, { params: { domain: did }, signal }),
    pageSize: 0,
  });
}

export function useCreateSendingKey(did: number) {
  return useMutation({
    mutationFn: (note: string) =>
      api(tokensEndpoints.domainCreate, { params: { domain: did }, body: { role: 'sending', note } }),
    onSuccess: () => invalidateList(sendingKeysKey(did)),
  });
}

export function useRevokeKey(did: number) {
  return useMutation({
    mutationFn: (tid: number) => api(tokensEndpoints.remove, { params: { id: tid } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(sendingKeysKey(did));
    },
  });
}
