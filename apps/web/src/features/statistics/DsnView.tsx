import { BOUNCE_CATEGORIES } from '@mailwright/contract';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart.tsx';
import { TotalsBarChart } from '../../components/charts/TotalsBarChart.tsx';
import { GranularityChip } from './GranularityChip.tsx';
import { useStatsGraph } from './stats.api.ts';
import type { StatsViewProps } from './view-props.ts';

const CATEGORIES: ReadonlySet<string> = new Set(BOUNCE_CATEGORIES);

/** The DSN view: bounces by category over time (spec 9's default visible series) and each category's total. */
export function DsnView({ scope, base, expectedLevel }: StatsViewProps) {
  const graph = useStatsGraph(scope, { ...base, data: 'dsn' });
  const data = graph.data;
  const level = data && !graph.isPlaceholderData ? data.range.level : expectedLevel;
  const totals = useMemo(
    () =>
      (data?.series ?? [])
        .filter((s) => CATEGORIES.has(s.name))
        .map((s) => ({ category: s.name, value: s.data.reduce((sum, n) => sum + n, 0) }))
        .filter((entry) => entry.value > 0)
        .sort((a, b) => b.value - a.value),
    [data],
  );
  const loading = graph.isPending && scope !== null;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '2fr 1fr' }, alignItems: 'start' }}>
      <TimeSeriesChart
        title="Bounces by category"
        series={data?.series ?? []}
        categories={data?.categories ?? []}
        level={level}
        loading={loading}
        action={<GranularityChip level={level} />}
      />
      <TotalsBarChart title="Bounce categories" entries={totals} loading={loading} />
    </Box>
  );
}
