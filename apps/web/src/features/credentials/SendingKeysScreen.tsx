import { type Token, tokensEndpoints } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RouterIcon from '@mui/icons-material/Router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';
import { useCreateSendingKey, useRevokeKey, useSendingKeys } from './tokens.api.ts';

const keyNote = tokensEndpoints.domainCreate.body.pick({ note: true });

const COLUMNS: Column<Token>[] = [
  {
    id: 'key',
    label: 'Key',
    render: (token) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {token.prefix}…
      </Typography>
    ),
  },
  { id: 'note', label: 'Note', render: (token) => token.note || '—' },
  { id: 'created', label: 'Created', hideBelow: 'md', render: (token) => formatDateTime(token.created_at) },
  { id: 'used', label: 'Last used', hideBelow: 'lg', render: (token) => formatDateTime(token.last_used_at) },
];

/**
 * /credentials/api-keys: the working domain's sending keys (tokens/{domain}, role sending) for the send APIs, each
 * with its IP ranges (their own screen, /api-keys/:id/ip-ranges). The secret is shown once, when the key is created.
 */
export default function SendingKeysScreen() {
  return <WorkingDomainGate>{(domain) => <SendingKeys domain={domain} />}</WorkingDomainGate>;
}

function SendingKeys({ domain }: { domain: WorkingDomain }) {
  const list = useSendingKeys(domain.did);
  const create = useCreateSendingKey(domain.did);
  const revoke = useRevokeKey(domain.did);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);

  return (
    <Box component="section" aria-labelledby="sending-keys-title">
      <Typography id="sending-keys-title" variant="h6" component="h2">
        API keys
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sending keys for the HTTP send APIs, valid for {domain.name} only.
      </Typography>
      <DataTable
        label="Sending keys"
        columns={COLUMNS}
        list={list}
        rowKey={(token) => token.id}
        emptyText={`No sending keys for ${domain.name} yet.`}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New sending key
          </Button>
        }
        rowActions={(token) => (
          <>
            <Tooltip title="IP ranges">
              <IconButton
                component={Link}
                to={`/api-keys/${token.id}/ip-ranges`}
                size="small"
                aria-label={`IP ranges of ${token.prefix}`}
              >
                <RouterIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Revoke">
              <IconButton size="small" aria-label={`Revoke ${token.prefix}`} onClick={() => setRevoking(token)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <FormDialog
        open={creating}
        title={`New sending key for ${domain.name}`}
        submitLabel="Create"
        schema={keyNote}
        defaultValues={{ note: '' }}
        onSubmit={async ({ note }) => {
          const created = await create.mutateAsync(note);
          setSecret({
            title: 'Sending key created',
            label: 'Sending key',
            secret: created.token,
            details: `Use it as the bearer token of the send APIs for ${domain.name}.`,
          });
        }}
        onClose={() => setCreating(false)}
      >
        {({ control }) => (
          <FormTextField
            control={control}
            name="note"
            label="Note"
            autoComplete="off"
            autoFocus
            helperText="What uses it."
          />
        )}
      </FormDialog>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke sending key"
        message={`Revoke ${revoking?.prefix ?? ''}…? Programs using it can no longer send.`}
        confirmLabel="Revoke"
        destructive
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking.id) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
