import { type DomainVettingItem, domainVettingRequest } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type FilterOption, FilterSelect } from '../../components/ListActions.tsx';
import { DecisionChip } from './DecisionChip.tsx';
import { useDecideDomain, useDomainVettingList, useLocations, type VettingFilter } from './vetting.api.ts';

const FILTERS: FilterOption<VettingFilter>[] = [
  { value: 'open', label: 'Not reviewed' },
  { value: 'approve', label: 'Approved' },
  { value: 'reject', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const STATUSES = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
];
const CUSTOMER_STATE = { approved: 'Customer approved', pending: 'Customer in vetting', rejected: 'Customer rejected' };

const COLUMNS: Column<DomainVettingItem>[] = [
  {
    id: 'domain',
    label: 'Domain',
    render: (row) => (
      <Box sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.customer}
        </Typography>
        {/* Phones hide the Status column: the decision shows under the name. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <DecisionChip decision={row.status} />
        </Box>
      </Box>
    ),
  },
  {
    id: 'customer',
    label: 'Customer vetting',
    hideBelow: 'md',
    render: (row) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.customer_vetting === 'approved' ? 'default' : 'warning'}
        label={CUSTOMER_STATE[row.customer_vetting]}
      />
    ),
  },
  { id: 'status', label: 'Status', hideBelow: 'sm', render: (row) => <DecisionChip decision={row.status} /> },
  { id: 'location', label: 'Location', hideBelow: 'sm', render: (row) => row.location ?? '—' },
  {
    id: 'decided',
    label: 'Decided by',
    hideBelow: 'lg',
    render: (row) => (row.decided_by ? `${row.decided_by}, ${formatDateTime(row.decided_at)}` : '—'),
  },
];

/** /vetting-list/domains (superadmin): approve a sending domain with a data location, or reject it with a note. */
export default function DomainVettingScreen() {
  const [filter, setFilter] = useState<VettingFilter>('open');
  const list = useDomainVettingList(filter);
  const decide = useDecideDomain();
  const locations = useLocations();
  const [deciding, setDeciding] = useState<DomainVettingItem | null>(null);
  const locationOptions = (locations.data?.items ?? []).map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }));

  return (
    <Box component="section" aria-labelledby="domain-vetting-title">
      <Typography id="domain-vetting-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Domain vetting
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Approve a sending domain with the data location its mail is kept in, or reject it: a rejected domain cannot send
        at all. The customer is told of every decision.
      </Typography>
      <DataTable
        label="Domain vetting"
        columns={COLUMNS}
        list={list}
        rowKey={(row) => row.did}
        searchLabel="Search domain or customer"
        emptyText="No domains here."
        toolbar={<FilterSelect label="Show" value={filter} options={FILTERS} onChange={setFilter} />}
        onRowClick={setDeciding}
        rowActions={(row) => (
          <Button size="small" onClick={() => setDeciding(row)} aria-label={`Decide ${row.name}`}>
            Decide
          </Button>
        )}
      />
      <FormDialog
        open={deciding !== null}
        title={`Vetting: ${deciding?.name ?? ''}`}
        schema={domainVettingRequest}
        defaultValues={{
          status: deciding?.status ?? 'approve',
          note: deciding?.note ?? '',
          location: deciding?.location || deciding?.preferred_location || locationOptions[0]?.value || '',
        }}
        submitLabel="Save decision"
        onSubmit={(body) => (deciding ? decide.mutateAsync({ did: deciding.did, body }) : Promise.resolve())}
        onClose={() => setDeciding(null)}
      >
        {({ control, watch }) => (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {deciding?.customer} · {deciding ? CUSTOMER_STATE[deciding.customer_vetting] : ''}
              {deciding?.preferred_location ? ` · asked for ${deciding.preferred_location}` : ''}
            </Typography>
            <FormSelect control={control} name="status" label="Decision" options={STATUSES} />
            {watch('status') === 'approve' ? (
              <FormSelect control={control} name="location" label="Data location" options={locationOptions} />
            ) : null}
            <FormTextField control={control} name="note" label="Note (sent to the customer)" multiline minRows={2} />
          </Stack>
        )}
      </FormDialog>
    </Box>
  );
}
