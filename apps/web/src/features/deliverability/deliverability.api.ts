import {
  type SeedMailbox,
  type SeedMailboxCreate,
  type SeedMailboxUpdate,
  type SeedTest,
  type SeedTestCreate,
  seedMailboxesEndpoints,
  seedTestsEndpoints,
  templatesEndpoints,
} from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { ApiError, api } from '../../lib/api.ts';
import { domainNotFound, notify } from '../../lib/store.ts';

/** Every query of a domain's seed tests sits under this key: a new test or a re-run re-fetches list and detail. */
const seedTestsKey = (did: number) => ['seedtests', did] as const;
const seedListKey = ['seed-mailboxes'] as const;
/** How often a running test is asked again: the runner reads the mailboxes every few seconds. */
const RUNNING_REFRESH_MS = 3000;

export function useSeedTests(did: number) {
  return usePagedList<SeedTest>({
    queryKey: [...seedTestsKey(did), 'list'],
    fetchPage: async (query, signal) => {
      try {
        return await api(seedTestsEndpoints.list, {
          params: { id: did },
          query: { limit: query.limit, skip: query.skip },
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) domainNotFound();
        throw error;
      }
    },
    pageSize: 20,
    meta: { silent: true },
  });
}

/** One test with its placements, asked again while it runs. */
export function useSeedTest(did: number, id: number) {
  return useQuery({
    queryKey: [...seedTestsKey(did), 'one', id],
    queryFn: ({ signal }) => api(seedTestsEndpoints.get, { params: { id: did, stid: id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_REFRESH_MS : false),
    meta: { silent: true },
  });
}

export function useStartSeedTest(did: number) {
  return useMutation({
    mutationFn: (body: SeedTestCreate) => api(seedTestsEndpoints.create, { params: { id: did }, body }),
    onSuccess: (started) => {
      notify(started.message);
      return invalidateList(seedTestsKey(did));
    },
  });
}

export function useRerunSeedTest(did: number) {
  return useMutation({
    mutationFn: (id: number) => api(seedTestsEndpoints.rerun, { params: { id: did, stid: id } }),
    onSuccess: (started) => {
      notify(started.message);
      return invalidateList(seedTestsKey(did));
    },
  });
}

/** The domain's templates for the new-test dialog (names only; the server renders the active version). */
export function useTemplateChoices(did: number, enabled: boolean) {
  return useQuery({
    queryKey: ['templates', did, 'choices'],
    queryFn: ({ signal }) => api(templatesEndpoints.list, { params: { domain: did }, query: { limit: 0 }, signal }),
    enabled,
    meta: { silent: true },
  });
}

export function useSeedMailboxes(enabled: boolean) {
  return usePagedList<SeedMailbox>({
    queryKey: seedListKey,
    fetchPage: (_query, signal) => api(seedMailboxesEndpoints.list, { signal }),
    pageSize: 0,
    enabled,
  });
}

export function useSaveSeedMailbox() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SeedMailboxCreate | SeedMailboxUpdate }) =>
      id === null
        ? api(seedMailboxesEndpoints.create, { body: body as SeedMailboxCreate })
        : api(seedMailboxesEndpoints.update, { params: { id }, body }),
    onSuccess: (saved) => {
      notify(saved.message);
      return invalidateList(seedListKey);
    },
  });
}

export function useDeleteSeedMailbox() {
  return useMutation({
    mutationFn: (id: number) => api(seedMailboxesEndpoints.remove, { params: { id } }),
    onSuccess: (done) => {
      notify(done.message);
      return invalidateList(seedListKey);
    },
  });
}
