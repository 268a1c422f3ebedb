import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppState } from '../lib/store.ts';

/** Who is signed in, and the way out. */
export function UserMenu() {
  const session = useAppState((s) => s.session);
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 }, display: 'block' }}>
          <Typography variant="subtitle2">{session?.full_name || session?.username}</Typography>
          <Typography variant="body2" color="text.secondary">
            {session?.username} · {session?.role}
            {session?.subrole ? ` (${session.subrole})` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {session?.origin.name}
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate('/auth/logout');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
