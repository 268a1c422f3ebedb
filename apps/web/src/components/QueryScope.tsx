import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { preloadShellParts } from './shell-parts.ts';

/**
 * The console's one QueryClient (lib/query-client.ts) for the screens below. It is provided by the signed-in frame
 * and by the guest screens that call the API through queries, not at the root: the sign-in page needs none of
 * TanStack Query (issue 11, console speed). Screens that talk to the server can lose it: the notification area
 * and the connection-lost overlay are loaded with them, while the server is reachable.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  useEffect(preloadShellParts, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A screen inside its own QueryScope (the guest screens, each loaded on its own). */
export function withQueryScope<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function ScreenWithQueries(props: P) {
    return (
      <QueryScope>
        <Screen {...props} />
      </QueryScope>
    );
  };
}
