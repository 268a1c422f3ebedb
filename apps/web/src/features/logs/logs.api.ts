import { type LogChannel, type LogEntry, logsEndpoints, PAGE_SIZES, routesEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { domainNotFound } from '../../lib/store.ts';

export interface LogFilters {
  /** ISO; a preset time frame leaves `to` out so the log runs up to now and new events keep showing. */
  from: string;
  to?: string;
  /** An action or inbound:received. */
  action?: string;
  /** outbound, inbound; left out for all. */
  channel?: Exclude<LogChannel, 'all'>;
}

/**
 * Spec 8: a 404 on a domain-scoped load is the not-found action (the working domain is looked up again); other
 * failures show in the snackbar as usual. The queries below are silent so nothing is reported twice.
 */
async function domainScoped<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) domainNotFound();
    else reportApiError(error);
    throw error;
  }
}

const SORTS = ['created_at', 'recipient', 'event'] as const;
type LogSort = (typeof SORTS)[number];
const sortOf = (sort: string | undefined): LogSort => SORTS.find((s) => s === sort) ?? 'created_at';

/**
 * The working domain's log (stats/{domain}/logs), 20 a page (spec 9), newest first. The table's search box is the
 * recipient filter.
 */
export function useLogList(did: number, filters: LogFilters) {
  return usePagedList<LogEntry>({
    queryKey: ['logs', did, filters],
    fetchPage: (page, signal) =>
      domainScoped(() =>
        api(logsEndpoints.list, {
          params: { domain: did },
          query: {
            limit: page.limit,
            skip: page.skip,
            sort: sortOf(page.sort),
            order: page.order,
            recipient: page.search || undefined,
            ...filters,
          },
          signal,
        }),
      ),
    pageSize: PAGE_SIZES.logs,
    sort: 'created_at',
    order: 'desc',
    meta: { silent: true },
  });
}

/** One message with its headers, every event and every delivery attempt. */
export function useMessageDetail(did: number, messageId: number | null) {
  return useQuery({
    queryKey: ['logs', did, 'message', messageId],
    queryFn: ({ signal }) =>
      domainScoped(() => api(logsEndpoints.message, { params: { domain: did, message: messageId ?? 0 }, signal })),
    enabled: messageId !== null,
    meta: { silent: true },
  });
}

/**
 * The stored inbound message a log line names (the routes API): loaded only when the line says it was kept. A 404
 * is an answer here (its store() days are over), not an error to report.
 */
export function useStoredInbound(did: number, inboundId: number | null) {
  return useQuery({
    queryKey: ['logs', did, 'inbound', inboundId],
    queryFn: async ({ signal }) => {
      try {
        return await api(routesEndpoints.message, { params: { domain: did, inbound_id: inboundId ?? 0 }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        reportApiError(error);
        throw error;
      }
    },
    enabled: inboundId !== null,
    meta: { silent: true },
  });
}
