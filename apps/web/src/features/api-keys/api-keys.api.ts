import { type Token, tokensEndpoints } from '@mailwright/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

export const PRIMARY_KEYS_KEY = ['tokens', 'primary'] as const;
const SIGNING_KEY_KEY = ['tokens', 'signing'] as const;

/** The account's primary keys: one short list, not paged by the API (page size 0: all). */
export function usePrimaryKeys() {
  return usePagedList<Token>({
    queryKey: PRIMARY_KEYS_KEY,
    fetchPage: (_page, signal) => api(tokensEndpoints.list, { query: { role: 'primary' }, signal }),
    pageSize: 0,
  });
}

export function useCreatePrimaryKey() {
  return useMutation({
    mutationFn: (note: string) => api(tokensEndpoints.create, { body: { role: 'primary', note } }),
    onSuccess: () => invalidateList(PRIMARY_KEYS_KEY),
  });
}

export function useRevokeKey() {
  return useMutation({
    mutationFn: (id: number) => api(tokensEndpoints.remove, { params: { id } }),
    onSuccess: (result) => {
      notify(result.message);
      return invalidateList(PRIMARY_KEYS_KEY);
    },
  });
}

export function useSigningKey() {
  return useQuery({
    queryKey: SIGNING_KEY_KEY,
    queryFn: ({ signal }) => api(tokensEndpoints.signing, { signal }),
  });
}

export function useRotateSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(tokensEndpoints.rotateSigning, { body: {} }),
    onSuccess: (key) => {
      client.setQueryData(SIGNING_KEY_KEY, key);
      notify('The signing key was replaced');
    },
  });
}
