import { type InboundPolicyInput, MSG, type Route, type RouteInput, routesEndpoints } from '@mailwright/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList } from '../../components/usePagedList.ts';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

/** A domain's routes; every change re-fetches them (spec 4: lists re-fetch after create, update or delete). */
const routesKey = (did: number) => ['routes', did] as const;
const inboundKey = (did: number) => ['routes', did, 'messages'] as const;
const refetch = (did: number) => invalidateList(routesKey(did));

/** Spec 8 (S8-012): a 404 or 401 on the routes list is the not-found action (the working domain is looked up again). */
function handleListError(error: unknown): never {
  if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
    if (error.status === 404) domainNotFound();
  } else reportApiError(error);
  throw error;
}

export function useRoutes(did: number) {
  return useQuery({
    queryKey: routesKey(did),
    queryFn: ({ signal }) => api(routesEndpoints.list, { params: { domain: did }, signal }).catch(handleListError),
    meta: { silent: true },
  });
}

export function useCreateRoute(did: number) {
  return useMutation({
    mutationFn: (body: RouteInput) => api(routesEndpoints.create, { params: { domain: did }, body }),
    onSuccess: () => {
      notify(MSG.savedSuccessfully);
      return refetch(did);
    },
  });
}

export function useUpdateRoute(did: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RouteInput }) =>
      saveChecked(
        id,
        () => api(routesEndpoints.update, { params: { domain: did, route_id: id }, body }),
        (saved) => saved.id,
      ),
    onSuccess: () => refetch(did),
  });
}

export function useSwitchRoute(did: number) {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      saveChecked(
        id,
        () => api(routesEndpoints.state, { params: { domain: did, route_id: id }, body: { enabled } }),
        (saved) => saved.id,
        (saved) => `Route switched ${saved.enabled ? 'on' : 'off'}`,
      ),
    onSettled: () => refetch(did),
  });
}

/** Up or down one place (the server swaps priorities with the neighbour and answers the new order). */
export function useMoveRoute(did: number) {
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      api(routesEndpoints.move, { params: { domain: did, route_id: id }, body: { direction } }),
    onSettled: () => refetch(did),
  });
}

export function useDeleteRoute(did: number) {
  return useMutation({
    mutationFn: (route: Route) => api(routesEndpoints.remove, { params: { domain: did, route_id: route.id } }),
    onSuccess: (answer) => {
      notify(answer.message);
      return refetch(did);
    },
  });
}

/** The test box: which routes would take a recipient (or a pasted message), without running anything. */
export function useMatchRoute(did: number) {
  return useMutation({
    mutationFn: (body: { recipient?: string; headers: { name: string; value: string }[]; raw?: string }) =>
      api(routesEndpoints.match, { params: { domain: did }, body }),
  });
}

const policyKey = (did: number) => ['routes', did, 'policy'] as const;

/** The domain's inbound policy and its receiving MX state. */
export function usePolicy(did: number) {
  return useQuery({
    queryKey: policyKey(did),
    queryFn: ({ signal }) => api(routesEndpoints.policy, { params: { domain: did }, signal }),
    meta: { silent: true },
  });
}

export function useSavePolicy(did: number) {
  return useMutation({
    mutationFn: (body: InboundPolicyInput) => api(routesEndpoints.setPolicy, { params: { domain: did }, body }),
    onSuccess: () => {
      notify(MSG.savedSuccessfully);
      return invalidateList(policyKey(did));
    },
  });
}

export function useInboundMessages(did: number, page: { limit: number; skip: number }, storedOnly: boolean) {
  return useQuery({
    queryKey: [...inboundKey(did), page.limit, page.skip, storedOnly],
    queryFn: ({ signal }) =>
      api(routesEndpoints.messages, {
        params: { domain: did },
        query: { ...page, ...(storedOnly ? { stored: '1' as const } : {}) },
        signal,
      }).catch(handleListError),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useInboundMessage(did: number, id: number | null) {
  return useQuery({
    queryKey: [...inboundKey(did), 'one', id],
    queryFn: ({ signal }) => api(routesEndpoints.message, { params: { domain: did, inbound_id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
