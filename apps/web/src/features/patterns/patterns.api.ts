import { PAGE_SIZES } from '@mailwright/contract';
import type { EnabledFilter } from '../../components/ListActions.tsx';
import { useRemoveMutation, useSaveMutation, useToggleMutation } from '../../components/listMutations.ts';
import { usePagedList } from '../../components/usePagedList.ts';
import type { PatternBase, PatternKind } from './pattern-kinds.ts';

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
  const save = useSaveMutation<P, W>(kind.key, kind);
  const toggle = useToggleMutation(kind.key, kind.toggle, kind.idOf);
  const remove = useRemoveMutation(kind.key, kind.remove);
  return { save, toggle, remove };
}
