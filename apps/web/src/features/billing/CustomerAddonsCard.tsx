import { type CustomerAddon, type CustomerBilling, formatMinor } from '@mailwright/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { formatDate } from '../../components/format.ts';
import { useCatalogue, useCustomerBillingMutations } from './billing.api.ts';
import { customerAddonForm } from './billing-forms.ts';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const describe = (a: CustomerAddon) =>
  `${a.qty} × ${a.unit} · ${formatMinor(a.price * a.qty, a.currency)} ${a.currency} a month · from ${formatDate(a.start)}${
    a.end ? ` until ${formatDate(a.end)}` : ''
  }`;

/** The customer's add-ons: qty units of a catalogue add-on between a start and an optional end. */
export function CustomerAddonsCard({ billing }: { billing: CustomerBilling }) {
  const { addons } = useCatalogue();
  const { saveAddon, removeAddon } = useCustomerBillingMutations(billing.cid);
  const [dialog, setDialog] = useState<{ open: boolean; row: CustomerAddon | null }>({ open: false, row: null });
  const [removing, setRemoving] = useState<CustomerAddon | null>(null);
  const row = dialog.row;
  // The row's own add-on stays choosable when editing, even if it has been retired since.
  const choices = row && !addons.some((a) => a.baid === row.baid) ? [{ baid: row.baid, name: row.name }] : [];

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle2" component="h3" color="text.secondary">
            Add-ons
          </Typography>
          <Button size="small" variant="outlined" onClick={() => setDialog({ open: true, row: null })}>
            Add add-on
          </Button>
        </Stack>
        {billing.addons.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No add-ons.
          </Typography>
        ) : (
          <List dense aria-label="Add-ons of this customer">
            {billing.addons.map((a) => (
              <ListItem
                key={a.caid}
                disableGutters
                secondaryAction={
                  <>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${a.name}`} onClick={() => setDialog({ open: true, row: a })}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove">
                      <IconButton aria-label={`Remove ${a.name}`} onClick={() => setRemoving(a)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
                sx={{ pr: 10 }}
              >
                <ListItemText primary={a.name} secondary={describe(a)} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <FormDialog
        open={dialog.open}
        title={row ? `Edit ${row.name}` : 'Add an add-on'}
        submitLabel={row ? 'Save' : 'Add'}
        schema={customerAddonForm}
        defaultValues={{
          baid: row ? String(row.baid) : '',
          qty: row ? String(row.qty) : '1',
          start: row ? day(row.start) : new Date().toISOString().slice(0, 10),
          end: row ? day(row.end) : '',
        }}
        onSubmit={(body) => saveAddon.mutateAsync({ caid: row?.caid ?? null, body })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      >
        {({ control }) => (
          <>
            <FormSelect
              control={control}
              name="baid"
              label="Add-on"
              options={[...addons, ...choices].map((a) => ({ value: String(a.baid), label: a.name }))}
            />
            <FormTextField control={control} name="qty" label="Quantity" inputMode="numeric" />
            <FormTextField
              control={control}
              name="start"
              label="From"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="end"
              label="Until"
              type="date"
              helperText="Empty: until removed"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove add-on"
        message={
          removing ? `Remove ${removing.name} from ${billing.customer}? To stop it from a date, set its end.` : ''
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => (removing ? removeAddon.mutateAsync(removing.caid) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
