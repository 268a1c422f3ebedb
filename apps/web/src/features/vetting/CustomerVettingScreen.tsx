import { type CustomerVettingItem, customerDecisionRequest } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type FilterOption, FilterSelect } from '../../components/ListActions.tsx';
import { DecisionChip } from './DecisionChip.tsx';
import { VettingResponses } from './VettingResponses.tsx';
import { useCountryNames, useCustomerVettingList, useDecideCustomer, type VettingFilter } from './vetting.api.ts';

const FILTERS: FilterOption<VettingFilter>[] = [
  { value: 'open', label: 'To decide' },
  { value: 'approve', label: 'Approved' },
  { value: 'reject', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const DECISIONS = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
];

const COLUMNS: Column<CustomerVettingItem>[] = [
  {
    id: 'customer',
    label: 'Customer',
    render: (row) => (
      <Box sx={{ minWidth: 140 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {row.customer}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
          {row.email}
        </Typography>
        {/* Phones hide the Decision column: the decision shows under the name. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <DecisionChip decision={row.decision} />
        </Box>
      </Box>
    ),
  },
  {
    id: 'form',
    label: 'Form',
    hideBelow: 'sm',
    render: (row) => (row.finished ? `Sent ${formatDateTime(row.finished_at)}` : 'Not sent yet'),
  },
  { id: 'decision', label: 'Decision', hideBelow: 'sm', render: (row) => <DecisionChip decision={row.decision} /> },
  {
    id: 'decided',
    label: 'Decided by',
    hideBelow: 'md',
    render: (row) => (row.decided_by ? `${row.decided_by}, ${formatDateTime(row.decided_at)}` : '—'),
  },
];

/** /vetting-list/customers (superadmin): customers' vetting forms; approve or reject with a note. */
export default function CustomerVettingScreen() {
  const [filter, setFilter] = useState<VettingFilter>('open');
  const list = useCustomerVettingList(filter);
  const decide = useDecideCustomer();
  const [reviewing, setReviewing] = useState<CustomerVettingItem | null>(null);
  const countries = useCountryNames();

  return (
    <Box component="section" aria-labelledby="customer-vetting-title">
      <Typography id="customer-vetting-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Customer vetting
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Customers created as clients, by invitation or by signing up answer a vetting form. Until you approve one, it
        sends only through its sandbox domain or to its own users. The customer is told of every decision.
      </Typography>
      <DataTable
        label="Customer vetting"
        columns={COLUMNS}
        list={list}
        rowKey={(row) => row.cid}
        searchLabel="Search customer or e-mail"
        emptyText="No vetting forms here."
        toolbar={<FilterSelect label="Show" value={filter} options={FILTERS} onChange={setFilter} />}
        onRowClick={setReviewing}
        rowActions={(row) => (
          <Button size="small" onClick={() => setReviewing(row)} aria-label={`Review ${row.customer}`}>
            Review
          </Button>
        )}
      />
      <FormDialog
        open={reviewing !== null}
        title={`Vetting: ${reviewing?.customer ?? ''}`}
        schema={customerDecisionRequest}
        defaultValues={{ decision: reviewing?.decision ?? 'approve', note: reviewing?.note ?? '' }}
        submitLabel="Save decision"
        maxWidth="md"
        onSubmit={(body) => (reviewing ? decide.mutateAsync({ cid: reviewing.cid, body }) : Promise.resolve())}
        onClose={() => setReviewing(null)}
      >
        {({ control }) => (
          <Stack spacing={2}>
            {reviewing && !reviewing.finished ? (
              <Typography color="text.secondary">
                The customer has not sent the form yet; the answers are a draft.
              </Typography>
            ) : null}
            {reviewing ? <VettingResponses responses={reviewing.responses} countries={countries.data} /> : null}
            <Divider />
            <FormSelect control={control} name="decision" label="Decision" options={DECISIONS} />
            <FormTextField control={control} name="note" label="Note (sent to the customer)" multiline minRows={2} />
          </Stack>
        )}
      </FormDialog>
    </Box>
  );
}
