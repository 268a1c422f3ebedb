import { BOUNCE_CATEGORIES } from '@mailwright/contract';
import Box from '@mui/material/Box';
import { TotalsBarChart } from '../../components/charts/TotalsBarChart.tsx';
import { useStatsAggregate } from './stats.api.ts';
import type { StatsViewProps } from './view-props.ts';

const CATEGORIES: ReadonlySet<string> = new Set(BOUNCE_CATEGORIES);

/** The aggregate view: totals over the whole time frame, per action and per bounce category. */
export function AggregateView({ scope, base }: StatsViewProps) {
  const events = useStatsAggregate(scope, { ...base, data: 'domain' });
  const dsn = useStatsAggregate(scope, { ...base, data: 'dsn' });
  const categories = (dsn.data ?? []).filter((e) => CATEGORIES.has(e.category) && e.value > 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <TotalsBarChart title="Event totals" entries={events.data ?? []} loading={events.isPending && scope !== null} />
      <TotalsBarChart
        title="Bounce category totals"
        entries={[...categories].sort((a, b) => b.value - a.value)}
        loading={dsn.isPending && scope !== null}
      />
    </Box>
  );
}
