import type { CustomerQueue, DeferredAction } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useDeferredAction } from './queues.api.ts';

/**
 * Bulk retry or drop of deferred messages by filter (destination, customer, reply text): the dialog names what will
 * happen and is the confirmation; a drop is final (each recipient gets a hard bounce).
 */
export function DeferredBulkDialog(props: { open: boolean; customers: CustomerQueue[]; onClose: () => void }) {
  const [action, setAction] = useState<DeferredAction['action']>('retry');
  const [destination, setDestination] = useState('');
  const [customer, setCustomer] = useState('');
  const [reply, setReply] = useState('');
  const run = useDeferredAction();
  const filter: DeferredAction = {
    action,
    ...(destination.trim() ? { destination: destination.trim() } : {}),
    ...(customer ? { customer_id: Number(customer) } : {}),
    ...(reply.trim() ? { reply: reply.trim() } : {}),
  };
  const chosen = Object.keys(filter).length > 1;
  const submit = async () => {
    await run.mutateAsync(filter);
    props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="deferred-bulk-title" fullWidth maxWidth="sm">
      <DialogTitle id="deferred-bulk-title">Deferred messages</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {action === 'retry'
            ? 'Retry now every deferred message that matches all the filters given.'
            : 'Drop every deferred message that matches all the filters given: each recipient gets a hard bounce and it is not tried again.'}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            label="Action"
            value={action}
            onChange={(e) => setAction(e.target.value as DeferredAction['action'])}
          >
            <MenuItem value="retry">Retry now</MenuItem>
            <MenuItem value="drop">Drop</MenuItem>
          </TextField>
          <TextField
            label="Destination"
            placeholder="example.com"
            value={destination}
            onChange={(e) => setDestination(e.target.value)}
          />
          <TextField select label="Customer" value={customer} onChange={(e) => setCustomer(e.target.value)}>
            <MenuItem value="">Any customer</MenuItem>
            {props.customers.map((c) => (
              <MenuItem key={c.customer_id} value={String(c.customer_id)}>
                {c.customer}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reply text"
            helperText="Part of the reply that deferred them, any case"
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={action === 'drop' ? 'error' : 'primary'}
          disabled={!chosen || run.isPending}
          onClick={() => void submit().catch(() => undefined)}
        >
          {action === 'drop' ? 'Drop messages' : 'Retry messages'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
