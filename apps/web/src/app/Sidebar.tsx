import { type Access, hasAccess } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import { NavLink } from 'react-router';
import { useAppState } from '../lib/store.ts';
import { ROUTE_ICONS } from './route-icons.tsx';
import { SCREEN_ROUTES, type ScreenRoute } from './routes.tsx';

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_MINI_WIDTH = 60;

/** Menu groups follow who may open a screen: everyone, account admins and partners, operators. */
const GROUPS = [
  { name: null, matches: (access: Access) => access === 'session' || access === 'public' },
  { name: 'Account', matches: (access: Access) => typeof access === 'object' && !isOperatorOnly(access) },
  { name: 'Operator', matches: (access: Access) => typeof access === 'object' && isOperatorOnly(access) },
] as const;

function isOperatorOnly(access: Exclude<Access, string>): boolean {
  return access.roles.length === 1 && access.roles[0] === 'superadmin';
}

/** The menu, derived from the route table: only the entries this session may open. */
export function Sidebar({ mini }: { mini: boolean }) {
  const session = useAppState((s) => s.session);
  const entries = SCREEN_ROUTES.filter((route) => route.icon && hasAccess(session, route.access ?? 'session'));
  const width = mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;
  const groups = GROUPS.map((group) => ({
    name: group.name,
    routes: entries.filter((route) => group.matches(route.access ?? 'session')),
  })).filter((group) => group.routes.length > 0);

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
        {groups.map((group, index) => (
          <Fragment key={group.name ?? 'main'}>
            {index > 0 ? <Divider /> : null}
            <List
              dense
              subheader={
                group.name && !mini ? (
                  <ListSubheader disableSticky sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
                    {group.name}
                  </ListSubheader>
                ) : undefined
              }
            >
              {group.routes.map((route) => (
                <SidebarItem key={route.path} route={route} mini={mini} />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Drawer>
  );
}

function SidebarItem({ route, mini }: { route: ScreenRoute; mini: boolean }) {
  const Icon = route.icon ? ROUTE_ICONS[route.icon] : null;
  const item = (
    <ListItemButton
      component={NavLink}
      to={`/${route.path}`}
      aria-label={mini ? route.title : undefined}
      sx={(theme) => {
        // Amber text needs the darker amber to stay readable on the light theme.
        const active = theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.main;
        return {
          minHeight: 40,
          px: mini ? 2.25 : 2,
          '&.active': { bgcolor: 'action.selected', color: active },
          '&.active .MuiListItemIcon-root': { color: active },
        };
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
