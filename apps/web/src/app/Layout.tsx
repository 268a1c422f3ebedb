import { PERIODIC_REFRESH_MS } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { DashboardTips, NewsArea } from '../features/news/NewsArea.tsx';
import { useIsSmall } from '../lib/media.ts';
import { queryClient } from '../lib/query-client.ts';
import { checkSession } from '../lib/session.ts';
import { getState } from '../lib/store.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

/** Signed-in screens: app bar, sidebar (mini below md, full otherwise) and the routed screen. */
export function Layout() {
  const small = useIsSmall();
  const [collapsed, setCollapsed] = useState(false);
  const mini = small || collapsed;
  usePeriodicRefresh();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar canToggleSidebar={!small} sidebarMini={mini} onToggleSidebar={() => setCollapsed((c) => !c)} />
      <Sidebar mini={mini} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Box sx={{ maxWidth: 1600, mx: 'auto' }}>
          <NewsArea />
          <Outlet />
          <DashboardTips />
        </Box>
      </Box>
    </Box>
  );
}

/** Spec 7: once loaded, refresh every 20000 ms: every screen's data, and the session itself. */
function usePeriodicRefresh() {
  useEffect(() => {
    const timer = setInterval(() => {
      // While the connection is lost the reconnect ping is in charge.
      if (getState().connectionLost) return;
      void queryClient.invalidateQueries();
      void checkSession();
    }, PERIODIC_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
}
