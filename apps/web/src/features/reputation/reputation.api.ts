import { REPUTATION_DEFAULT_DAYS, reputationEndpoints } from '@mailwright/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const REPUTATION_KEY = ['reputation'] as const;
const KEY = REPUTATION_KEY;

/** Operators: every sending IP's current reputation, worst first. */
export function useIpReputations() {
  return useQuery({
    queryKey: [...KEY, 'ips'],
    queryFn: ({ signal }) => api(reputationEndpoints.list, { signal }),
  });
}

/** Operators: one IP's history over the last `period` days (spec 9: 30 by default). */
export function useIpReputation(ip: string, period: number = REPUTATION_DEFAULT_DAYS) {
  return useQuery({
    queryKey: [...KEY, 'ip', ip, period],
    queryFn: ({ signal }) => api(reputationEndpoints.ip, { query: { ip, period }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The working domain's reputation (blocklists, rates, authentication) over the last `period` days. */
export function useDomainReputation(did: number, period: number = REPUTATION_DEFAULT_DAYS) {
  return useQuery({
    queryKey: [...KEY, 'domain', did, period],
    queryFn: ({ signal }) => api(reputationEndpoints.domain, { params: { domain: did }, query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
}
