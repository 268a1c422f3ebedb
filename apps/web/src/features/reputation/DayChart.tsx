import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useMemo } from 'react';
import { type CanvasLine, LineCanvas } from '../../components/charts/LineCanvas.tsx';

export interface DayLine {
  id: string;
  label: string;
  colour: string;
  /** One value per day of `days`; null where there is none. */
  data: (number | null)[];
}

interface DayChartProps {
  title: string;
  /** UTC days, YYYY-MM-DD. */
  days: readonly string[];
  lines: readonly DayLine[];
  /** Horizontal reference lines (e.g. Sender Score 80 and 70), drawn across every day. */
  marks: readonly { value: number; label: string; colour: string }[];
  unit: string;
  digits: number;
}

/** A line per signal over days, with its threshold lines, on the console's uPlot canvas. */
export function DayChart({ title, days, lines, marks, unit, digits }: DayChartProps) {
  const titleId = useId();
  const times = useMemo(() => days.map((day) => new Date(`${day}T00:00:00Z`)), [days]);
  const format = useCallback(
    (value: number | null) => (value === null ? '–' : `${value.toFixed(digits)}${unit}`),
    [digits, unit],
  );
  const canvasLines = useMemo<CanvasLine[]>(
    () => [
      ...lines.map((line) => ({ ...line, format })),
      ...marks.map((mark) => ({
        id: `mark-${mark.value}`,
        label: mark.label,
        colour: mark.colour,
        data: days.map(() => mark.value),
        format,
      })),
    ],
    [lines, marks, days, format],
  );
  const tickLabel = useCallback(
    (time: Date) => time.toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [],
  );
  const valueLabel = useCallback((value: number) => `${value}${unit}`, [unit]);
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, p: { xs: 1.5, md: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
        {canvasLines.map((line) => (
          <Stack key={line.id} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 3, bgcolor: line.colour, borderRadius: 1 }} />
            <Typography variant="caption" color="text.secondary">
              {line.label}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <LineCanvas
        times={times}
        lines={canvasLines}
        height={220}
        tickLabel={tickLabel}
        bucketLabel={tickLabel}
        valueLabel={valueLabel}
        ariaLabel={`${title}: ${lines.map((l) => l.label).join(', ')} per day`}
      />
    </Paper>
  );
}
