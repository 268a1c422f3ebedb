import { type DeferredAction, mtasEndpoints, queuesEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { api } from '../../lib/api.ts';

/** Processes come and go and queues move while the screen is open: refresh as the other monitoring cards do. */
export const QUEUES_REFRESH_MS = 20_000;
export const QUEUES_KEY = ['monitoring', 'queues'] as const;
const MTAS_KEY = ['monitoring', 'mtas'] as const;

/** system/mtas: the running processes, grouped by role and by host. */
export function useMtas(enabled: boolean) {
  return useQuery({
    queryKey: MTAS_KEY,
    queryFn: ({ signal }) => api(mtasEndpoints.list, { signal }),
    refetchInterval: QUEUES_REFRESH_MS,
    enabled,
    retry: false,
  });
}

/** system/monitoring/queues: the delivery queue by destination and by customer. */
export function useQueues() {
  return useQuery({
    queryKey: QUEUES_KEY,
    queryFn: ({ signal }) => api(queuesEndpoints.list, { query: {}, signal }),
    refetchInterval: QUEUES_REFRESH_MS,
  });
}

/** "Retry now": a destination's deferred messages come due at once; says how many and re-reads the queues. */
export function useRetryDestination() {
  return useRemoveMutation(QUEUES_KEY, (destination: string) =>
    api(queuesEndpoints.retryDestination, { params: { destination } }),
  );
}

/** Bulk retry, release or drop by filter; says how many and re-reads the queues. */
export function useDeferredAction() {
  return useRemoveMutation(QUEUES_KEY, (body: DeferredAction) => api(queuesEndpoints.deferred, { body }));
}

/** What an operator pauses or resumes: a destination (recipient domain) or a customer. */
export type PauseTarget = { destination: string } | { customerId: number };

/** Pause or resume a destination or a customer; says how many messages it held or let go, re-reads the queues. */
export function usePauseAction() {
  return useRemoveMutation(QUEUES_KEY, ({ target, pause }: { target: PauseTarget; pause: boolean }) => {
    if ('destination' in target) {
      const endpoint = pause ? queuesEndpoints.pauseDestination : queuesEndpoints.resumeDestination;
      return api(endpoint, { params: { destination: target.destination } });
    }
    const endpoint = pause ? queuesEndpoints.pauseCustomer : queuesEndpoints.resumeCustomer;
    return api(endpoint, { params: { customerId: target.customerId } });
  });
}

/** How many messages a bulk action would take now (the dialog's count before the confirm); null while unknown. */
export function useDeferredPreview(filter: DeferredAction, enabled: boolean) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'preview', filter],
    queryFn: ({ signal }) => api(queuesEndpoints.previewDeferred, { body: filter, signal }),
    enabled,
    retry: false,
  });
}
