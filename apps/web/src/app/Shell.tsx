import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ConnectionOverlay } from '../components/ConnectionOverlay.tsx';
import { Notifications } from '../components/Notifications.tsx';
import { startReconnectPing } from '../lib/connection.ts';
import { queryClient } from '../lib/query-client.ts';
import { useAppState } from '../lib/store.ts';

/** The root shell (spec 2): the routed screen, the notification area and the connection-lost overlay. */
export function Shell() {
  const connectionLost = useAppState((s) => s.connectionLost);

  useEffect(() => {
    if (!connectionLost) return;
    // Back online: every screen reloads what it shows.
    return startReconnectPing(() => void queryClient.invalidateQueries());
  }, [connectionLost]);

  return (
    <>
      <Outlet />
      <Notifications />
      <ConnectionOverlay />
    </>
  );
}
