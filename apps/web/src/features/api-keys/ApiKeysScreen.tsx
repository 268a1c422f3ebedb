import { isAdminAllowed, type Token, tokensEndpoints } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RouterIcon from '@mui/icons-material/Router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { SecretReveal } from '../../components/SecretReveal.tsx';
import { useAppState } from '../../lib/store.ts';
import { useCreatePrimaryKey, usePrimaryKeys, useRevokeKey } from './api-keys.api.ts';
import { SigningKeyCard } from './SigningKeyCard.tsx';

const COLUMNS: Column<Token>[] = [
  { id: 'note', label: 'Note', render: (key) => key.note || '—' },
  {
    id: 'prefix',
    label: 'Key',
    render: (key) => (
      <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {key.prefix}…
      </Box>
    ),
  },
  { id: 'created', label: 'Created', hideBelow: 'md', render: (key) => formatDateTime(key.created_at) },
  { id: 'used', label: 'Last used', hideBelow: 'md', render: (key) => formatDateTime(key.last_used_at) },
];

/**
 * /api-keys (admin, superadmin): the account's primary API keys and the webhook signing key. A new key is shown once,
 * in full; the server keeps only its hash. Each key's IP ranges have their own screen (/api-keys/:id/ip-ranges). Spec 5's admin-allowed rule: only an admin at home manages primary keys.
 */
export default function ApiKeysScreen() {
  const list = usePrimaryKeys();
  const canManage = useAppState((s) => (s.session ? isAdminAllowed(s.session) : false));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const create = useCreatePrimaryKey();
  const revoke = useRevokeKey();

  return (
    <Stack component="section" spacing={3} aria-labelledby="api-keys-title">
      <Box>
        <Typography id="api-keys-title" variant="h5" component="h1" sx={{ mb: 1 }}>
          API keys
        </Typography>
        <Typography color="text.secondary">
          Primary keys send mail for every domain of the account through the HTTP API.
        </Typography>
      </Box>
      {canManage ? null : (
        <Alert severity="info">
          Primary API keys are managed by the account's own admin: you see them here read-only.
        </Alert>
      )}
      <DataTable
        label="Primary API keys"
        columns={COLUMNS}
        list={list}
        rowKey={(key) => key.id}
        emptyText="No API keys yet."
        toolbar={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New API key
            </Button>
          ) : undefined
        }
        rowActions={(key) => (
          <>
            <Tooltip title="IP ranges">
              <IconButton
                component={Link}
                to={`/api-keys/${key.id}/ip-ranges`}
                size="small"
                aria-label={`IP ranges of ${key.note || key.prefix}`}
              >
                <RouterIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {canManage ? (
              <Tooltip title="Revoke">
                <IconButton
                  aria-label={`Revoke ${key.note || key.prefix}`}
                  size="small"
                  onClick={() => setRevoking(key)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </>
        )}
      />
      <SigningKeyCard />

      <FormDialog
        open={creating}
        title="New API key"
        submitLabel="Create"
        schema={tokensEndpoints.create.body}
        defaultValues={{ role: 'primary', note: '' }}
        onSubmit={async ({ note }) => setCreated((await create.mutateAsync(note)).token)}
        onClose={() => setCreating(false)}
      >
        {({ control }) => (
          <FormTextField
            control={control}
            name="note"
            label="Note"
            autoFocus
            helperText="What the key is for, e.g. the application that uses it."
          />
        )}
      </FormDialog>
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="new-key-title"
      >
        <DialogTitle id="new-key-title">Your new API key</DialogTitle>
        <DialogContent>{created ? <SecretReveal secret={created} label="API key" /> : null}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setCreated(null)}>
            I have copied it
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key"
        message={`Revoke the key ${revoking?.note || revoking?.prefix || ''}? Applications using it stop working at once.`}
        confirmLabel="Revoke"
        destructive
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking.id) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
