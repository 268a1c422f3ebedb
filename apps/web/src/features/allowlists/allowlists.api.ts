import {
  type AllowlistEntry,
  type AllowlistWrite,
  allowlistsEndpoints,
  type UriAllowEntry,
  type UriWrite,
  uriAllowlistEndpoints,
} from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { useRemoveMutation, useSaveMutation } from '../../components/listMutations.ts';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

const allowlistKey = (did: number) => ['allowlist', did] as const;
const PAGE_SIZE = 20;

/** Spec 8: a 404 on the allow-list (the domain is gone) runs the not-found action: the working domain is re-chosen. */
export function useAllowlist(did: number) {
  return usePagedList<AllowlistEntry>({
    queryKey: allowlistKey(did),
    fetchPage: async (query, signal) => {
      try {
        return await api(allowlistsEndpoints.list, { params: { domain: did }, query, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        throw error;
      }
    },
    pageSize: PAGE_SIZE,
    sort: 'recipient',
  });
}

/** Adding a recipient that is listed already changes its note: the console's update (spec 5: 400 to the form). */
export function useSaveAllowlistEntry(did: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AllowlistWrite }) => {
      const save = () => api(allowlistsEndpoints.create, { params: { domain: did }, body });
      return id === null ? save() : saveChecked(id, save, (entry) => entry.id);
    },
    onSuccess: (entry, { id }) => {
      if (id === null) notify(`${entry.recipient} added to the allow-list`);
      return invalidateList(allowlistKey(did));
    },
  });
}

/** Spec 8: a delete answered 400, 402 or 404 shows the message (the mutation cache does) and reloads the list. */
export function useDeleteAllowlistEntry(did: number) {
  const reload = () => invalidateList(allowlistKey(did));
  return useMutation({
    mutationFn: (id: number) => api(allowlistsEndpoints.remove, { params: { domain: did }, query: { id } }),
    onSuccess: (result) => {
      notify(result.message);
      return reload();
    },
    onError: (error) => {
      if (error instanceof ApiError && [400, 402, 404].includes(error.status)) return reload();
    },
  });
}

export function useCheckAllowlist(did: number) {
  return useMutation({
    mutationFn: (recipient: string) => api(allowlistsEndpoints.check, { params: { domain: did, recipient } }),
  });
}

const URIS_KEY = ['uri-allowlist'] as const;
const URIS_PAGE_SIZE = 50;

/** The account's URI allow-list (admin, superadmin): link hosts it may send although the URI blocklist lists them. */
export function useUriAllowlist() {
  return usePagedList<UriAllowEntry>({
    queryKey: URIS_KEY,
    fetchPage: (query, signal) => api(uriAllowlistEndpoints.list, { query, signal }),
    pageSize: URIS_PAGE_SIZE,
    sort: 'uri',
  });
}

/** Create, update and delete, each saying the server's message. */
export function useUriAllowlistMutations() {
  const save = useSaveMutation<UriAllowEntry, UriWrite>(URIS_KEY, {
    create: (body) => api(uriAllowlistEndpoints.create, { body }),
    update: (id, body) => api(uriAllowlistEndpoints.update, { params: { id }, body }),
    idOf: (saved) => saved.upid,
  });
  const remove = useRemoveMutation(URIS_KEY, (id: number) => api(uriAllowlistEndpoints.remove, { params: { id } }));
  return { save, remove };
}
