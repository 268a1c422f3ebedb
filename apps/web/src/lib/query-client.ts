import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportApiError } from './api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the screen shows the error itself (e.g. a 404 that means "none yet"), so no snackbar. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Server state for every screen (ARCHITECTURE 6); a failed call shows in the error snackbar unless marked silent. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) reportApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) reportApiError(error);
    },
  }),
  defaultOptions: {
    // A lost connection is handled by the reconnect ping, and a 4xx will not change on retry.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
