import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CompanyCard } from './CompanyCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { ProvidersCard } from './ProvidersCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/** /account-settings (admin, superadmin): company details, and the signed-in user's password, second factor and providers. */
export default function AccountSettingsScreen() {
  return (
    <Stack component="section" spacing={3} aria-labelledby="account-settings-title">
      <Typography id="account-settings-title" variant="h5" component="h1">
        Account settings
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Company details
            </Typography>
            <CompanyCard />
            <Typography variant="h6" component="h2">
              Billing
            </Typography>
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <Typography color="text.secondary">Your tier, this month's usage, and your invoices.</Typography>
                  <Button component={RouterLink} to="/account/billing" variant="outlined">
                    Billing and invoices
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              Security
            </Typography>
            <PasswordCard />
            <TwoFactorCard />
            <ProvidersCard />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
