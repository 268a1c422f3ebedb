import type { OperatorDomain } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { DomainStateChip, recordsSummary } from './DomainStateChip.tsx';
import { useAllDomainsList } from './domains.api.ts';

const COLUMNS: Column<OperatorDomain>[] = [
  {
    id: 'name',
    label: 'Domain',
    sortKey: 'name',
    render: (domain) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
          {domain.name}
        </Typography>
        {/* On a phone the state column is hidden: the state shows under the name instead. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
          <DomainStateChip state={domain.state} />
        </Box>
      </Stack>
    ),
  },
  { id: 'customer', label: 'Customer', render: (domain) => domain.customer },
  {
    id: 'state',
    label: 'State',
    sortKey: 'state',
    hideBelow: 'sm',
    render: (domain) => <DomainStateChip state={domain.state} />,
  },
  { id: 'records', label: 'DNS records', hideBelow: 'md', render: recordsSummary },
  { id: 'checked', label: 'Last checked', hideBelow: 'lg', render: (d) => formatDate(d.checked_at) },
  { id: 'created', label: 'Added', sortKey: 'created_at', hideBelow: 'sm', render: (d) => formatDate(d.created_at) },
];

/** /accounts/domains (operators): every customer's domains, 20 a page, searchable by domain or customer. */
export default function AllDomainsScreen() {
  const list = useAllDomainsList();
  return (
    <Box component="section" aria-label="All domains">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Domains
      </Typography>
      <DataTable
        label="All domains"
        columns={COLUMNS}
        list={list}
        rowKey={(domain) => domain.did}
        searchLabel="Search domain or customer"
        emptyText="No customer has added a domain yet."
      />
    </Box>
  );
}
