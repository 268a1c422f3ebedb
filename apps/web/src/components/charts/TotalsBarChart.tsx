import type { AggregateEntry } from '@mailwright/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatCount, seriesColour, seriesLabel } from './series.ts';

interface TotalsBarChartProps {
  title: string;
  /** Aggregate entries (category, value), drawn in the given order. */
  entries: readonly AggregateEntry[];
  loading?: boolean;
}

/**
 * Totals per category as horizontal bars, each in its category's fixed colour, with the number beside it. Plain
 * HTML rather than SVG: the names and numbers wrap and stay readable on a 360 px phone, and screen readers read
 * them as a list.
 */
export function TotalsBarChart({ title, entries, loading = false }: TotalsBarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...entries.map((e) => e.value));
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, p: { xs: 1.5, md: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {loading ? <LinearProgress aria-label={`Loading ${title}`} /> : null}
      {entries.length === 0 && !loading ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No data in this time frame.
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(84px, auto) 1fr auto', sm: 'minmax(120px, auto) 1fr auto' },
            columnGap: 1.5,
            rowGap: 1,
            alignItems: 'center',
          }}
        >
          {entries.map((entry, index) => (
            <Box component="li" key={entry.category} sx={{ display: 'contents' }}>
              <Typography variant="body2" sx={{ textAlign: 'right', lineHeight: 1.2 }}>
                {seriesLabel(entry.category)}
              </Typography>
              <Box sx={{ height: 18, bgcolor: 'action.hover', borderRadius: 0.5, overflow: 'hidden' }}>
                <Box
                  sx={{
                    height: '100%',
                    width: `${(entry.value / max) * 100}%`,
                    minWidth: entry.value > 0 ? 2 : 0,
                    bgcolor: seriesColour(entry.category, index),
                  }}
                />
              </Box>
              <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(entry.value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
