import Chip from '@mui/material/Chip';

/** approve / reject / not decided, as a small coloured label. */
export function DecisionChip({ decision }: { decision: 'approve' | 'reject' | null }) {
  if (decision === 'approve') return <Chip size="small" color="success" variant="outlined" label="Approved" />;
  if (decision === 'reject') return <Chip size="small" color="error" variant="outlined" label="Rejected" />;
  return <Chip size="small" variant="outlined" label="Not decided" />;
}
