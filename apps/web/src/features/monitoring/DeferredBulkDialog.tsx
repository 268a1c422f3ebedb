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
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDeferredAction, useDeferredPreview } from './queues.api.ts';

const WHAT: Record<DeferredAction['action'], string> = {
  retry: 'Retry now every deferred message that matches all the filters given.',
  release:
    'Release every paused message that matches all the filters given: it is sent now although its destination or customer stays paused.',
  drop: 'Drop every deferred or paused message that matches all the filters given: each recipient gets a hard bounce and it is not tried again.',
};
const LABEL: Record<DeferredAction['action'], string> = {
  retry: 'Retry messages',
  release: 'Release messages',
  drop: 'Drop messages',
};

/** The filter as typed, settled: the preview asks once the operator stops typing. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value (a new object each render)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * Bulk retry, release or drop by filter (destination, customer, reply text): the dialog names what will happen and
 * how many messages it takes now (a preview count), and is the confirmation; a drop is final.
 */
export function DeferredBulkDialog(props: { open: boolean; customers: CustomerQueue[]; onClose: () => void }) {
  const [action, setAction] = useState<DeferredAction['action']>('retry');
  const [destination, setDestination] = useState('');
  const [customer, setCustomer] = useState('');
  const [reply, setReply] = useState('');
  const run = useDeferredAction();
  const filter: DeferredAction = {
    action,
    ...(destination.trim() ? { destination: destination.trim().toLowerCase() } : {}),
    ...(customer ? { customer_id: Number(customer) } : {}),
    ...(reply.trim() ? { reply: reply.trim() } : {}),
  };
  const chosen = Object.keys(filter).length > 1;
  const settled = useSettled(filter);
  const sameAsTyped = JSON.stringify(settled) === JSON.stringify(filter);
  const preview = useDeferredPreview(settled, props.open && Object.keys(settled).length > 1);
  const count = sameAsTyped && preview.data ? preview.data.count : null;
  const submit = async () => {
    await run.mutateAsync(filter);
    props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="deferred-bulk-title" fullWidth maxWidth="sm">
      <DialogTitle id="deferred-bulk-title">Deferred and paused messages</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{WHAT[action]}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            label="Action"
            value={action}
            onChange={(e) => setAction(e.target.value as DeferredAction['action'])}
          >
            <MenuItem value="retry">Retry now</MenuItem>
            <MenuItem value="release">Release</MenuItem>
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
            helperText="Part of the reply that deferred them, any case (plain text, not a pattern)"
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </Stack>
        <Typography role="status" variant="body2" sx={{ mt: 2, minHeight: '1.5em' }}>
          {!chosen
            ? 'Choose a destination, a customer or a reply text.'
            : count === null
              ? preview.isError
                ? 'The matching messages could not be counted.'
                : 'Counting the matching messages…'
              : preview.data?.message}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={action === 'drop' ? 'error' : 'primary'}
          disabled={!chosen || count === 0 || run.isPending}
          onClick={() => void submit().catch(() => undefined)}
        >
          {count ? `${LABEL[action]} (${count})` : LABEL[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
