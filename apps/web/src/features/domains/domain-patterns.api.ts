import { type DomainPattern, type DomainPatternWrite, endpoints } from '@mailwright/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notify } from '../../lib/store.ts';

/** Under the ['domains'] prefix: whatever re-fetches a domain re-fetches its patterns too. */
const patternsKey = (did: number) => ['domains', did, 'patterns'] as const;

export function useDomainPatterns(did: number) {
  return useQuery({
    queryKey: patternsKey(did),
    queryFn: ({ signal }) => api(endpoints.domainPatterns.list, { params: { id: did }, signal }),
  });
}

/** Create, update (also the active switch) and delete, saying the spec's 'Pattern saved!' and 'Pattern deleted!'. */
export function useDomainPatternMutations(did: number) {
  const refetch = () => queryClient.invalidateQueries({ queryKey: patternsKey(did) });
  const save = useMutation({
    mutationFn: ({ pid, body }: { pid: number | null; body: DomainPatternWrite }) =>
      pid === null
        ? api(endpoints.domainPatterns.create, { params: { id: did }, body }).then((saved) => {
            notify(saved.message);
            return saved;
          })
        : saveChecked(
            pid,
            () => api(endpoints.domainPatterns.update, { params: { id: did, pid }, body }),
            (saved) => saved.id,
            (saved) => saved.message,
          ),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (pid: number) => api(endpoints.domainPatterns.remove, { params: { id: did, pid } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  const setActive = (pattern: DomainPattern, active: boolean) =>
    save.mutate({ pid: pattern.id, body: { pattern: pattern.pattern, note: pattern.note, active } });
  return { save, remove, setActive };
}
