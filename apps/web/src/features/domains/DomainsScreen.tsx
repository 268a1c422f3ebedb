import { ADMINS, type Domain, hasAccess } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import { setWorkingDomain, useAppState } from '../../lib/store.ts';
import { AddDomainDialog } from './AddDomainDialog.tsx';
import { DomainStateChip, recordsSummary } from './DomainStateChip.tsx';
import { useDeleteDomain, useDomainList } from './domains.api.ts';

/** /domains: the acting customer's sending domains, 50 a page; opening one makes it the working domain. */
export default function DomainsScreen() {
  const list = useDomainList();
  const session = useAppState((s) => s.session);
  const working = useAppState((s) => s.workingDomain);
  const canManage = hasAccess(session, ADMINS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // "Add a domain" from the no-domains state or the top bar arrives as ?add=1.
  const adding = canManage && params.get('add') === '1';
  const setAdding = (open: boolean) => setParams(open ? { add: '1' } : {}, { replace: true });
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const remove = useDeleteDomain();

  const open = (domain: Pick<Domain, 'did' | 'name'>) => {
    setWorkingDomain({ did: domain.did, name: domain.name }, 'ready');
    navigate('/domain');
  };

  const columns: Column<Domain>[] = [
    {
      id: 'name',
      label: 'Domain',
      sortKey: 'name',
      render: (domain) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Link
            component="button"
            type="button"
            onClick={() => open(domain)}
            sx={{ fontWeight: 500, textAlign: 'left', wordBreak: 'break-all' }}
          >
            {domain.name}
          </Link>
          {domain.sandbox ? <Chip size="small" color="info" variant="outlined" label="Sandbox" /> : null}
          {/* On a phone the state column is hidden: the state shows under the name instead. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <DomainStateChip state={domain.state} />
          </Box>
        </Stack>
      ),
    },
    {
      id: 'state',
      label: 'State',
      sortKey: 'state',
      hideBelow: 'sm',
      render: (domain) => <DomainStateChip state={domain.state} />,
    },
    {
      id: 'records',
      label: 'DNS records',
      hideBelow: 'md',
      render: (domain) => (domain.sandbox ? 'None needed' : recordsSummary(domain)),
    },
    {
      id: 'working',
      label: 'Working domain',
      hideBelow: 'lg',
      render: (domain) => (domain.did === working?.did ? 'Yes' : ''),
    },
    { id: 'created', label: 'Added', sortKey: 'created_at', hideBelow: 'sm', render: (d) => formatDate(d.created_at) },
  ];

  return (
    <Box component="section" aria-labelledby="domains-title">
      <Typography id="domains-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Domains
      </Typography>
      <DataTable
        label="Domains"
        columns={columns}
        list={list}
        rowKey={(domain) => domain.did}
        searchLabel="Search domains"
        emptyText={canManage ? 'No domains yet: add the domain you send from.' : 'No domains yet.'}
        toolbar={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add domain
            </Button>
          ) : null
        }
        rowActions={
          canManage
            ? (domain) =>
                // The sandbox domain belongs to the customer for good: it cannot be deleted.
                domain.sandbox ? null : (
                  <Tooltip title={`Delete ${domain.name}`}>
                    <IconButton size="small" aria-label={`Delete ${domain.name}`} onClick={() => setDeleting(domain)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
            : undefined
        }
      />
      <AddDomainDialog
        open={adding}
        // A new domain opens at once: its DNS records are what the customer needs next.
        onAdded={(domain) => setWorkingDomain({ did: domain.did, name: domain.name }, 'ready')}
        onClose={(added) => (added ? navigate('/domain') : setAdding(false))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete domain"
        message={`Delete ${deleting?.name ?? ''}? Its SMTP users and sending keys stop working at once.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
