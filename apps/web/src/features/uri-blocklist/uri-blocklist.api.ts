import { type UriBlockEntry, type UriBlockWrite, uriBlocklistEndpoints } from '@mailwright/contract';
import type { EnabledFilter } from '../../components/ListActions.tsx';
import { useRemoveMutation, useSaveMutation, useToggleMutation } from '../../components/listMutations.ts';
import { usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';

const BLOCKLIST_KEY = ['uri-blocklist'] as const;
const PAGE_SIZE = 50;

export function useUriBlocklist(enabled: EnabledFilter) {
  return usePagedList<UriBlockEntry>({
    queryKey: [...BLOCKLIST_KEY, enabled],
    fetchPage: (query, signal) =>
      api(uriBlocklistEndpoints.list, {
        query: { ...query, enabled: enabled === 'all' ? undefined : enabled },
        signal,
      }),
    pageSize: PAGE_SIZE,
    sort: 'uri',
  });
}

const idOf = (entry: UriBlockEntry) => entry.ubid;

/** Create, update, toggle and delete, saying the spec's 'URI saved!', 'URI enabled/disabled!', 'URI deleted!'. */
export function useUriBlocklistMutations() {
  const save = useSaveMutation<UriBlockEntry, UriBlockWrite>(BLOCKLIST_KEY, {
    create: (body) => api(uriBlocklistEndpoints.create, { body }),
    update: (id, body) => api(uriBlocklistEndpoints.update, { params: { id }, body }),
    idOf,
  });
  const toggle = useToggleMutation(
    BLOCKLIST_KEY,
    (id, enabled) => api(uriBlocklistEndpoints.toggle, { params: { id }, body: { enabled } }),
    idOf,
  );
  const remove = useRemoveMutation(BLOCKLIST_KEY, (id: number) =>
    api(uriBlocklistEndpoints.remove, { params: { id } }),
  );
  return { save, toggle, remove };
}
