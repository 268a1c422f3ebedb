import { SEEDTEST_MSG, type SeedPlacement, type SeedTestDetail } from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { useRerunSeedTest, useSeedTest } from './deliverability.api.ts';
import { PlacementChip } from './PlacementChip.tsx';

/** /analytics/deliverability/:id (spec 2): one seed test, placement per provider with the receiver's verdicts. */
export default function SeedTestScreen() {
  const { id } = useParams();
  const stid = Number(id);
  return (
    <WorkingDomainGate>
      {(domain) => (Number.isSafeInteger(stid) && stid > 0 ? <SeedTest domain={domain} stid={stid} /> : <Gone />)}
    </WorkingDomainGate>
  );
}

function Back() {
  return (
    <Button component={Link} to="/analytics/deliverability" startIcon={<ArrowBackIcon />}>
      All seed tests
    </Button>
  );
}

function Gone() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 600 }}>
      <Alert severity="warning">{SEEDTEST_MSG.notFound}</Alert>
      <Box>
        <Back />
      </Box>
    </Stack>
  );
}

function SeedTest({ domain, stid }: { domain: WorkingDomain; stid: number }) {
  const test = useSeedTest(domain.did, stid);
  const rerun = useRerunSeedTest(domain.did);
  const navigate = useNavigate();
  if (test.isError) return <Gone />;
  if (!test.data) return <LinearProgress aria-label="Loading the seed test" />;
  const t = test.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="seedtest-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Back />
        </Box>
        <Button
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={rerun.isPending}
          onClick={async () => {
            const started = await rerun.mutateAsync(t.id);
            await navigate(`/analytics/deliverability/${started.id}`);
          }}
        >
          Run again
        </Button>
      </Stack>
      <Summary test={t} />
      {t.placements.map((p) => (
        <PlacementCard key={p.id} placement={p} />
      ))}
    </Stack>
  );
}

function Summary({ test: t }: { test: SeedTestDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id="seedtest-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {t.subject || '(no subject)'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        From {t.from} · sent {formatDateTime(t.created_at)} by {t.created_by}
        {t.rerun_of ? ` · a re-run of test ${t.rerun_of}` : ''}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        <PlacementChip placement="inbox" count={t.counts.inbox} />
        <PlacementChip placement="spam" count={t.counts.spam} />
        <PlacementChip placement="missing" count={t.counts.missing} />
        {t.counts.pending ? <PlacementChip placement="pending" count={t.counts.pending} /> : null}
        {t.counts.error ? <PlacementChip placement="error" count={t.counts.error} /> : null}
      </Stack>
      {t.status === 'running' ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Reading the seed mailboxes until {formatDateTime(t.deadline_at)}; this page updates by itself.
        </Typography>
      ) : null}
    </Paper>
  );
}

function PlacementCard({ placement: p }: { placement: SeedPlacement }) {
  const where =
    p.placement === 'inbox' || p.placement === 'spam'
      ? `Found in ${p.folder} after ${p.found_after_seconds} s`
      : p.placement === 'missing'
        ? 'Not in the inbox nor the spam folder when the time was up'
        : p.placement === 'error'
          ? p.error
          : 'Not there yet';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={`${p.provider}: ${p.placement}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {p.provider}
        </Typography>
        <PlacementChip placement={p.placement} />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {p.address}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {where}
      </Typography>
      {p.authentication_results ? (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="h4">
            Authentication-Results
          </Typography>
          <Box component="pre" sx={preSx}>
            {p.authentication_results}
          </Box>
        </Box>
      ) : null}
      {p.headers ? (
        <Box component="details" sx={{ mt: 1 }}>
          <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2' }}>
            Headers as the mailbox holds them
          </Box>
          <Box component="pre" sx={preSx}>
            {p.headers}
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}

const preSx = {
  m: 0,
  mt: 0.5,
  p: 1,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 360,
  overflow: 'auto',
} as const;
