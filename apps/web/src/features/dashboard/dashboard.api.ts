import { dashboardEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const RECENT_MESSAGES = 10;

/** The acting customer's latest messages with their recipients' states (customers/dashboard/messages). */
export function useRecentMessages() {
  return useQuery({
    queryKey: ['dashboard', 'messages'],
    queryFn: ({ signal }) => api(dashboardEndpoints.messages, { query: { limit: RECENT_MESSAGES }, signal }),
  });
}

/** Up to 9 domains (spec 9), busiest first, with 30-day counts (customers/dashboard/domains). */
export function useDashboardDomains() {
  return useQuery({
    queryKey: ['dashboard', 'domains'],
    queryFn: ({ signal }) => api(dashboardEndpoints.domains, { signal }),
  });
}
