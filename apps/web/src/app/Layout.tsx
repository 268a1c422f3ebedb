import { PERIODIC_REFRESH_MS } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryScope } from '../components/QueryScope.tsx';
import { DashboardTips, NewsArea } from '../features/news/NewsArea.tsx';
import { useJoinAccept } from '../lib/join-accept.ts';
import { useIsSmall } from '../lib/media.ts';
import { queryClient } from '../lib/query-client.ts';
import { checkSession } from '../lib/session.ts';
import { getState } from '../lib/store.ts';
import { loadWorkingDomain } from '../lib/working-domain-lookup.ts';
// The signed-in screens' loaders come with the frame, so a screen opens without waiting for another chunk first.
import './screens.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

// Loaded only while the join-accept flag is up (an approver arriving from a /join/{token} link).
const JoinAcceptDialog = lazy(() => import('../features/clients/JoinAcceptDialog.tsx'));

/**
 * Signed-in screens: app bar, sidebar (mini below md, full otherwise) and the routed screen (or `children`, for the
 * not-found page of a signed-in user). Loaded on demand, so guest pages never download the signed-in frame.
 */
export default function Layout({ children }: { children?: ReactNode }) {
  const small = useIsSmall();
  const [collapsed, setCollapsed] = useState(false);
  const mini = small || collapsed;
  const joinAccept = useJoinAccept();
  usePeriodicRefresh();

  return (
    <QueryScope>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <TopBar canToggleSidebar={!small} sidebarMini={mini} onToggleSidebar={() => setCollapsed((c) => !c)} />
        <Sidebar mini={mini} />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          <Toolbar />
          <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
            <NewsArea />
            {children ?? <Outlet />}
            <DashboardTips />
          </Box>
        </Box>
      </Box>
      {joinAccept.open ? (
        <Suspense fallback={null}>
          <JoinAcceptDialog />
        </Suspense>
      ) : null}
    </QueryScope>
  );
}

/**
 * Spec 7: once loaded, refresh every 20000 ms: every screen's data, and the session itself. The second action, when
 * there are no domains: look for one added (or verified) meanwhile, so the no-domains state ends by itself. It asks
 * under the top bar's own key, so it joins the refresh's request rather than making another.
 */
function usePeriodicRefresh() {
  useEffect(() => {
    const timer = setInterval(() => {
      // While the connection is lost the reconnect ping is in charge.
      if (getState().connectionLost) return;
      void queryClient.invalidateQueries();
      void checkSession();
      const { domainsState, session } = getState();
      if (domainsState === 'none' && session) void loadWorkingDomain(session.cid).catch(() => undefined);
    }, PERIODIC_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}
