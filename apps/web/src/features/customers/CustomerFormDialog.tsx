import { type Customer, customerInput } from '@mailwright/contract';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { useCreateCustomer, useUpdateCustomer } from './customers.api.ts';

const EMPTY_COMPANY = { address: '', city: '', country: '', vat_id: '', website: '' };

/** Create a customer (customer null) or edit one: name, partner flag and company details. */
export function CustomerFormDialog({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  customer: Customer | null;
  onClose: () => void;
}) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  return (
    <FormDialog
      open={open}
      title={customer ? `Edit ${customer.customer}` : 'New customer'}
      submitLabel={customer ? 'Save' : 'Create'}
      schema={customerInput}
      defaultValues={{
        customer: customer?.customer ?? '',
        partner: customer?.partner ?? false,
        company: customer?.company ?? EMPTY_COMPANY,
      }}
      onSubmit={(body) => (customer ? update.mutateAsync({ cid: customer.cid, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="customer" label="Customer name" autoComplete="off" autoFocus />
          <FormSwitch
            control={control}
            name="partner"
            label="Partner"
            helperText="A partner has clients of its own and the partner overview."
          />
          <Typography variant="subtitle2" component="h3">
            Company details
          </Typography>
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField control={control} name="company.address" label="Address" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.city" label="City" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.country" label="Country" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.vat_id" label="VAT ID" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company.website" label="Website" />
            </Grid>
          </Grid>
        </>
      )}
    </FormDialog>
  );
}
