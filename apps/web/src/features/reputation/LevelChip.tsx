import type { AlarmLevel } from '@mailwright/contract';
import Chip from '@mui/material/Chip';

const LOOK: Record<AlarmLevel, { label: string; color: 'error' | 'warning' | 'default' | 'success' }> = {
  critical: { label: 'Critical', color: 'error' },
  warn: { label: 'Warning', color: 'warning' },
  unknown: { label: 'Not checked', color: 'default' },
  ok: { label: 'Good', color: 'success' },
};

/** An overall level as a chip: the word carries the meaning, the colour repeats it. */
export function LevelChip({ level, label }: { level: AlarmLevel; label?: string }) {
  const look = LOOK[level];
  return <Chip size="small" color={look.color} variant="outlined" label={label ?? look.label} />;
}
