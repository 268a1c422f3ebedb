import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeToggle } from '../components/ThemeToggle.tsx';
import { CustomerSwitcher } from '../features/customer-switch/CustomerSwitcher.tsx';
import { NotificationBell } from '../features/notifications/NotificationBell.tsx';
import { DomainPicker } from '../features/working-domain/DomainPicker.tsx';
import { BrandMark } from './BrandMark.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  canToggleSidebar: boolean;
  sidebarMini: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ canToggleSidebar, sidebarMini, onToggleSidebar }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      sx={(theme) => ({
        zIndex: theme.zIndex.drawer + 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Toolbar sx={{ gap: 1 }}>
        {canToggleSidebar ? (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={sidebarMini ? 'Expand the menu' : 'Collapse the menu'}
            onClick={onToggleSidebar}
          >
            {sidebarMini ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        ) : null}
        <BrandMark />
        <Typography variant="h6" component="span" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
          Mailwright
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <DomainPicker />
        <CustomerSwitcher />
        <NotificationBell />
        <ThemeToggle eagerTooltip />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
