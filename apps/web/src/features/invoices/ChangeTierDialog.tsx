import { tierLabel } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useChangeTier, useCurrentTiers } from './invoices.api.ts';

/**
 * Picks another tier (GET billing/tiers, limit 0). A priced tier goes to Stripe Checkout for the rest of this month
 * and applies once paid; a free one applies at once.
 */
export function ChangeTierDialog(props: { open: boolean; currentId: number | null; onClose: () => void }) {
  const tiers = useCurrentTiers(props.open);
  const change = useChangeTier();
  const choices = (tiers.data?.items ?? []).filter((t) => !t.retired && t.btid !== props.currentId);
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="change-tier-title">
      <DialogTitle id="change-tier-title">Change tier</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A new tier applies from today. You pay its price for the rest of this month now; this month's invoice counts
          it and deducts what you paid.
        </Typography>
        {tiers.isPending || change.isPending ? <LinearProgress aria-label="Loading the tiers" /> : null}
        {tiers.data && !choices.length ? <Typography>No other tier is offered.</Typography> : null}
        <List aria-label="Tiers">
          {choices.map((tier) => (
            <ListItemButton
              key={tier.btid}
              disabled={change.isPending}
              onClick={() => change.mutate(tier.btid, { onSuccess: ({ message }) => message && props.onClose() })}
            >
              <ListItemText
                primary={tier.name || tierLabel(tier)}
                secondary={`${tierLabel(tier)}${tier.hard_cap ? ' · hard cap' : ''}`}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
