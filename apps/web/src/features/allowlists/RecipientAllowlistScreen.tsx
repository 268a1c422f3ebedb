import { type AllowlistEntry, allowlistWrite } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { ApiError } from '../../lib/api.ts';
import type { WorkingDomain } from '../../lib/store.ts';
import { AllowlistCheckCard } from './AllowlistCheckCard.tsx';
import { useAllowlist, useDeleteAllowlistEntry, useSaveAllowlistEntry } from './allowlists.api.ts';

const COLUMNS: Column<AllowlistEntry>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 220 } }}>{entry.recipient}</Box>,
  },
  { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
  {
    id: 'created',
    label: 'Added',
    sortKey: 'created_at',
    hideBelow: 'sm',
    render: (entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Box>,
  },
];

/** /allowlists/recipients: recipients of the working domain that are never suppressed automatically. */
export default function RecipientAllowlistScreen() {
  return <WorkingDomainGate>{(domain) => <RecipientAllowlist domain={domain} />}</WorkingDomainGate>;
}

function RecipientAllowlist({ domain }: { domain: WorkingDomain }) {
  const list = useAllowlist(domain.did);
  const save = useSaveAllowlistEntry(domain.did);
  const remove = useDeleteAllowlistEntry(domain.did);
  const [dialog, setDialog] = useState<{ open: boolean; entry: AllowlistEntry | null }>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<AllowlistEntry | null>(null);
  const editing = dialog.entry;

  // Spec 8: a delete answered 400, 402 or 404 has shown its message and reloaded the list; the question is over.
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (error) {
      if (!(error instanceof ApiError && [400, 402, 404].includes(error.status))) throw error;
    }
  };

  return (
    <Box component="section" aria-labelledby="allowlist-title">
      <Typography id="allowlist-title" variant="h6" component="h2">
        Recipient allow-list
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Bounces, complaints and unsubscribes never put these recipients of <strong>{domain.name}</strong> on a
        suppression list. An entry is an address, or a domain name for every address at it.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(340px, 1fr)' },
        }}
      >
        <DataTable
          label="Recipient allow-list"
          columns={COLUMNS}
          list={list}
          rowKey={(entry) => entry.id}
          searchLabel="Search recipient"
          emptyText="No recipients on the allow-list."
          toolbar={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, entry: null })}>
              Add
            </Button>
          }
          rowActions={(entry) => (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Tooltip title="Edit note">
                <IconButton aria-label={`Edit ${entry.recipient}`} onClick={() => setDialog({ open: true, entry })}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete ${entry.recipient}`} onClick={() => setDeleting(entry)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          )}
        />
        <AllowlistCheckCard did={domain.did} />
      </Box>
      <FormDialog
        open={dialog.open}
        title={editing ? `Edit ${editing.recipient}` : 'Add to the allow-list'}
        schema={allowlistWrite}
        defaultValues={{ recipient: editing?.recipient ?? '', note: editing?.note ?? '' }}
        submitLabel={editing ? 'Save' : 'Add'}
        onSubmit={(body) => save.mutateAsync({ id: editing?.id ?? null, body })}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {({ control }) => (
          <>
            <FormTextField
              control={control}
              name="recipient"
              label="Recipient"
              autoFocus={!editing}
              disabled={Boolean(editing)}
              helperText="An email address, or a domain name for every address at it"
            />
            <FormTextField control={control} name="note" label="Note" autoFocus={Boolean(editing)} />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete allow-list entry"
        message={deleting ? `Delete ${deleting.recipient} from the allow-list?` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
