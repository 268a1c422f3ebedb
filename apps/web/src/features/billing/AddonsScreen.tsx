import { ADDON_KINDS, type Addon, type AddonKind, formatMinor } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import type { RowToggle } from '../../components/ListActions.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { enabledColumn } from '../../components/listColumns.tsx';
import { useAddonMutations, useAddons } from './billing.api.ts';
import { addonForm, addonFormValues } from './billing-forms.ts';

export const KIND_LABELS: Record<AddonKind, string> = {
  dedicated_ip: 'Dedicated IP',
  seed_tests: 'Seed tests',
  log_retention: 'Log retention',
  extra_messages: 'Extra emails',
  other: 'Other',
};
const KIND_OPTIONS = ADDON_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
const price = (a: Addon) => `${formatMinor(a.price, a.currency)} ${a.currency} per ${a.unit} a month`;

/** /billing/add-ons (superadmin): recurring extras a customer can have, each priced per unit a month. */
export default function AddonsScreen() {
  const list = useAddons();
  const { save, retire, remove } = useAddonMutations();
  const offered: RowToggle<Addon> = {
    checked: (a) => !a.retired,
    label: (a) => `Offered: ${a.name}`,
    pending: (a) => retire.isPending && retire.variables?.baid === a.baid,
    set: (a, on) => retire.mutate({ baid: a.baid, retired: !on }),
  };
  const columns: Column<Addon>[] = [
    {
      id: 'name',
      label: 'Add-on',
      render: (a) => (
        <Box sx={{ minWidth: 140 }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {a.name}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {KIND_LABELS[a.kind]}
            {a.kind === 'extra_messages' ? ` · ${a.messages_per_unit} emails a unit` : ''}
          </Typography>
        </Box>
      ),
    },
    { id: 'price', label: 'Price', render: price },
    { id: 'description', label: 'Description', hideBelow: 'lg', render: (a) => a.description || '—' },
    { ...enabledColumn(offered), label: 'Offered', sortKey: undefined },
  ];

  return (
    <ListScreen
      title="Add-ons"
      titleId="addons-title"
      intro="Recurring extras on top of a tier: a dedicated IP, seed-test credits, longer log retention, extra emails. Each is priced per unit a month; extra emails add to the customer's allowance. Switching one off retires it; one no customer has had can be deleted."
      columns={columns}
      list={list}
      rowKey={(a) => a.baid}
      rowName={(a) => a.name}
      searchLabel="Search add-ons"
      emptyText="No add-ons yet."
      addLabel="Add add-on"
      toggle={offered}
      form={{
        addTitle: 'Add an add-on',
        addSubmitLabel: 'Add',
        schema: addonForm,
        values: addonFormValues,
        submit: (body, row) => save.mutateAsync({ id: row?.baid ?? null, body }),
        fields: ({ control }) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="name" label="Name" autoFocus autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect control={control} name="kind" label="Kind" options={KIND_OPTIONS} />
            </Grid>
            <Grid size={12}>
              <FormTextField control={control} name="description" label="Description" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="unit"
                label="Unit"
                helperText="IP, 100 seed tests, 10,000 emails"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="messages_per_unit"
                label="Emails a unit adds"
                helperText="Extra emails only"
                inputMode="numeric"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="price" label="Price per unit a month" inputMode="decimal" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="currency" label="Currency" helperText="ISO 4217, e.g. EUR" />
            </Grid>
          </Grid>
        ),
      }}
      remove={{
        title: 'Delete add-on',
        message: (a) => `Delete ${a.name}? Only an add-on no customer has had can be deleted; retire the others.`,
        run: (a) => remove.mutateAsync(a.baid),
      }}
    />
  );
}
