import { type UriBlockEntry, uriBlockWrite } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type EnabledFilter, useUriBlocklist, useUriBlocklistMutations } from './uri-blocklist.api.ts';

const FILTERS: { value: EnabledFilter; label: string }[] = [
  { value: 'all', label: 'All entries' },
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

/** /uri-blocklist (superadmin): intake refuses messages that link to these hosts or names under them. */
export default function UriBlocklistScreen() {
  const [filter, setFilter] = useState<EnabledFilter>('all');
  const list = useUriBlocklist(filter);
  const { save, toggle, remove } = useUriBlocklistMutations();
  const [dialog, setDialog] = useState<{ open: boolean; entry: UriBlockEntry | null }>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<UriBlockEntry | null>(null);
  const editing = dialog.entry;

  const enabledSwitch = (entry: UriBlockEntry) => (
    <Switch
      size="small"
      checked={entry.enabled}
      disabled={toggle.isPending && toggle.variables?.ubid === entry.ubid}
      onChange={(event) => toggle.mutate({ ubid: entry.ubid, enabled: event.target.checked })}
      slotProps={{ input: { 'aria-label': `Enabled: ${entry.uri}` } }}
    />
  );

  const columns: Column<UriBlockEntry>[] = [
    {
      id: 'uri',
      label: 'Link host',
      sortKey: 'uri',
      render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 100, sm: 160 } }}>{entry.uri}</Box>,
    },
    { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
    {
      id: 'enabled',
      label: 'Enabled',
      sortKey: 'enabled',
      hideBelow: 'sm',
      render: (entry) => enabledSwitch(entry),
    },
    {
      id: 'updated',
      label: 'Changed',
      sortKey: 'updated_at',
      hideBelow: 'lg',
      render: (entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.updated_at)}</Box>,
    },
  ];

  return (
    <Box component="section" aria-labelledby="uri-blocklist-title">
      <Typography id="uri-blocklist-title" variant="h5" component="h1">
        URI blocklist
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: 900 }}>
        Intake refuses every message with a link to an enabled host here, or to a name under it (phishing, malware,
        abused shorteners), unless the sending account's URI allow-list names that host.
      </Typography>
      <DataTable
        label="URI blocklist"
        columns={columns}
        list={list}
        rowKey={(entry) => entry.ubid}
        searchLabel="Search host or note"
        emptyText="The URI blocklist is empty."
        toolbar={
          <>
            <TextField
              select
              size="small"
              label="Show"
              value={filter}
              onChange={(event) => setFilter(event.target.value as EnabledFilter)}
              // On phones the filter takes what the button leaves.
              sx={{ minWidth: { xs: 0, sm: 130 }, flex: { xs: 1, sm: '0 0 auto' } }}
            >
              {FILTERS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, entry: null })}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Add
            </Button>
          </>
        }
        rowActions={(entry) => (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
            {/* Phones: the switch stays in reach with the actions (its column is hidden there). */}
            <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>{enabledSwitch(entry)}</Box>
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit ${entry.uri}`} onClick={() => setDialog({ open: true, entry })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${entry.uri}`} onClick={() => setDeleting(entry)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      />
      <FormDialog
        open={dialog.open}
        title={editing ? `Edit ${editing.uri}` : 'Block a link host'}
        schema={uriBlockWrite}
        defaultValues={{ uri: editing?.uri ?? '', note: editing?.note ?? '', enabled: editing?.enabled ?? true }}
        onSubmit={(body) => save.mutateAsync({ ubid: editing?.ubid ?? null, body })}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {({ control }) => (
          <>
            <FormTextField
              control={control}
              name="uri"
              label="Link host or URL"
              autoFocus
              helperText="example.com also blocks every name under it; from a URL only its host is kept"
            />
            <FormTextField control={control} name="note" label="Note" />
            <FormSwitch control={control} name="enabled" label="Enabled" />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete blocked link host"
        message={deleting ? `Delete ${deleting.uri}? Messages may link to it again.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.ubid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
