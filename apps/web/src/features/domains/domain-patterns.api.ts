import { type DomainPattern, type DomainPatternWrite, domainPatternsEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { useRemoveMutation, useSaveMutation } from '../../components/listMutations.ts';
import { api } from '../../lib/api.ts';

/** Under the ['domains'] prefix: whatever re-fetches a domain re-fetches its patterns too. */
const patternsKey = (did: number) => ['domains', did, 'patterns'] as const;

export function useDomainPatterns(did: number) {
  return useQuery({
    queryKey: patternsKey(did),
    queryFn: ({ signal }) => api(domainPatternsEndpoints.list, { params: { id: did }, signal }),
  });
}

/** Create, update (also the active switch) and delete, saying the spec's 'Pattern saved!' and 'Pattern deleted!'. */
export function useDomainPatternMutations(did: number) {
  const save = useSaveMutation<DomainPattern, DomainPatternWrite>(patternsKey(did), {
    create: (body) => api(domainPatternsEndpoints.create, { params: { id: did }, body }),
    update: (pid, body) => api(domainPatternsEndpoints.update, { params: { id: did, pid }, body }),
    idOf: (saved) => saved.id,
  });
  const remove = useRemoveMutation(patternsKey(did), (pid: number) =>
    api(domainPatternsEndpoints.remove, { params: { id: did, pid } }),
  );
  const setActive = (pattern: DomainPattern, active: boolean) =>
    save.mutate({ id: pattern.id, body: { pattern: pattern.pattern, note: pattern.note, active } });
  return { save, remove, setActive };
}
