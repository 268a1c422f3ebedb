import {
  type MigrationCredentials,
  type MigrationStart,
  type MigrationStatus,
  migrationEndpoints,
  subaccountsEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

const e = migrationEndpoints;
export const MIGRATIONS_KEY = ['migration', 'list'] as const;
const statusKey = (id: number) => ['migration', 'status', id] as const;

export function useMigrations() {
  return useQuery({ queryKey: MIGRATIONS_KEY, queryFn: ({ signal }) => api(e.list, { signal }) });
}

/** The clients (sub-accounts) a migration may go to: the first 100 are plenty for a picker. */
export function useClientOptions() {
  return useQuery({
    queryKey: ['migration', 'clients'],
    queryFn: ({ signal }) => api(subaccountsEndpoints.list, { query: { limit: 100 }, signal, quiet: true }),
    meta: { silent: true },
    retry: false,
  });
}

/** Spec 5: a 402 (the provider refused the key) goes back to the form; it is not a failure to report. */
export function useListProviderDomains() {
  return useMutation({
    mutationFn: (body: MigrationCredentials) => api(e.domains, { body }),
    meta: { silent: true },
  });
}

export function useStartMigration() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MigrationStart }) => api(e.start, { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(statusKey(answer.id), answer);
      return queryClient.invalidateQueries({ queryKey: MIGRATIONS_KEY });
    },
  });
}

export function useCancelMigration() {
  return useMutation({
    mutationFn: (id: number) => api(e.cancel, { params: { id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(statusKey(answer.id), answer);
      return queryClient.invalidateQueries({ queryKey: MIGRATIONS_KEY });
    },
  });
}

/** A running migration is followed every second; an ended one is read once. */
export function useMigrationStatus(id: number | null) {
  return useQuery({
    queryKey: statusKey(id ?? 0),
    queryFn: ({ signal }) => api(e.status, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      (query.state.data as MigrationStatus | undefined)?.status === 'running' ? 1000 : false,
  });
}
