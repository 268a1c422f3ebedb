import { type DeferredWebhook, statsEndpoints, webhooksEndpoints } from '@mailwright/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const DEFERRED_KEY = ['webhooks', 'deferred'] as const;
/** The spec gives no page size for deferred webhooks: the API's default page. */
const DEFERRED_PAGE_SIZE = 20;

/** Operators: deliveries that failed every retry, newest first (spec 7: webhooks (deferred)). */
export function useDeferredWebhooks() {
  return usePagedList<DeferredWebhook>({
    queryKey: DEFERRED_KEY,
    fetchPage: (query, signal) => api(webhooksEndpoints.deferred, { query, signal }),
    pageSize: DEFERRED_PAGE_SIZE,
    order: 'desc',
  });
}

export function useReplayWebhook(onReplayed: () => Promise<void>) {
  return useMutation({
    mutationFn: (deferred: DeferredWebhook) => api(webhooksEndpoints.replay, { params: { id: deferred.id } }),
    onSuccess: (answer) => {
      notify(answer.message);
      return onReplayed();
    },
  });
}

/** Operators: per customer, totals per action over the time frame (stats/global). */
export function useGlobalStats(query: { from: string; to: string; bot: boolean }) {
  return useQuery({
    queryKey: ['stats', 'global', query],
    queryFn: ({ signal }) => api(statsEndpoints.global, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
