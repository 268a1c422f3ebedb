import type { CustomerBilling } from '@mailwright/contract';
import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormSelect, FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import type { ItemForm } from './billing-forms.ts';

const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/** The billing item dialog's fields (spec 3: description, domain, price, qty, active, recurring, start, end). */
export function ItemFields({
  control,
  domains,
}: {
  control: Control<ItemForm, unknown, unknown>;
  domains: CustomerBilling['domains'];
}) {
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormTextField control={control} name="description" label="Description" autoFocus autoComplete="off" />
      </Grid>
      <Grid size={12}>
        <FormSelect
          control={control}
          name="did"
          label="Domain"
          emptyAsNull
          options={[
            { value: '', label: 'The whole account' },
            ...domains.map((d) => ({ value: String(d.did), label: d.name })),
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormTextField control={control} name="price" label="Price per unit" inputMode="decimal" />
      </Grid>
      <Grid size={{ xs: 6, sm: 3 }}>
        <FormTextField control={control} name="currency" label="Currency" />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <FormTextField control={control} name="qty" label="Quantity" inputMode="numeric" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="start" label="Start" {...dateProps} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="end" label="End" helperText="Empty: no end" {...dateProps} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSwitch control={control} name="recurring" label="Recurring" helperText="Billed every month it is active" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSwitch control={control} name="active" label="Active" />
      </Grid>
    </Grid>
  );
}
