import type { StatsLevel, StatsSeries } from '@mailwright/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { type CanvasLine, LineCanvas } from './LineCanvas.tsx';
import { SeriesLegend } from './SeriesLegend.tsx';
import { formatBucket, formatCount, formatRate, seriesColour, seriesLabel } from './series.ts';
import { useSeriesVisibility } from './useSeriesVisibility.ts';

export interface TimeSeriesChartProps {
  title: string;
  /** One line per series; the data line up with `categories`. */
  series: readonly StatsSeries[];
  /** The start of each bucket (ISO, UTC), as the statistics API answers them. */
  categories: readonly string[];
  level: StatsLevel;
  /** Counts, or rates in percent (each rate series with its spec 9 decimals). */
  kind?: 'count' | 'rate';
  loading?: boolean;
  /** Beside the title (e.g. the granularity). */
  action?: ReactNode;
  height?: number;
}

const TICK_FORMAT: Record<StatsLevel, Intl.DateTimeFormatOptions> = {
  hourly: { day: 'numeric', month: 'short', hour: '2-digit' },
  daily: { day: 'numeric', month: 'short' },
  weekly: { day: 'numeric', month: 'short' },
  monthly: { month: 'short', year: '2-digit' },
};

/**
 * A line chart of statistics over time, with a legend of toggles (spec 9's default visible series) and each event
 * category in its fixed colour. The chart takes the width of its container.
 */
export function TimeSeriesChart({
  title,
  series,
  categories,
  level,
  kind = 'count',
  loading = false,
  action,
  height = 300,
}: TimeSeriesChartProps) {
  const titleId = useId();
  const names = useMemo(() => series.map((s) => s.name), [series]);
  const { visible, toggle } = useSeriesVisibility(names);
  const times = useMemo(() => categories.map((iso) => new Date(iso)), [categories]);
  const lines = useMemo<CanvasLine[]>(
    () =>
      series
        .map((s, index) => ({ s, index }))
        .filter(({ s }) => visible.has(s.name))
        .map(({ s, index }) => ({
          id: s.name,
          label: seriesLabel(s.name),
          data: s.data,
          colour: seriesColour(s.name, index),
          format: (value: number | null) => (kind === 'rate' ? formatRate(value, s.name) : formatCount(value)),
        })),
    [series, visible, kind],
  );
  const tickLabel = useCallback((time: Date) => time.toLocaleString(undefined, TICK_FORMAT[level]), [level]);
  const bucketLabel = useCallback((time: Date) => formatBucket(time, level), [level]);
  const valueLabel = useCallback((value: number) => (kind === 'rate' ? `${value}%` : value.toLocaleString()), [kind]);

  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, p: { xs: 1.5, md: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      <SeriesLegend label={`${title} series`} names={names} visible={visible} onToggle={toggle} />
      <Box sx={{ position: 'relative', minHeight: height, mt: 1 }}>
        {loading ? <LinearProgress aria-label={`Loading ${title}`} sx={{ mb: 1 }} /> : null}
        {lines.length === 0 && !loading ? (
          <Typography
            color="text.secondary"
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
          >
            {series.length === 0 ? 'No data in this time frame.' : 'Every series is hidden: pick one in the legend.'}
          </Typography>
        ) : lines.length > 0 ? (
          <LineCanvas
            times={times}
            lines={lines}
            height={height}
            tickLabel={tickLabel}
            bucketLabel={bucketLabel}
            valueLabel={valueLabel}
            ariaLabel={`${title}: ${lines.map((line) => line.label).join(', ')} over time`}
          />
        ) : null}
      </Box>
    </Paper>
  );
}
