import { type SandboxMessageSummary, sandboxEndpoints, tokensEndpoints } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../components/usePagedList.ts';
import { api, reportApiError } from '../../lib/api.ts';

const SANDBOX_KEY = ['sandbox'] as const;
/** New mail arrives without anyone asking: the inbox looks again this often. */
export const REFRESH_MS = 5_000;
const PAGE_SIZE = 20;

/** The acting customer's sandbox domain and where to send from. */
export function useSandboxInfo() {
  return useQuery({
    queryKey: [...SANDBOX_KEY, 'info'],
    queryFn: ({ signal }) => api(sandboxEndpoints.info, { signal }),
  });
}

/** What the catch-all MX received, newest first, 20 a page. */
export function useSandboxList() {
  return usePagedList<SandboxMessageSummary>({
    queryKey: [...SANDBOX_KEY, 'list'],
    fetchPage: (query, signal) =>
      api(sandboxEndpoints.list, { query: { limit: query.limit, skip: query.skip }, signal }),
    pageSize: PAGE_SIZE,
  });
}

export function useSandboxMessage(id: number | null) {
  return useQuery({
    queryKey: [...SANDBOX_KEY, 'message', id],
    queryFn: ({ signal }) => api(sandboxEndpoints.get, { params: { id: id as number }, signal }),
    enabled: id !== null,
  });
}

/** A sending key for the sandbox domain, for the ready-to-run curl line (answered once, like every new key). */
export function useCreateSandboxKey() {
  return useMutation({
    mutationFn: (did: number) =>
      api(tokensEndpoints.domainCreate, {
        params: { domain: did },
        body: { role: 'sending', note: 'Sandbox inbox: first message' },
      }),
    onError: reportApiError,
  });
}

/**
 * RFC 8058 one-click unsubscribe, as a mailbox provider does it: a POST of `List-Unsubscribe=One-Click` to the
 * message's List-Unsubscribe URL. `no-cors`: the tracking host answers HTML without CORS headers, and the POST
 * itself is what counts (the console cannot read the answer; the event shows in Logs).
 */
export async function postOneClickUnsubscribe(url: string): Promise<void> {
  await fetch(url, {
    method: 'POST',
    mode: 'no-cors',
    body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
  });
}
