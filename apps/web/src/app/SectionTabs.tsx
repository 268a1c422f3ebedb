import { hasAccess } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, Outlet, useLocation } from 'react-router';
import { useAppState } from '../lib/store.ts';
import type { ScreenRoute } from './routes.tsx';

/** A section with child screens (e.g. suppressions): tabs for the children the session may open, then the child. */
export function SectionTabs({ section, basePath }: { section: ScreenRoute; basePath: string }) {
  const session = useAppState((s) => s.session);
  const { pathname } = useLocation();
  const tabs = (section.children ?? []).filter(
    (child) => child.path && !child.path.includes(':') && hasAccess(session, child.access ?? 'session'),
  );
  if (tabs.length < 2) return <Outlet />;
  const current = tabs.find(
    (tab) => pathname === `${basePath}/${tab.path}` || pathname.startsWith(`${basePath}/${tab.path}/`),
  );
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current?.path ?? false} variant="scrollable" scrollButtons="auto" aria-label={section.title}>
          {tabs.map((tab) => (
            <Tab key={tab.path} value={tab.path} label={tab.title} component={Link} to={`${basePath}/${tab.path}`} />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
