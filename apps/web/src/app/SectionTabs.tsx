import { hasAccess } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Outlet, useLocation } from 'react-router';
import { useIsMobile } from '../lib/media.ts';
import { useAppState } from '../lib/store.ts';
import { isTabbedSection, type ScreenRoute } from './routes.tsx';

/** Whether a section is a set of sibling screens ("redirects to …"): then it shows its title and tabs. */
/**
 * A section with child screens (e.g. suppressions): its title and tabs for the children the session may open, then
 * the child. Other sections (templates: list, detail, edit) just show the child.
 */
export default function SectionTabs({ section, basePath }: { section: ScreenRoute; basePath: string }) {
  const session = useAppState((s) => s.session);
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  if (!isTabbedSection(section)) return <Outlet />;
  const tabs = (section.children ?? []).filter(
    (child) => child.path && !child.path.includes(':') && hasAccess(session, child.access ?? 'session'),
  );
  const current = tabs.find(
    (tab) => pathname === `${basePath}/${tab.path}` || pathname.startsWith(`${basePath}/${tab.path}/`),
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {section.title}
      </Typography>
      {tabs.length > 1 ? (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs
            value={current?.path ?? false}
            // Below lg (spec 9: mobile) the tabs scroll instead of squeezing.
            variant={mobile ? 'scrollable' : 'standard'}
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={section.title}
          >
            {tabs.map((tab) => (
              <Tab key={tab.path} value={tab.path} label={tab.title} component={Link} to={`${basePath}/${tab.path}`} />
            ))}
          </Tabs>
        </Box>
      ) : null}
      <Outlet />
    </>
  );
}
