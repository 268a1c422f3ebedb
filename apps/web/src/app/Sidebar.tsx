import { hasAccess } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { NavLink } from 'react-router';
import { useAppState } from '../lib/store.ts';
import { SCREEN_ROUTES, type ScreenRoute } from './routes.tsx';

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_MINI_WIDTH = 60;

/** The menu, derived from the route table: only the entries this session may open. */
export function Sidebar({ mini }: { mini: boolean }) {
  const session = useAppState((s) => s.session);
  const entries = SCREEN_ROUTES.filter((route) => route.icon && hasAccess(session, route.access ?? 'session'));
  const width = mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;

  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
      }}
    >
      <Toolbar />
      <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto', overflowX: 'hidden' }}>
        <List dense>
          {entries.map((route) => (
            <SidebarItem key={route.path} route={route} mini={mini} />
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

function SidebarItem({ route, mini }: { route: ScreenRoute; mini: boolean }) {
  const Icon = route.icon;
  const item = (
    <ListItemButton
      component={NavLink}
      to={`/${route.path}`}
      aria-label={mini ? route.title : undefined}
      sx={{
        minHeight: 44,
        px: mini ? 2.25 : 2,
        '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
        '&.active .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 40 }}>{Icon ? <Icon /> : null}</ListItemIcon>
      {mini ? null : <ListItemText primary={route.title} />}
    </ListItemButton>
  );
  // Icons alone need their names on hover.
  return mini ? (
    <Tooltip title={route.title} placement="right">
      {item}
    </Tooltip>
  ) : (
    item
  );
}
