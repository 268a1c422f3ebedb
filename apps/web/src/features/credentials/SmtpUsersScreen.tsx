import type { Credential } from '@mailwright/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { useDeleteSmtpUser, useSmtpUsers } from './credentials.api.ts';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';
import { CreateSmtpUserDialog, ResetSmtpUserDialog } from './SmtpUserDialogs.tsx';

const COLUMNS: Column<Credential>[] = [
  {
    id: 'login',
    label: 'Login',
    render: (user) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 500, fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {user.login}
        </Typography>
        <CopyButton value={user.login} label={`Copy ${user.login}`} />
      </Stack>
    ),
  },
  { id: 'note', label: 'Note', hideBelow: 'sm', render: (user) => user.note || '—' },
  { id: 'created', label: 'Created', hideBelow: 'md', render: (user) => formatDateTime(user.created_at) },
  { id: 'used', label: 'Last used', hideBelow: 'lg', render: (user) => formatDateTime(user.last_used_at) },
];

/** /credentials/smtp-users: the working domain's SMTP users (admins). Passwords are shown once, then only reset. */
export default function SmtpUsersScreen() {
  return <WorkingDomainGate>{(domain) => <SmtpUsers domain={domain} />}</WorkingDomainGate>;
}

function SmtpUsers({ domain }: { domain: WorkingDomain }) {
  const list = useSmtpUsers(domain.did);
  const remove = useDeleteSmtpUser(domain.did);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Credential | null>(null);
  const [deleting, setDeleting] = useState<Credential | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  return (
    <Box component="section" aria-labelledby="smtp-users-title">
      <Typography id="smtp-users-title" variant="h6" component="h2">
        SMTP users
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Logins for sending through SMTP as {domain.name}.
      </Typography>
      <DataTable
        label="SMTP users"
        columns={COLUMNS}
        list={list}
        rowKey={(user) => user.crid}
        emptyText={`No SMTP users for ${domain.name} yet.`}
        toolbar={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
            New SMTP user
          </Button>
        }
        rowActions={(user) => (
          <>
            <Tooltip title="Set a new password">
              <IconButton size="small" aria-label={`New password for ${user.login}`} onClick={() => setResetting(user)}>
                <LockResetIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${user.login}`} onClick={() => setDeleting(user)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <CreateSmtpUserDialog domain={domain} open={creating} onClose={() => setCreating(false)} onCreated={setSecret} />
      <ResetSmtpUserDialog did={domain.did} user={resetting} onClose={() => setResetting(null)} onReset={setSecret} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete SMTP user"
        message={`Delete ${deleting?.login ?? ''}? Programs logging in with it can no longer send.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.crid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
