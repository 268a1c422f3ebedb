import { MSG, type Webhook, type WebhookInput, type WebhookUpdate, webhooksEndpoints } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList } from '../../components/usePagedList.ts';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

/** A domain's webhooks; every change re-fetches it (spec 4: lists re-fetch after create, update or delete). */
const webhooksKey = (did: number) => ['webhooks', did] as const;
const refetch = (did: number) => invalidateList(webhooksKey(did));

export function useWebhooks(did: number | null) {
  return useQuery({
    queryKey: webhooksKey(did ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await api(webhooksEndpoints.list, { params: { id: did ?? 0 }, signal });
      } catch (error) {
        // Spec 8: a 404 on a domain-scoped load is the not-found action (the working domain is looked up again).
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        else reportApiError(error);
        throw error;
      }
    },
    enabled: did !== null,
    meta: { silent: true },
  });
}

/** Spec 3, webhook params: the event types and the payload formats (name, format, auth). */
export function useWebhookParams() {
  return useQuery({
    queryKey: ['extras', 'webhooks'],
    queryFn: ({ signal }) => api(webhooksEndpoints.params, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateWebhook(did: number) {
  return useMutation({
    mutationFn: (body: WebhookInput) => api(webhooksEndpoints.create, { params: { id: did }, body }),
    onSuccess: () => {
      notify(MSG.savedSuccessfully);
      return refetch(did);
    },
  });
}

export function useUpdateWebhook(did: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) =>
      saveChecked(
        id,
        () => api(webhooksEndpoints.update, { params: { id: did, webhook_id: id }, body }),
        (saved) => saved.id,
      ),
    onSuccess: () => refetch(did),
  });
}

/** Spec 4: a webhook is switched on or off through a state change (PUT state). */
export function useSwitchWebhook(did: number) {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      saveChecked(
        id,
        () => api(webhooksEndpoints.state, { params: { id: did, webhook_id: id }, body: { enabled } }),
        (saved) => saved.id,
        (saved) => `Webhook ${saved.type} switched ${saved.enabled ? 'on' : 'off'}`,
      ),
    onSettled: () => refetch(did),
  });
}

export function useDeleteWebhook(did: number) {
  return useMutation({
    mutationFn: (webhook: Webhook) => api(webhooksEndpoints.remove, { params: { id: did, webhook_id: webhook.id } }),
    onSuccess: (answer) => {
      notify(answer.message);
      return refetch(did);
    },
  });
}

/** What a test call came to: the receiver's answer, or (spec 8: a 400/402) the message kept as the error result. */
export interface TestResult {
  ok: boolean;
  message: string;
}

/**
 * Sends a test event (GET test). Spec 8: a 400 or 402 answer is not an error snackbar but the test's error result,
 * which the caller stores and shows on the webhook; other failures show as usual.
 */
export function useTestWebhook(did: number, onResult: (webhook: Webhook, result: TestResult) => void) {
  return useMutation({
    mutationFn: (webhook: Webhook) => api(webhooksEndpoints.test, { params: { id: did, webhook_id: webhook.id } }),
    meta: { silent: true },
    onSuccess: (answer, webhook) => onResult(webhook, { ok: true, message: answer.message }),
    onError: (error, webhook) => {
      if (error instanceof ApiError && (error.status === 400 || error.status === 402)) {
        onResult(webhook, { ok: false, message: error.message });
      } else reportApiError(error);
    },
    // The server keeps the last result on the webhook too.
    onSettled: () => refetch(did),
  });
}
