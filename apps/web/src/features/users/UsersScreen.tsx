import type { User } from '@mailwright/contract';
import { usersEndpoints } from '@mailwright/contract';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { api } from '../../lib/api.ts';
import { useAppState } from '../../lib/store.ts';
import { InviteLinkDialog, InviteUserDialog, type SentInvite } from './InviteUserDialog.tsx';
import { type UserAction, UserActions } from './UserActions.tsx';
import { CreateUserDialog, EditUserDialog } from './UserFormDialog.tsx';
import { type UserCommand, useSetUserActive, useUserCommand, useUsersList } from './users.api.ts';

const STATE_COLOURS = { active: 'success', inactive: 'default', invited: 'info' } as const;

const COLUMNS: Column<User>[] = [
  {
    id: 'username',
    label: 'User',
    sortKey: 'username',
    render: (user) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
          {user.username}
        </Typography>
        {user.full_name ? (
          <Typography variant="caption" color="text.secondary">
            {user.full_name}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  { id: 'email', label: 'Email', hideBelow: 'md', render: (user) => user.email ?? '—' },
  {
    id: 'role',
    label: 'Role',
    sortKey: 'role',
    hideBelow: 'sm',
    render: (user) => (user.subrole ? `${user.role} (${user.subrole})` : user.role),
  },
  {
    id: 'state',
    label: 'State',
    sortKey: 'state',
    render: (user) => (
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" label={user.state} color={STATE_COLOURS[user.state]} variant="outlined" />
        {user.external ? <Chip size="small" label="external" variant="outlined" /> : null}
      </Stack>
    ),
  },
  {
    id: 'security',
    label: 'Sign-in',
    hideBelow: 'lg',
    render: (user) => [user.totp_enabled ? 'two-factor' : 'password', ...user.providers].join(', '),
  },
  { id: 'last_login', label: 'Last sign-in', hideBelow: 'lg', render: (user) => formatDateTime(user.last_login_at) },
];

type Pending = {
  user: User;
  action: Exclude<UserAction['kind'], 'edit' | 'activate' | 'resend-invite'>;
  provider?: string;
};

/** /users (admin, superadmin): the acting customer's team — create, edit, activate, invite, log out, delete. */
export default function UsersScreen() {
  const list = useUsersList();
  const selfUid = useAppState((s) => s.session?.uid);
  const [creating, setCreating] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [resent, setResent] = useState<SentInvite | null>(null);
  const command = useUserCommand();
  const setActive = useSetUserActive();
  const resend = useMutation({
    mutationFn: (user: User) => api(usersEndpoints.invite, { params: { id: user.uid } }),
    onSuccess: (result, user) => setResent({ email: user.email ?? user.username, url: result.invite_url }),
  });

  const onAction = (user: User, action: UserAction) => {
    if (action.kind === 'edit') setEditing(user);
    else if (action.kind === 'activate') setActive.mutate({ uid: user.uid, active: true });
    else if (action.kind === 'resend-invite') resend.mutate(user);
    else setPending({ user, action: action.kind, provider: action.kind === 'unlink' ? action.provider : undefined });
  };

  const confirm = pending ? confirmation(pending) : null;
  const runPending = async () => {
    if (!pending) return;
    const { user, action, provider } = pending;
    if (action === 'deactivate') await setActive.mutateAsync({ uid: user.uid, active: false });
    else {
      const next: UserCommand =
        action === 'unlink'
          ? { kind: 'unlink', uid: user.uid, provider: provider ?? '' }
          : { kind: action, uid: user.uid };
      await command.mutateAsync(next);
    }
  };

  return (
    <Box component="section" aria-labelledby="users-title">
      <Typography id="users-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Users
      </Typography>
      <DataTable
        label="Users"
        columns={COLUMNS}
        list={list}
        rowKey={(user) => user.uid}
        searchLabel="Search users"
        emptyText="No users yet."
        toolbar={
          <>
            <Button startIcon={<MailOutlineIcon />} onClick={() => setInviting(true)}>
              Invite
            </Button>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
              New user
            </Button>
          </>
        }
        rowActions={(user) => <UserActions user={user} self={user.uid === selfUid} onAction={onAction} />}
      />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
      <InviteLinkDialog invite={resent} onClose={() => setResent(null)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={confirm?.label}
        destructive={confirm?.destructive}
        onConfirm={runPending}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}

function confirmation({ user, action, provider }: Pending) {
  const name = user.username;
  switch (action) {
    case 'delete':
      return {
        title: 'Delete user',
        message: `Delete ${name}? They can no longer sign in.`,
        label: 'Delete',
        destructive: true,
      };
    case 'deactivate':
      return {
        title: 'Deactivate user',
        message: `Deactivate ${name}? Their sessions end now.`,
        label: 'Deactivate',
        destructive: true,
      };
    case 'force-logout':
      return {
        title: 'Force log out',
        message: `Sign ${name} out on every device now?`,
        label: 'Log out',
        destructive: false,
      };
    case 'withdraw-invite':
      return user.state === 'invited'
        ? {
            title: 'Withdraw invitation',
            message: `Withdraw the invitation of ${name}? The link stops working.`,
            label: 'Withdraw',
            destructive: true,
          }
        : {
            title: 'Remove external user',
            message: `Remove ${name} from this account?`,
            label: 'Remove',
            destructive: true,
          };
    case 'unlink':
      return {
        title: 'Unlink sign-in provider',
        message: `Unlink ${provider} from ${name}? They can no longer sign in with it.`,
        label: 'Unlink',
        destructive: true,
      };
  }
}
