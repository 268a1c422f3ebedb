import { ACTIONS, eventLabel, type GlobalStats } from '@mailwright/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TimeFrame, timeFrameQuery, useTimeFrame } from '../../components/TimeFrame.tsx';
import { useGlobalStats } from './monitoring.api.ts';

type Row = { customer: string; cid: number; values: Record<string, number> };

/** The actions shown as columns: every action with traffic, and always the delivery outcomes. */
const ALWAYS_SHOWN = ['accepted', 'delivered', 'hardbounce', 'softbounce', 'rejected'];

function tabulate(stats: GlobalStats | undefined): { rows: Row[]; columns: string[] } {
  const rows = (stats?.global_stats ?? []).map((entry) => ({
    customer: entry.customer,
    cid: entry.cid,
    values: Object.fromEntries(entry.data.map((d) => [d.category, d.value])),
  }));
  const seen = new Set(rows.flatMap((row) => Object.keys(row.values)));
  const known: readonly string[] = ACTIONS;
  const columns = [
    ...ACTIONS.filter((a) => ALWAYS_SHOWN.includes(a) || seen.has(a)),
    ...[...seen].filter((c) => !known.includes(c)).sort(),
  ];
  return { rows, columns };
}

/** /monitoring/stats (superadmin): global statistics — every customer's totals per action over the time frame. */
export default function GlobalStatsScreen() {
  const [timeFrame, setTimeFrame] = useTimeFrame();
  const [bot, setBot] = useState(true);
  const stats = useGlobalStats({ ...timeFrameQuery(timeFrame), bot });
  const { rows, columns } = useMemo(() => tabulate(stats.data), [stats.data]);
  const [sort, setSort] = useState<{ by: string; desc: boolean }>({ by: 'accepted', desc: true });
  const sorted = useMemo(() => {
    const sign = sort.desc ? -1 : 1;
    return [...rows].sort((a, b) =>
      sort.by === 'customer'
        ? a.customer.localeCompare(b.customer) * sign
        : ((a.values[sort.by] ?? 0) - (b.values[sort.by] ?? 0)) * sign,
    );
  }, [rows, sort]);
  const totals = Object.fromEntries(columns.map((c) => [c, rows.reduce((sum, row) => sum + (row.values[c] ?? 0), 0)]));
  const sortBy = (by: string) =>
    setSort((current) => ({ by, desc: current.by === by ? !current.desc : by !== 'customer' }));
  const header = (id: string, label: string, align: 'left' | 'right') => (
    <TableCell key={id} align={align} sortDirection={sort.by === id ? (sort.desc ? 'desc' : 'asc') : false}>
      <TableSortLabel active={sort.by === id} direction={sort.desc ? 'desc' : 'asc'} onClick={() => sortBy(id)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Box component="section" aria-labelledby="global-stats-title">
      <Typography id="global-stats-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Global statistics
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TimeFrame value={timeFrame} onChange={setTimeFrame} />
          <FormControlLabel
            control={<Switch checked={bot} onChange={(event) => setBot(event.target.checked)} />}
            label="Include bots"
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {stats.isFetching ? <LinearProgress aria-label="Loading global statistics" /> : null}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Global statistics" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {header('customer', 'Customer', 'left')}
                {columns.map((c) => header(c, eventLabel(c), 'right'))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((row) => (
                <TableRow key={row.cid} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{row.customer}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c} align="right">
                      {(row.values[c] ?? 0).toLocaleString()}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {rows.length === 0 && !stats.isPending ? (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                    {stats.isError ? 'The statistics could not be loaded.' : 'No traffic in this time frame.'}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
            {rows.length > 1 ? (
              <TableBody>
                <TableRow sx={{ '& td': { fontWeight: 600, borderTop: 2, borderColor: 'divider' } }}>
                  <TableCell>All customers</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c} align="right">
                      {(totals[c] ?? 0).toLocaleString()}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            ) : null}
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
