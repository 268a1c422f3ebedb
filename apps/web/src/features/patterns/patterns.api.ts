import { PAGE_SIZES } from '@mailwright/contract';
import { useMutation } from '@tanstack/react-query';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { notify } from '../../lib/store.ts';
import type { EnabledFilter, PatternBase, PatternKind } from './pattern-kinds.ts';

/** Spec 9: pattern lists are 50 a page, in matching order (position) unless the operator sorts otherwise. */
export function usePatternList<P extends PatternBase, W, R>(kind: PatternKind<P, W, R>, enabled: EnabledFilter) {
  return usePagedList<P>({
    queryKey: [...kind.key, enabled],
    fetchPage: (query, signal) => kind.list(query, enabled, signal),
    pageSize: PAGE_SIZES.patterns,
    sort: 'position',
  });
}

/**
 * Create, update, toggle and delete, each saying the server's spec text ('SMTP pattern saved!', 'Pattern
 * enabled/disabled!', …) and re-fetching every page and filter of the list (spec 4). Updates and toggles check that
 * the saved rule is the one asked for (spec 5).
 */
export function usePatternMutations<P extends PatternBase, W, R>(kind: PatternKind<P, W, R>) {
  const refetch = () => invalidateList(kind.key);
  const message = (saved: { message: string }) => saved.message;
  const create = useMutation({
    mutationFn: (body: W) => kind.create(body),
    onSuccess: (saved) => {
      notify(saved.message);
      return refetch();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: W }) =>
      saveChecked(id, () => kind.update(id, body), kind.idOf, message),
    onSuccess: refetch,
  });
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      saveChecked(id, () => kind.toggle(id, enabled), kind.idOf, message),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => kind.remove(id),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  return { create, update, toggle, remove };
}
