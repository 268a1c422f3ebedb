import {
  type AlarmLevel,
  type BlocklistState,
  blocklistLevel,
  DOMAIN_RATE_ALARMS,
  type DomainReputation,
  REPUTATION_DEFAULT_DAYS,
} from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import type { CardColumn } from '../../components/ListCard.tsx';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { DayChart } from './DayChart.tsx';
import { LevelChip } from './LevelChip.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ReadOnlyTable } from './ReadOnlyTable.tsx';
import { useDomainReputation } from './reputation.api.ts';

const LIST_COLUMNS: CardColumn<BlocklistState>[] = [
  {
    id: 'zone',
    label: 'Blocklist',
    cellSx: { fontFamily: 'monospace', overflowWrap: 'anywhere' },
    render: (row) => row.zone,
  },
  {
    id: 'state',
    label: 'State',
    render: (row) =>
      row.error ? (
        <LevelChip level="unknown" label="Could not ask" />
      ) : (
        <LevelChip level={blocklistLevel(row)} label={row.listed ? 'Listed' : 'Not listed'} />
      ),
  },
  { id: 'answer', label: 'Answer', hideBelow: 'sm', render: (row) => row.error ?? (row.codes.join(', ') || '–') },
];

const AUTH_LEVEL: Record<string, AlarmLevel> = {
  valid: 'ok',
  unchecked: 'unknown',
  invalid: 'critical',
  missing: 'critical',
};

/** /domain/reputation: the working domain's blocklists, bounce and complaint rates, and authentication. */
export default function DomainReputationScreen() {
  return <WorkingDomainGate>{(domain) => <DomainReputationView did={domain.did} />}</WorkingDomainGate>;
}

function DomainReputationView({ did }: { did: number }) {
  const [period, setPeriod] = useState(REPUTATION_DEFAULT_DAYS);
  const query = useDomainReputation(did, period);
  const data = query.data;
  return (
    <Box component="section" aria-labelledby="domain-reputation-title">
      <Button component={RouterLink} to="/domain" startIcon={<ArrowBackIcon />} size="small">
        Domain
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mt: 1, mb: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
            Domain reputation
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="domain-reputation-title" variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
              {data?.name ?? '…'}
            </Typography>
            {data ? <LevelChip level={data.level} /> : null}
          </Stack>
        </Box>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching ? <LinearProgress aria-label="Loading the domain reputation" /> : null}
      </Box>
      {query.isError ? <Alert severity="error">The domain reputation could not be loaded.</Alert> : null}
      {data ? <DomainReputationDetails data={data} /> : null}
    </Box>
  );
}

function DomainReputationDetails({ data }: { data: DomainReputation }) {
  const theme = useTheme();
  const days = useMemo(() => data.rates.map((r) => r.day), [data]);
  const bounce = useMemo(
    () => [
      {
        id: 'bounce',
        label: 'Bounce rate',
        colour: theme.palette.info.main,
        data: data.rates.map((r) => (r.accepted ? r.bounce_rate : null)),
      },
    ],
    [data, theme],
  );
  const complaint = useMemo(
    () => [
      {
        id: 'complaint',
        label: 'Complaint rate',
        colour: theme.palette.info.main,
        data: data.rates.map((r) => (r.delivered ? r.complaint_rate : null)),
      },
    ],
    [data, theme],
  );
  const marksOf = (lines: { warn: number; critical: number }) => [
    { value: lines.warn, label: `Warning (${lines.warn}%)`, colour: theme.palette.warning.main },
    { value: lines.critical, label: `Critical (${lines.critical}%)`, colour: theme.palette.error.main },
  ];
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="auth-title" sx={{ p: 2 }}>
        <Typography id="auth-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Authentication
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          From the last DNS verification; Gmail, Yahoo and Microsoft require SPF and DKIM, and DMARC for bulk senders.
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {data.auth.map((a) => (
            <LevelChip
              key={a.kind}
              level={
                a.kind === 'dmarc' && a.state !== 'valid' && a.state !== 'unchecked'
                  ? 'warn'
                  : (AUTH_LEVEL[a.state] ?? 'unknown')
              }
              label={`${a.kind.toUpperCase()}: ${a.state}${a.checked_at ? ` (${formatDateTime(a.checked_at)})` : ''}`}
            />
          ))}
        </Stack>
      </Paper>
      <Box>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Bounce rate over the period {data.totals.bounce_rate}%
            </Typography>
            <LevelChip level={data.totals.bounce_level} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Complaint rate over the period {data.totals.complaint_rate}%
            </Typography>
            <LevelChip level={data.totals.complaint_level} />
          </Stack>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <DayChart
            title="Bounce rate (hard bounces of accepted)"
            days={days}
            lines={bounce}
            marks={marksOf(DOMAIN_RATE_ALARMS.bounce)}
            unit="%"
            digits={2}
          />
          <DayChart
            title="Complaint rate (complaints of delivered)"
            days={days}
            lines={complaint}
            marks={marksOf(DOMAIN_RATE_ALARMS.complaint)}
            unit="%"
            digits={3}
          />
        </Box>
      </Box>
      <ReadOnlyTable
        title="Domain blocklists"
        heading="h2"
        description="Asked now: a listing on Spamhaus DBL is critical."
        rows={data.blocklists}
        columns={LIST_COLUMNS}
        rowKey={(row) => row.zone}
        emptyText="No domain blocklist is configured."
      />
    </Stack>
  );
}
