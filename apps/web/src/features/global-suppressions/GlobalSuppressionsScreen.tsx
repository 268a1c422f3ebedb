import {
  endpoints,
  PAGE_SIZES,
  SUPPRESSION_TYPES,
  type Suppression,
  type SuppressionType,
  suppressionCreate,
  suppressionType,
} from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const GLOBAL_KEY = ['global-suppressions'] as const;
type TypeFilter = SuppressionType | 'all';

/** The form picks the list too: POST suppressions/global/{type} takes it in the path. */
const globalCreate = suppressionCreate.extend({ type: suppressionType });
const TYPE_OPTIONS = SUPPRESSION_TYPES.map((type) => ({ value: type, label: type }));

const COLUMNS: Column<Suppression>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (row) => (
      <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 220 } }}>
        {row.recipient}
        {/* Phones hide the List column: the list shows under the address. */}
        <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12 }}>
          {row.type} list
        </Box>
      </Box>
    ),
  },
  {
    id: 'type',
    label: 'List',
    sortKey: 'type',
    hideBelow: 'sm',
    render: (row) => <Chip size="small" label={row.type} />,
  },
  { id: 'reason', label: 'Reason', hideBelow: 'md', render: (row) => row.reason || '—' },
  {
    id: 'created',
    label: 'Added',
    sortKey: 'created_at',
    hideBelow: 'sm',
    render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Box>,
  },
];

/** /mta/global-suppressions: recipients no customer may mail (operators: superadmin, subrole master or mta). */
export default function GlobalSuppressionsScreen() {
  const [filter, setFilter] = useState<TypeFilter>('all');
  const type = filter === 'all' ? undefined : filter;
  const list = usePagedList<Suppression>({
    queryKey: [...GLOBAL_KEY, filter],
    fetchPage: (query, signal) => api(endpoints.suppressions.globalList, { query: { ...query, type }, signal }),
    pageSize: PAGE_SIZES.suppressions,
    sort: 'created_at',
    order: 'desc',
  });
  const refetch = () => invalidateList(GLOBAL_KEY);
  const add = useMutation({
    mutationFn: ({ type: listType, ...body }: z.output<typeof globalCreate>) =>
      api(endpoints.suppressions.globalCreate, { params: { type: listType }, body }),
    onSuccess: (added) => {
      notify(`${added.recipient} added to the global ${added.type} list`);
      return refetch();
    },
  });
  const remove = useMutation({
    mutationFn: (sid: number) => api(endpoints.suppressions.globalRemove, { query: { sid } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Suppression | null>(null);

  return (
    <Box component="section" aria-labelledby="global-suppressions-title">
      <Typography id="global-suppressions-title" variant="h6" component="h2">
        Global suppressions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Recipients no customer's mail goes to, whatever their own lists say.
      </Typography>
      <DataTable
        label="Global suppressions"
        columns={COLUMNS}
        list={list}
        rowKey={(row) => row.sid}
        searchLabel="Search recipient"
        emptyText="No global suppressions."
        toolbar={
          <>
            <TextField
              select
              size="small"
              label="List"
              value={filter}
              onChange={(event) => setFilter(event.target.value as TypeFilter)}
              // On phones the filter takes what the button leaves.
              sx={{ minWidth: { xs: 0, sm: 130 }, flex: { xs: 1, sm: '0 0 auto' } }}
            >
              <MenuItem value="all">All lists</MenuItem>
              {SUPPRESSION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add
            </Button>
          </>
        }
        rowActions={(row) => (
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${row.recipient}`} onClick={() => setDeleting(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      <FormDialog
        open={adding}
        title="Add a global suppression"
        schema={globalCreate}
        defaultValues={{ recipient: '', reason: '', type: type ?? 'block' }}
        submitLabel="Add"
        onSubmit={(body) => add.mutateAsync(body)}
        onClose={() => setAdding(false)}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="recipient" label="Recipient" type="email" autoFocus />
            <FormSelect control={control} name="type" label="List" options={TYPE_OPTIONS} />
            <FormTextField control={control} name="reason" label="Reason" />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete global suppression"
        message={deleting ? `Delete ${deleting.recipient} from the global ${deleting.type} list?` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.sid) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
