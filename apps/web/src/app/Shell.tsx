import { type ComponentType, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { loadConnectionOverlay, loadNotifications, loadReconnectPing } from '../components/shell-parts.ts';
import { useAppState } from '../lib/store.ts';

/**
 * The root shell (spec 2): the routed screen, the notification area and the connection-lost overlay. The last two
 * are loaded when first wanted (components/shell-parts.ts) and then stay, so they behave as if always there.
 */
export function Shell() {
  const connectionLost = useAppState((s) => s.connectionLost);
  // A new message (its id) asks again if an earlier load failed.
  const messageId = useAppState((s) => s.notification?.id ?? s.error?.id ?? null);
  const Notifications = useLoadedWhen(messageId !== null, messageId, loadNotifications);
  const ConnectionOverlay = useLoadedWhen(connectionLost, connectionLost, loadConnectionOverlay);

  useEffect(() => {
    if (!connectionLost) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadReconnectPing().then(
      (startReconnectPing) => {
        if (cancelled) return;
        // Back online: every screen reloads what it shows. (The query client is loaded with the first screen that
        // has queries; the sign-in page has none, so it is not in the root's bundle.)
        stop = startReconnectPing(
          () => void import('../lib/query-client.ts').then(({ queryClient }) => queryClient.invalidateQueries()),
        );
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [connectionLost]);

  return (
    <>
      <Outlet />
      {Notifications ? <Notifications /> : null}
      {ConnectionOverlay ? <ConnectionOverlay /> : null}
    </>
  );
}

/** A component loaded once `wanted`; a failed load is tried again when `attempt` changes while still wanted. */
function useLoadedWhen(wanted: boolean, attempt: unknown, load: () => Promise<ComponentType>): ComponentType | null {
  const [loaded, setLoaded] = useState<ComponentType | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is only the signal to try again.
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt, loaded, load]);
  return loaded;
}
