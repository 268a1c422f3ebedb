import type { Placement } from '@mailwright/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

const LOOK: Record<Placement, { label: string; color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  inbox: { label: 'Inbox', color: 'success', variant: 'filled' },
  spam: { label: 'Spam', color: 'warning', variant: 'filled' },
  missing: { label: 'Missing', color: 'error', variant: 'outlined' },
  pending: { label: 'Waiting', color: 'default', variant: 'outlined' },
  error: { label: 'Not readable', color: 'error', variant: 'outlined' },
};

/** Where a seed message landed, as a chip with a fixed colour per placement (words too, not colour alone). */
export function PlacementChip({ placement, count }: { placement: Placement; count?: number }) {
  const look = LOOK[placement];
  const label = count === undefined ? look.label : `${look.label} ${count}`;
  return <Chip size="small" color={look.color} variant={look.variant} label={label} />;
}
