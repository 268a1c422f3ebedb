import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { BillingItemsTable } from './BillingItemsTable.tsx';
import { useCustomerBilling } from './billing.api.ts';
import { CustomerAddonsCard } from './CustomerAddonsCard.tsx';
import { CustomerPlanCard } from './CustomerPlanCard.tsx';

/** /accounts/customers/:cid/billing (superadmin): a customer's tier, tax, add-ons and billing items. */
export default function CustomerBillingScreen() {
  const cid = Number(useParams().cid);
  const billing = useCustomerBilling(cid);
  const data = billing.data;

  return (
    <Box component="section" aria-labelledby="customer-billing-title">
      <Button component={Link} to="/accounts/customers" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Customers
      </Button>
      <Typography id="customer-billing-title" variant="h6" component="h2">
        Billing{data ? `: ${data.customer}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        The tier this customer pays for, its tax settings, add-ons and the charges billed on top (one-off or every
        month), which the monthly invoice adds up.
      </Typography>
      {billing.isPending ? <LinearProgress aria-label="Loading billing" /> : null}
      {billing.isError ? <Alert severity="error">{billing.error.message}</Alert> : null}
      {data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <CustomerPlanCard billing={data} />
            <CustomerAddonsCard billing={data} />
          </Box>
          <BillingItemsTable billing={data} />
        </Box>
      ) : null}
    </Box>
  );
}
