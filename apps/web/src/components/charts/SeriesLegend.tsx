import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { seriesColour, seriesLabel } from './series.ts';

interface SeriesLegendProps {
  /** Names the legend for screen readers and tests ("Delivery series"). */
  label: string;
  /** Every series the chart could show, in display order (the order also fixes a tag's colour). */
  names: readonly string[];
  visible: ReadonlySet<string>;
  onToggle: (name: string) => void;
}

/**
 * The chart's legend, one toggle per series: a pressed chip is drawn, a released one is hidden. Spec 9's default
 * visible series start pressed; the colour dot is the series' fixed colour.
 */
export function SeriesLegend({ label, names, visible, onToggle }: SeriesLegendProps) {
  return (
    <Stack
      direction="row"
      useFlexGap
      role="group"
      aria-label={label}
      sx={{ flexWrap: 'wrap', gap: 0.75, maxHeight: { xs: 168, md: 'none' }, overflowY: 'auto' }}
    >
      {names.map((name, index) => {
        const on = visible.has(name);
        return (
          <Chip
            key={name}
            size="small"
            label={seriesLabel(name)}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onToggle(name)}
            icon={
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: on ? seriesColour(name, index) : 'transparent',
                  border: 2,
                  borderColor: seriesColour(name, index),
                  flexShrink: 0,
                }}
              />
            }
            sx={{ opacity: on ? 1 : 0.7, '& .MuiChip-icon': { ml: 1 } }}
          />
        );
      })}
    </Stack>
  );
}
