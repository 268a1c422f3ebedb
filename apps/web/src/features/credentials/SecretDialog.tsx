import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { SecretReveal } from '../../components/SecretReveal.tsx';

export interface ShownSecret {
  title: string;
  /** What it is, e.g. "SMTP password" or "Sending key". */
  label: string;
  secret: string;
  /** What else the person needs with it (the SMTP login, the key's note). */
  details?: ReactNode;
  /** Why it shows only now (SecretReveal's default lower-cases the label, which would spell "smtp"). */
  warning?: string;
}

/** Shows a secret the server answered once; closing the dialog drops it (the caller sets its state to null). */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={shown !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{shown?.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {typeof shown?.details === 'string' ? <Typography>{shown.details}</Typography> : shown?.details}
          {shown ? <SecretReveal secret={shown.secret} label={shown.label} warning={shown.warning} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
