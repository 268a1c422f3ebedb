import { endpoints, type UriBlockEntry, type UriBlockWrite } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const BLOCKLIST_KEY = ['uri-blocklist'] as const;
const PAGE_SIZE = 50;
export type EnabledFilter = 'all' | 'true' | 'false';

export function useUriBlocklist(enabled: EnabledFilter) {
  return usePagedList<UriBlockEntry>({
    queryKey: [...BLOCKLIST_KEY, enabled],
    fetchPage: (query, signal) =>
      api(endpoints.uriBlocklist.list, {
        query: { ...query, enabled: enabled === 'all' ? undefined : enabled },
        signal,
      }),
    pageSize: PAGE_SIZE,
    sort: 'uri',
  });
}

const refetch = () => invalidateList(BLOCKLIST_KEY);
const message = (saved: { message: string }) => saved.message;

/** Create, update, toggle and delete, saying the spec's 'URI saved!', 'URI enabled/disabled!', 'URI deleted!'. */
export function useUriBlocklistMutations() {
  const save = useMutation({
    mutationFn: ({ ubid, body }: { ubid: number | null; body: UriBlockWrite }) =>
      ubid === null
        ? api(endpoints.uriBlocklist.create, { body }).then((saved) => {
            notify(saved.message);
            return saved;
          })
        : saveChecked(
            ubid,
            () => api(endpoints.uriBlocklist.update, { params: { id: ubid }, body }),
            (saved) => saved.ubid,
            message,
          ),
    onSuccess: refetch,
  });
  const toggle = useMutation({
    mutationFn: ({ ubid, enabled }: { ubid: number; enabled: boolean }) =>
      saveChecked(
        ubid,
        () => api(endpoints.uriBlocklist.toggle, { params: { id: ubid }, body: { enabled } }),
        (saved) => saved.ubid,
        message,
      ),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (ubid: number) => api(endpoints.uriBlocklist.remove, { params: { id: ubid } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  return { save, toggle, remove };
}
