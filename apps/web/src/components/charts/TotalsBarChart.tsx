import type { AggregateEntry } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useId } from 'react';
import { formatCount, seriesColour, seriesLabel } from './series.ts';

interface TotalsBarChartProps {
  title: string;
  /** Aggregate entries (category, value), drawn in the given order. */
  entries: readonly AggregateEntry[];
  loading?: boolean;
}

const BAR_HEIGHT = 28;

/** Totals per category as horizontal bars, each in its category's fixed colour; reads well on a phone too. */
export function TotalsBarChart({ title, entries, loading = false }: TotalsBarChartProps) {
  const titleId = useId();
  const labels = entries.map((e) => seriesLabel(e.category));
  const height = Math.max(120, entries.length * BAR_HEIGHT + 40);
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, p: { xs: 1.5, md: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height }}>
        {entries.length === 0 && !loading ? (
          <Typography color="text.secondary" sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
            No data in this time frame.
          </Typography>
        ) : (
          <BarChart
            height={height}
            layout="horizontal"
            loading={loading}
            hideLegend
            skipAnimation
            series={[{ data: entries.map((e) => e.value), valueFormatter: formatCount, label: title }]}
            yAxis={[
              {
                scaleType: 'band',
                data: labels,
                width: 132,
                colorMap: {
                  type: 'ordinal',
                  values: labels,
                  colors: entries.map((e, index) => seriesColour(e.category, index)),
                },
              },
            ]}
            xAxis={[{ min: 0, tickMinStep: 1 }]}
            grid={{ vertical: true }}
            margin={{ left: 4, right: 16, top: 4, bottom: 4 }}
          />
        )}
      </Box>
    </Paper>
  );
}
