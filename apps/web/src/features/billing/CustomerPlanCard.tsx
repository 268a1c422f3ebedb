import { type CustomerBilling, tierLabel } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useCatalogue, useCustomerBillingMutations } from './billing.api.ts';
import { customerTierForm, percentOf, taxForm } from './billing-forms.ts';

/** The customer's tier (and changes scheduled for later) and tax settings, each changed in its own dialog. */
export function CustomerPlanCard({ billing }: { billing: CustomerBilling }) {
  const { tiers } = useCatalogue();
  const { setTier, setTax } = useCustomerBillingMutations(billing.cid);
  const [open, setOpen] = useState<'tier' | 'tax' | null>(null);
  const scheduled = billing.tiers.filter((t) => Date.parse(t.effective_at) > Date.now());
  const close = () => setOpen(null);

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              Tier
            </Typography>
            <Typography variant="h6" component="p" data-testid="customer-tier">
              {billing.tier ? billing.tier.label : 'No tier: nothing is billed or capped'}
            </Typography>
            {billing.tier?.name ? <Typography variant="body2">{billing.tier.name}</Typography> : null}
            {scheduled.map((t) => (
              <Typography key={t.ctid} variant="body2" color="text.secondary">
                From {formatDateTime(t.effective_at)}: {t.label}
              </Typography>
            ))}
          </div>
          <div>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              Tax
            </Typography>
            <Typography data-testid="customer-tax">
              {percentOf(billing.tax_rate_bp)}%{billing.tax_id ? ` · Tax ID ${billing.tax_id}` : ' · no tax ID'}
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={() => setOpen('tier')}>
              Change tier
            </Button>
            <Button variant="outlined" onClick={() => setOpen('tax')}>
              Edit tax
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <FormDialog
        open={open === 'tier'}
        title="Change tier"
        submitLabel="Set tier"
        schema={customerTierForm}
        defaultValues={{ btid: billing.tier ? String(billing.tier.btid) : '', effective_at: '' }}
        onSubmit={(body) => setTier.mutateAsync(body)}
        onClose={close}
      >
        {({ control }) => (
          <>
            <FormSelect
              control={control}
              name="btid"
              label="Tier"
              options={tiers.map((t) => ({
                value: String(t.btid),
                label: t.name ? `${t.name}: ${tierLabel(t)}` : tierLabel(t),
              }))}
            />
            <FormTextField
              control={control}
              name="effective_at"
              label="From"
              type="datetime-local"
              slotProps={{ inputLabel: { shrink: true } }}
              helperText="Empty: from now. A change cannot start before this month."
            />
          </>
        )}
      </FormDialog>
      <FormDialog
        open={open === 'tax'}
        title="Tax"
        schema={taxForm}
        defaultValues={{ tax_rate_bp: percentOf(billing.tax_rate_bp), tax_id: billing.tax_id }}
        onSubmit={(body) => setTax.mutateAsync(body)}
        onClose={close}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="tax_rate_bp" label="Tax rate (%)" inputMode="decimal" autoFocus />
            <FormTextField control={control} name="tax_id" label="Tax ID" helperText="Printed on the invoices" />
          </>
        )}
      </FormDialog>
    </Card>
  );
}
