import { endpoints, type UriAllowEntry, type UriWrite, uriWrite } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { saveChecked } from '../../components/save.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const URIS_KEY = ['uri-allowlist'] as const;
const PAGE_SIZE = 50;

const COLUMNS: Column<UriAllowEntry>[] = [
  {
    id: 'uri',
    label: 'Link host',
    sortKey: 'uri',
    render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{entry.uri}</Box>,
  },
  { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
  {
    id: 'updated',
    label: 'Changed',
    hideBelow: 'sm',
    render: (entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.updated_at)}</Box>,
  },
];

/** /allowlists/uris (admin, superadmin): link hosts this account may send although the URI blocklist lists them. */
export default function UriAllowlistScreen() {
  const list = usePagedList<UriAllowEntry>({
    queryKey: URIS_KEY,
    fetchPage: (query, signal) => api(endpoints.uriAllowlist.list, { query, signal }),
    pageSize: PAGE_SIZE,
    sort: 'uri',
  });
  const refetch = () => invalidateList(URIS_KEY);
  const save = useMutation({
    mutationFn: ({ upid, body }: { upid: number | null; body: UriWrite }) =>
      upid === null
        ? api(endpoints.uriAllowlist.create, { body }).then((saved) => {
            notify(saved.message);
            return saved;
          })
        : saveChecked(
            upid,
            () => api(endpoints.uriAllowlist.update, { params: { id: upid }, body }),
            (saved) => saved.upid,
            (saved) => saved.message,
          ),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (upid: number) => api(endpoints.uriAllowlist.remove, { params: { id: upid } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  const [dialog, setDialog] = useState<{ open: boolean; entry: UriAllowEntry | null }>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<UriAllowEntry | null>(null);
  const editing = dialog.entry;

  return (
    <Box component="section" aria-labelledby="uri-allowlist-title">
      <Typography id="uri-allowlist-title" variant="h6" component="h2">
        URI allow-list
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Messages may link to these hosts (and the names under them) even when the operators' URI blocklist lists them.
      </Typography>
      <DataTable
        label="URI allow-list"
        columns={COLUMNS}
        list={list}
        rowKey={(entry) => entry.upid}
        searchLabel="Search host or note"
        emptyText="No link hosts on the allow-list."
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, entry: null })}>
            Add
          </Button>
        }
        rowActions={(entry) => (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
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
        title={editing ? `Edit ${editing.uri}` : 'Allow a link host'}
        schema={uriWrite}
        defaultValues={{ uri: editing?.uri ?? '', note: editing?.note ?? '' }}
        onSubmit={(body) => save.mutateAsync({ upid: editing?.upid ?? null, body })}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {({ control }) => (
          <>
            <FormTextField
              control={control}
              name="uri"
              label="Link host or URL"
              autoFocus
              helperText="example.com covers every name under it; from a URL only its host is kept"
            />
            <FormTextField control={control} name="note" label="Note" />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete allowed link host"
        message={deleting ? `Delete ${deleting.uri}? Links to it follow the URI blocklist again.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.upid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
