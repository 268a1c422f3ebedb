import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';

/**
 * The guest pages Stripe Checkout returns to (spec 2: /payment/success and /payment/cancel open without a token).
 * They only say what happened: the invoice is marked paid by Stripe's signed webhook, not by this page.
 */
export default function PaymentResultScreen() {
  const success = useLocation().pathname.startsWith('/payment/success');
  return (
    <Stack spacing={2} sx={{ py: 1 }} component="section" aria-labelledby="payment-result-title">
      <Typography id="payment-result-title" variant="h5" component="h1">
        {success ? 'Payment received' : 'Payment cancelled'}
      </Typography>
      <Typography>
        {success
          ? 'Thank you. Stripe is confirming your payment; the invoice shows as paid in Billing and invoices as soon as it has.'
          : 'Nothing was charged. The invoice stays open; you can pay it from Billing and invoices at any time.'}
      </Typography>
      <Button component={RouterLink} to="/account/billing" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        Back to billing
      </Button>
    </Stack>
  );
}
