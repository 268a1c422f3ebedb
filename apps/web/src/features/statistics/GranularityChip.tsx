import type { StatsLevel } from '@mailwright/contract';
import Chip from '@mui/material/Chip';

/** The level the chart's buckets have (spec 9's fetch granularity: hourly, daily, weekly or monthly). */
export function GranularityChip({ level }: { level: StatsLevel }) {
  return <Chip size="small" variant="outlined" label={`Granularity: ${level}`} />;
}
