import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EstimateCard } from './EstimateCard.tsx';
import { InvoicesCard } from './InvoicesCard.tsx';
import { useBillingOverview } from './invoices.api.ts';
import { PlanCard } from './PlanCard.tsx';

/**
 * /account/billing (admins; reached from account settings): the customer's tier and usage bar, the estimated invoice,
 * and the invoices (billable data, spec 2) with their breakdown CSV, PDF and Pay when online payment is on.
 */
export default function AccountBillingScreen() {
  const overview = useBillingOverview();
  return (
    <Stack component="section" spacing={3} aria-labelledby="account-billing-title">
      <Typography id="account-billing-title" variant="h5" component="h1">
        Billing and invoices
      </Typography>
      {overview.isPending ? <LinearProgress aria-label="Loading billing" /> : null}
      {overview.isError ? <Typography color="error">Billing could not be loaded.</Typography> : null}
      {overview.data ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <PlanCard overview={overview.data} />
          </Grid>
          {overview.data.estimate ? (
            <Grid size={{ xs: 12, lg: 6 }}>
              <EstimateCard estimate={overview.data.estimate} />
            </Grid>
          ) : null}
          <Grid size={12}>
            <InvoicesCard paymentEnabled={overview.data.payment_enabled} />
          </Grid>
        </Grid>
      ) : null}
    </Stack>
  );
}
