import {
  type BlocklistState,
  blocklistLevel,
  type IpReputation,
  REPUTATION_DEFAULT_DAYS,
  type ReputationEntry,
  SENDER_SCORE_HIGH,
  SENDER_SCORE_MEDIUM,
} from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import type { CardColumn } from '../../components/ListCard.tsx';
import { DayChart } from './DayChart.tsx';
import { LevelChip } from './LevelChip.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ReadOnlyTable } from './ReadOnlyTable.tsx';
import { useIpReputation } from './reputation.api.ts';
import { daysBetween, describeTrust } from './reputation-format.ts';

interface DayRow {
  day: string;
  entries: ReputationEntry[];
  listed: string[];
}

const entry = <T extends ReputationEntry['type']>(row: DayRow, type: T) =>
  row.entries.find((e): e is Extract<ReputationEntry, { type: T }> => e.type === type);

const DAY_COLUMNS: CardColumn<DayRow>[] = [
  { id: 'day', label: 'Day', cellSx: { whiteSpace: 'nowrap' }, render: (row) => row.day },
  {
    id: 'score',
    label: 'Sender Score',
    render: (row) => {
      const score = entry(row, 'senderscore');
      return score ? `${score.score} (${score.reputation})` : '–';
    },
  },
  {
    id: 'snds',
    label: 'SNDS filter',
    render: (row) => {
      const snds = entry(row, 'snds');
      const level = snds?.filter === 'RED' ? 'critical' : snds?.filter === 'YELLOW' ? 'warn' : 'ok';
      return snds ? <LevelChip level={level} label={snds.filter} /> : '–';
    },
  },
  {
    id: 'recipients',
    label: 'SNDS recipients',
    hideBelow: 'sm',
    render: (row) => {
      const snds = entry(row, 'snds');
      return snds ? `${snds.msg_recipients.toLocaleString()} · complaints ${snds.complaint_rate || '–'}` : '–';
    },
  },
  { id: 'dnswl', label: 'DNSWL', hideBelow: 'md', render: (row) => describeTrust(entry(row, 'dnswl')) },
  { id: 'ami_white', label: 'Allow-list', hideBelow: 'md', render: (row) => describeTrust(entry(row, 'ami_white')) },
  {
    id: 'listed',
    label: 'Listed on',
    hideBelow: 'sm',
    render: (row) => (row.listed.length ? row.listed.join(', ') : 'None'),
  },
];

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
    render: (row) => <LevelChip level={blocklistLevel(row)} label={row.listed ? 'Listed' : 'Not listed'} />,
  },
  { id: 'codes', label: 'Answer', hideBelow: 'sm', render: (row) => row.codes.join(', ') || '–' },
  {
    id: 'since',
    label: 'Since',
    cellSx: { whiteSpace: 'nowrap' },
    render: (row) => (row.since ? formatDateTime(row.since) : '–'),
  },
];

function toDays(data: IpReputation): DayRow[] {
  const byDay = new Map<string, DayRow>();
  const at = (day: string) => {
    const row = byDay.get(day) ?? { day, entries: [], listed: [] };
    byDay.set(day, row);
    return row;
  };
  for (const e of data.reputations) at(e.day).entries.push(e);
  for (const b of data.blocklist_history) {
    const row = at(b.day);
    if (b.listed) row.listed.push(b.zone);
  }
  return [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** /ip-management/ip-reputations/:ip (superadmin): one IP's history with the Sender Score lines, SNDS and listings. */
export default function IpReputationScreen() {
  const ip = useParams().ip ?? '';
  const [period, setPeriod] = useState(REPUTATION_DEFAULT_DAYS);
  const query = useIpReputation(ip, period);
  const theme = useTheme();
  const data = query.data;
  const days = useMemo(() => (data ? daysBetween(data.from, data.to) : []), [data]);
  const scoreLine = useMemo(() => {
    const scores = new Map(
      (data?.reputations ?? []).flatMap((e) => (e.type === 'senderscore' ? [[e.day, e.score] as const] : [])),
    );
    return [
      {
        id: 'score',
        label: 'Sender Score',
        colour: theme.palette.info.main,
        data: days.map((d) => scores.get(d) ?? null),
      },
    ];
  }, [data, days, theme]);
  const marks = useMemo(
    () => [
      { value: SENDER_SCORE_HIGH, label: `High (${SENDER_SCORE_HIGH})`, colour: theme.palette.success.main },
      { value: SENDER_SCORE_MEDIUM, label: `Medium (${SENDER_SCORE_MEDIUM})`, colour: theme.palette.warning.main },
    ],
    [theme],
  );
  return (
    <Box component="section" aria-labelledby="ip-reputation-title">
      <Button component={RouterLink} to="/ip-management/ip-reputations" startIcon={<ArrowBackIcon />} size="small">
        All IPs
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mt: 1, mb: 2 }}
      >
        <Typography
          id="ip-reputation-title"
          variant="h6"
          component="h2"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {ip}
        </Typography>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching ? <LinearProgress aria-label="Loading the reputation history" /> : null}
      </Box>
      {query.isError ? <Alert severity="error">The reputation history could not be loaded.</Alert> : null}
      {data ? (
        <Stack spacing={3}>
          <DayChart title="Sender Score" days={days} lines={scoreLine} marks={marks} unit="" digits={0} />
          <ReadOnlyTable
            title="Blocklists"
            heading="h3"
            description="Each list's latest answer and since when it has given it."
            rows={data.blocklists}
            columns={LIST_COLUMNS}
            rowKey={(row) => row.zone}
            emptyText="No blocklist has been checked for this IP yet."
          />
          <ReadOnlyTable
            title="Daily history"
            heading="h3"
            description="Sender Score, Microsoft SNDS filter and recipients, DNSWL and allow-list trust, listings."
            rows={toDays(data)}
            columns={DAY_COLUMNS}
            rowKey={(row) => row.day}
            emptyText={`No reputation data for ${ip} in the last ${period} days.`}
          />
        </Stack>
      ) : null}
    </Box>
  );
}
