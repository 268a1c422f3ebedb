import { hasAccess, type SeedTest, SUPERADMIN } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { useAppState, type WorkingDomain } from '../../lib/store.ts';
import { useRerunSeedTest, useSeedTests } from './deliverability.api.ts';
import { NewSeedTestDialog } from './NewSeedTestDialog.tsx';
import { PlacementChip } from './PlacementChip.tsx';
import { SeedListSection } from './SeedListSection.tsx';

const COLUMNS: Column<SeedTest>[] = [
  {
    id: 'created',
    label: 'Sent',
    render: (t) => (
      <>
        <MuiLink component={Link} to={`/analytics/deliverability/${t.id}`} sx={{ fontWeight: 500 }}>
          {formatDateTime(t.created_at)}
        </MuiLink>
        {/* On phones the subject sits under the date (its column is hidden there). */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere', mt: 0.5 }}>{t.subject}</Box>
      </>
    ),
  },
  {
    id: 'subject',
    label: 'Subject',
    hideBelow: 'sm',
    render: (t) => <Box sx={{ overflowWrap: 'anywhere' }}>{t.subject || '—'}</Box>,
  },
  {
    id: 'placement',
    label: 'Placement',
    render: (t) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <PlacementChip placement="inbox" count={t.counts.inbox} />
        <PlacementChip placement="spam" count={t.counts.spam} />
        <PlacementChip placement="missing" count={t.counts.missing} />
        {t.counts.error ? <PlacementChip placement="error" count={t.counts.error} /> : null}
      </Stack>
    ),
  },
  {
    id: 'status',
    label: 'Status',
    hideBelow: 'sm',
    render: (t) =>
      t.status === 'running' ? (
        <Chip size="small" color="info" variant="outlined" label={`Running · ${t.counts.pending} to read`} />
      ) : (
        <Chip size="small" variant="outlined" label="Finished" />
      ),
  },
];

/** /analytics/deliverability (spec 2): the working domain's seed tests; operators also keep the seed list here. */
export default function DeliverabilityScreen() {
  const session = useAppState((s) => s.session);
  return (
    <Stack spacing={4}>
      <WorkingDomainGate>{(domain) => <SeedTests domain={domain} />}</WorkingDomainGate>
      {hasAccess(session, SUPERADMIN) ? <SeedListSection /> : null}
    </Stack>
  );
}

function SeedTests({ domain }: { domain: WorkingDomain }) {
  const list = useSeedTests(domain.did);
  const rerun = useRerunSeedTest(domain.did);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-labelledby="seedtests-title">
      <Typography id="seedtests-title" variant="h6" component="h2">
        Seed tests
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        Send a message from <strong>{domain.name}</strong> to the seed list (mailboxes at the big providers) through the
        normal pipeline, then see where it landed in each: inbox, spam or missing, with what the receiver wrote in
        Authentication-Results.
      </Typography>
      <DataTable
        label="Seed tests"
        columns={COLUMNS}
        list={list}
        rowKey={(t) => t.id}
        emptyText="No seed tests yet."
        onRowClick={(t) => navigate(`/analytics/deliverability/${t.id}`)}
        toolbar={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', width: '100%' }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
              New seed test
            </Button>
          </Box>
        }
        rowActions={(t) => (
          <Tooltip title="Run again">
            <span>
              <IconButton
                aria-label={`Run the test of ${formatDateTime(t.created_at)} again`}
                disabled={rerun.isPending}
                onClick={async () => {
                  const started = await rerun.mutateAsync(t.id);
                  await navigate(`/analytics/deliverability/${started.id}`);
                }}
              >
                <ReplayIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      />
      <NewSeedTestDialog domain={domain} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
