import { rateSeries } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart.tsx';
import { GranularityChip } from './GranularityChip.tsx';
import { useStatsGraph } from './stats.api.ts';
import type { StatsViewProps } from './view-props.ts';

const DELIVERY_RATES = ['delivered', 'hardbounce', 'softbounce', 'rejected'];
const ENGAGEMENT_RATES = ['opened', 'clicked', 'unsubscribed', 'complained'];

/** The delivery view: every action over time, and the rate charts (spec 9: complaint rate 3 decimals, others 2). */
export function DeliveryView({ scope, base, expectedLevel }: StatsViewProps) {
  const graph = useStatsGraph(scope, { ...base, data: 'domain' });
  const data = graph.data;
  const level = data && !graph.isPlaceholderData ? data.range.level : expectedLevel;
  const rates = useMemo(() => (data ? rateSeries(data) : []), [data]);
  const categories = data?.categories ?? [];
  const loading = graph.isPending && scope !== null;
  return (
    <Stack spacing={2}>
      <TimeSeriesChart
        title="Events"
        series={data?.series ?? []}
        categories={categories}
        level={level}
        loading={loading}
        action={<GranularityChip level={level} />}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <TimeSeriesChart
          title="Delivery rates"
          kind="rate"
          series={rates.filter((s) => DELIVERY_RATES.includes(s.name))}
          categories={categories}
          level={level}
          loading={loading}
          height={240}
        />
        <TimeSeriesChart
          title="Engagement rates"
          kind="rate"
          series={rates.filter((s) => ENGAGEMENT_RATES.includes(s.name))}
          categories={categories}
          level={level}
          loading={loading}
          height={240}
        />
      </Box>
    </Stack>
  );
}
