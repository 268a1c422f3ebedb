import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { queryClient } from '../lib/query-client.ts';

export type SortOrder = 'asc' | 'desc';

/** The paging a server-side list sends: the contract's pageQuery fields. */
export interface PageState {
  limit: number;
  skip: number;
  sort?: string;
  order: SortOrder;
  /** Empty means no search (the API client leaves empty values out of the query string). */
  search: string;
}

/** A list page as the API answers it: `{items, total_count}`. */
export interface ListPage<T> {
  items: T[];
  total_count: number;
}

/**
 * Spec 4, lists: "If the current page is past the end after a change (empty page but total greater than 0), skip
 * moves back to the last page". Answers the skip to show: unchanged when the page is not past the end.
 * A limit of 0 means "all" (a single page).
 */
export function stepBackSkip(skip: number, limit: number, total: number): number {
  if (total <= 0 || skip < total) return skip;
  if (limit <= 0) return 0;
  return Math.floor((total - 1) / limit) * limit;
}

export interface PagedListOptions<T> {
  /**
   * The list's query key, e.g. `['users']` or `['suppressions', domain, type]`. Every page of the list sits under
   * it, so `invalidateList(key)` after a create, update or delete re-fetches whichever page is shown.
   */
  queryKey: QueryKey;
  /** Fetches one page, e.g. `(query, signal) => api(usersEndpoints.list, { query, signal })`. */
  fetchPage: (query: PageState, signal: AbortSignal) => Promise<ListPage<T>>;
  /** The spec's page size for this list (15 customers, 50 domains, …); 0 loads all. */
  pageSize: number;
  sort?: string;
  order?: SortOrder;
  /** False while something the list needs (a working domain) is missing. */
  enabled?: boolean;
  /** `{ silent: true }` when fetchPage reports its own errors (e.g. a 404 that runs the domain not-found action). */
  meta?: { silent?: boolean };
}

export interface PagedList<T> {
  items: T[];
  total: number;
  page: PageState;
  /** The first load: nothing to show yet. */
  isLoading: boolean;
  /** Any load, including a page change or a re-fetch after a change (the previous rows stay visible meanwhile). */
  isFetching: boolean;
  isError: boolean;
  setSkip: (skip: number) => void;
  /** Sorting by the same column again flips the order; a new column starts ascending. */
  toggleSort: (sort: string) => void;
  /** A new search starts at the first page. */
  setSearch: (search: string) => void;
  /** Re-fetch this list (every page of it); call after a create, update or delete. */
  invalidate: () => Promise<void>;
}

/** Re-fetches every page of a list; the mutations of a screen call this on success (spec 4: lists re-fetch). */
export function invalidateList(queryKey: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({ queryKey });
}

/** A server-side paged, sorted and searchable list on TanStack Query, with the spec's step-back rule. */
export function usePagedList<T>(options: PagedListOptions<T>): PagedList<T> {
  const { queryKey, fetchPage, pageSize, enabled = true, meta } = options;
  const [page, setPage] = useState<PageState>({
    limit: pageSize,
    skip: 0,
    sort: options.sort,
    order: options.order ?? 'asc',
    search: '',
  });
  const query = useQuery({
    queryKey: [...queryKey, page],
    queryFn: ({ signal }) => fetchPage(page, signal),
    placeholderData: keepPreviousData,
    enabled,
    meta,
  });

  const data = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!data || data.items.length > 0) return;
    const skip = stepBackSkip(page.skip, page.limit, data.total_count);
    if (skip !== page.skip) setPage((current) => ({ ...current, skip }));
  }, [data, page.skip, page.limit]);

  const key = JSON.stringify(queryKey);
  const invalidate = useCallback(() => invalidateList(JSON.parse(key) as QueryKey), [key]);
  return {
    items: query.data?.items ?? [],
    total: query.data?.total_count ?? 0,
    page,
    isLoading: query.isPending && enabled,
    isFetching: query.isFetching,
    isError: query.isError,
    setSkip: useCallback((skip: number) => setPage((current) => ({ ...current, skip })), []),
    toggleSort: useCallback(
      (sort: string) =>
        setPage((current) => ({
          ...current,
          sort,
          order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc',
          skip: 0,
        })),
      [],
    ),
    setSearch: useCallback(
      (search: string) => setPage((current) => (current.search === search ? current : { ...current, search, skip: 0 })),
      [],
    ),
    invalidate,
  };
}
