import type { User } from '@mailwright/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

/** What a row's menu asks the screen to do; the screen owns the dialogs. */
export type UserAction =
  | { kind: 'edit' | 'activate' | 'deactivate' | 'force-logout' | 'resend-invite' | 'withdraw-invite' | 'delete' }
  | { kind: 'unlink'; provider: string };

interface UserActionsProps {
  user: User;
  /** The signed-in user's own row: no delete, deactivate or forced logout of oneself. */
  self: boolean;
  onAction: (user: User, action: UserAction) => void;
}

/** A row's actions in one menu, so the table stays narrow on a phone. Only what applies to the user is offered. */
export function UserActions({ user, self, onAction }: UserActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: UserAction) => {
    setAnchor(null);
    onAction(user, action);
  };
  const invited = user.state === 'invited';
  return (
    <>
      <IconButton
        aria-label={`Actions for ${user.username}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick({ kind: 'edit' })}>Edit</MenuItem>
        {!invited && user.state === 'inactive' ? (
          <MenuItem onClick={() => pick({ kind: 'activate' })}>Activate</MenuItem>
        ) : null}
        {!invited && user.state === 'active' && !self ? (
          <MenuItem onClick={() => pick({ kind: 'deactivate' })}>Deactivate</MenuItem>
        ) : null}
        {!self && !invited ? <MenuItem onClick={() => pick({ kind: 'force-logout' })}>Force log out</MenuItem> : null}
        {invited ? (
          <MenuItem onClick={() => pick({ kind: 'resend-invite' })}>Send the invitation again</MenuItem>
        ) : null}
        {user.providers.map((provider) => (
          <MenuItem key={provider} onClick={() => pick({ kind: 'unlink', provider })}>
            Unlink {provider}
          </MenuItem>
        ))}
        {!self ? <Divider /> : null}
        {user.external && !self ? (
          <MenuItem onClick={() => pick({ kind: 'withdraw-invite' })} sx={{ color: 'error.main' }}>
            {invited ? 'Withdraw the invitation' : 'Remove external user'}
          </MenuItem>
        ) : null}
        {!self && !user.external ? (
          <MenuItem onClick={() => pick({ kind: 'delete' })} sx={{ color: 'error.main' }}>
            Delete
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
