import {
  type AggregateEntry,
  MSG,
  type StatsData,
  type StatsFormat,
  type StatsGraph,
  type StatsResponse,
  statsEndpoints,
} from '@mailwright/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, reportApiError } from '../../lib/api.ts';
import { domainNotFound } from '../../lib/store.ts';

/** Whose statistics: one domain (`stats/{domain}`) or every domain of the acting customer (`stats`). */
export type StatsScope = { kind: 'domain'; did: number } | { kind: 'customer' };

/** What a view asks for; from/to are the time frame as chosen (the server widens them, spec 9). */
export interface StatsRequest {
  data: StatsData;
  from: string;
  to: string;
  bot: boolean;
  action?: string;
  tag?: string;
}

async function fetchStats(
  scope: StatsScope,
  format: StatsFormat,
  request: StatsRequest,
  signal: AbortSignal,
): Promise<StatsResponse> {
  const query = { format, ...request };
  if (scope.kind === 'customer') return api(statsEndpoints.customer, { query, signal });
  return api(statsEndpoints.domain, { params: { domain: scope.did }, query, signal });
}

function useStats<T extends StatsResponse>(
  scope: StatsScope | null,
  format: StatsFormat,
  request: StatsRequest,
  isShape: (response: StatsResponse) => response is T,
  enabled = true,
) {
  return useQuery({
    queryKey: ['stats', scope, format, request],
    queryFn: async ({ signal }) => {
      try {
        const response = await fetchStats(scope as StatsScope, format, request, signal);
        if (!isShape(response)) throw new ApiError(200, MSG.unexpectedResponse);
        return response;
      } catch (error) {
        // Spec 8: a 404 on a domain-scoped load is the not-found action (the working domain is looked up again).
        if (error instanceof ApiError && error.status === 404 && scope?.kind === 'domain') domainNotFound();
        else reportApiError(error);
        throw error;
      }
    },
    enabled: scope !== null && enabled,
    // The previous chart stays while the next time frame loads (a progress bar shows the load).
    placeholderData: keepPreviousData,
    // The query reports its errors itself, so the not-found action does not also show a red snackbar.
    meta: { silent: true },
  });
}

const isGraph = (response: StatsResponse): response is StatsGraph => !Array.isArray(response);
const isAggregate = (response: StatsResponse): response is AggregateEntry[] =>
  Array.isArray(response) && response.every((entry) => 'value' in entry);

/** Series over time (spec 9: statistics default to the graph format). */
export function useStatsGraph(scope: StatsScope | null, request: StatsRequest, enabled = true) {
  return useStats(scope, 'graph', request, isGraph, enabled);
}

/** Totals per category over the time frame. */
export function useStatsAggregate(scope: StatsScope | null, request: StatsRequest, enabled = true) {
  return useStats(scope, 'aggregate', request, isAggregate, enabled);
}
