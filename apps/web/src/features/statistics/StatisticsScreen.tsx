import { hasAccess, statsEndpoints, statsRange } from '@mailwright/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TimeFrame, timeFrameQuery, useTimeFrame } from '../../components/TimeFrame.tsx';
import { useIsSmall } from '../../lib/media.ts';
import { useAppState } from '../../lib/store.ts';
import { AggregateView } from './AggregateView.tsx';
import { DeliveryView } from './DeliveryView.tsx';
import { DsnView } from './DsnView.tsx';
import type { StatsScope } from './stats.api.ts';
import { TagView } from './TagView.tsx';
import type { StatsViewProps } from './view-props.ts';

const VIEWS = {
  delivery: { label: 'Delivery', View: DeliveryView },
  dsn: { label: 'DSN', View: DsnView },
  tags: { label: 'Tags', View: TagView },
  aggregate: { label: 'Aggregate', View: AggregateView },
} as const;
type ViewName = keyof typeof VIEWS;
const VIEW_NAMES = Object.keys(VIEWS) as ViewName[];

function isView(value: string | null): value is ViewName {
  return value !== null && value in VIEWS;
}

/**
 * /analytics/statistics: the working domain's statistics (or, for admins and partners, the whole customer's) in four
 * views. The view and the scope sit in the address, so a link opens the same picture.
 */
export default function StatisticsScreen() {
  const session = useAppState((s) => s.session);
  const working = useAppState((s) => s.workingDomain);
  const domainsState = useAppState((s) => s.domainsState);
  const [params, setParams] = useSearchParams();
  const view: ViewName = isView(params.get('view')) ? (params.get('view') as ViewName) : 'delivery';
  const mayReadCustomer = hasAccess(session, statsEndpoints.customer.access);
  // Partners have no working domain (their domains are not loaded, spec 6): they see the whole customer.
  const partner = session?.role === 'partner';
  const allDomains = partner || (mayReadCustomer && params.get('scope') === 'all');
  const [timeFrame, setTimeFrame] = useTimeFrame();
  // Spec 9: bots are included by default.
  const [bot, setBot] = useState(true);
  const fetching = useIsFetching({ queryKey: ['stats'] }) > 0;
  // Phones get the view as a select: four toggle buttons do not fit beside the mini sidebar.
  const small = useIsSmall();

  const scope: StatsScope | null = allDomains
    ? { kind: 'customer' }
    : working
      ? { kind: 'domain', did: working.did }
      : null;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const chooseView = (next: ViewName) => setParam('view', next === 'delivery' ? null : next);
  const props: StatsViewProps = {
    scope,
    base: { ...timeFrameQuery(timeFrame), bot },
    expectedLevel: statsRange(timeFrame.from, timeFrame.to).level,
  };
  const { View } = VIEWS[view];

  return (
    <Box component="section" aria-labelledby="statistics-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="statistics-title" variant="h6" component="h2">
          Statistics
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {allDomains ? 'All domains' : (working?.name ?? '')}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {small ? (
              <TextField
                select
                size="small"
                label="View"
                value={view}
                onChange={(event) => chooseView(event.target.value as ViewName)}
              >
                {VIEW_NAMES.map((name) => (
                  <MenuItem key={name} value={name}>
                    {VIEWS[name].label}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={view}
                onChange={(_event, next: ViewName | null) => next && chooseView(next)}
                aria-label="Statistics view"
              >
                {VIEW_NAMES.map((name) => (
                  <ToggleButton key={name} value={name} sx={{ px: 2 }}>
                    {VIEWS[name].label}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
            {mayReadCustomer && !partner ? (
              <TextField
                select
                size="small"
                label="Scope"
                value={allDomains ? 'all' : 'domain'}
                onChange={(event) => setParam('scope', event.target.value === 'all' ? 'all' : null)}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="domain">Working domain</MenuItem>
                <MenuItem value="all">All domains</MenuItem>
              </TextField>
            ) : null}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TimeFrame value={timeFrame} onChange={setTimeFrame} />
            <FormControlLabel
              control={<Switch checked={bot} onChange={(event) => setBot(event.target.checked)} />}
              label="Include bots"
              sx={{ ml: { sm: 0 } }}
            />
          </Stack>
        </Stack>
      </Paper>
      <Box sx={{ height: 4, mb: 1 }}>{fetching ? <LinearProgress aria-label="Loading statistics" /> : null}</Box>
      {scope !== null ? (
        <View {...props} />
      ) : domainsState === 'none' ? (
        <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary' }}>
          <Typography>No domains yet: statistics appear once a domain sends mail.</Typography>
        </Paper>
      ) : (
        <LinearProgress aria-label="Loading the working domain" />
      )}
    </Box>
  );
}
