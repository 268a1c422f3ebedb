import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import type { TierForm } from './billing-forms.ts';

/** The tier dialog's fields: prices in major units of the currency (9.00 EUR), stored as minor units. */
export function TierFields({ control }: { control: Control<TierForm, unknown, unknown> }) {
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormTextField control={control} name="name" label="Name" autoFocus autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="msg_included" label="Emails included a month" inputMode="numeric" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="currency" label="Currency" helperText="ISO 4217, e.g. EUR" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="price" label="Price a month" inputMode="decimal" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField control={control} name="overage_per_1000" label="Overage per 1,000 emails" inputMode="decimal" />
      </Grid>
      <Grid size={12}>
        <FormSwitch
          control={control}
          name="hard_cap"
          label="Hard cap"
          helperText="Refuse mail beyond the allowance (a free tier) instead of billing overage."
        />
      </Grid>
    </Grid>
  );
}
