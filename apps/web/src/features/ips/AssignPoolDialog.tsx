import type { IpPool } from '@mailwright/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId, useState } from 'react';
import { useCustomerChoices, useDomainChoices } from './ips.api.ts';

export type AssignTarget = { kind: 'domain' | 'customer'; id: number };
interface Choice {
  id: number;
  label: string;
}

/**
 * Assign the pool to a domain or to a customer (all of its domains without a pool of their own): their mail is then
 * sent from the pool's addresses. A dedicated pool offers only its own customer and that customer's domains.
 */
export function AssignPoolDialog(props: {
  pool: IpPool | null;
  onAssign: (target: AssignTarget) => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const [kind, setKind] = useState<AssignTarget['kind']>('domain');
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [pending, setPending] = useState(false);
  const open = props.pool !== null;
  const owner = props.pool?.cid ?? null;
  const domains = useDomainChoices(open && kind === 'domain');
  const customers = useCustomerChoices(open && kind === 'customer');
  const options: Choice[] =
    kind === 'domain'
      ? (domains.data?.items ?? [])
          .filter((d) => owner === null || d.cid === owner)
          .map((d) => ({ id: d.did, label: `${d.name} (${d.customer})` }))
      : (customers.data?.items ?? [])
          .filter((c) => owner === null || c.cid === owner)
          .map((c) => ({ id: c.cid, label: c.customer }));
  const close = () => {
    setChosen(null);
    setKind('domain');
    props.onClose();
  };
  const assign = async () => {
    if (!chosen) return;
    setPending(true);
    try {
      await props.onAssign({ kind, id: chosen.id });
      close();
    } catch {
      // The snackbar shows why; the dialog stays open.
    } finally {
      setPending(false);
    }
  };
  const label = kind === 'domain' ? 'Domain' : 'Customer';
  return (
    <Dialog open={open} onClose={pending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Assign {props.pool?.title ?? ''}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Mail is sent from this pool's addresses. A domain's own pool wins over its customer's.
        </DialogContentText>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_event, value: AssignTarget['kind'] | null) => {
            if (!value) return;
            setKind(value);
            setChosen(null);
          }}
          aria-label="Assign to"
          sx={{ mb: 2 }}
        >
          <ToggleButton value="domain">A domain</ToggleButton>
          <ToggleButton value="customer">A customer</ToggleButton>
        </ToggleButtonGroup>
        <Autocomplete
          options={options}
          loading={kind === 'domain' ? domains.isFetching : customers.isFetching}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          getOptionLabel={(choice) => choice.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={label} autoFocus />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void assign()} disabled={!chosen || pending}>
          Assign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
