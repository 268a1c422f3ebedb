import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/** /account-settings: the second factor now; company details and keys arrive with the accounts feature. */
export default function AccountSettingsScreen() {
  return (
    <Stack spacing={3}>
      <PlaceholderScreen title="Account settings" arrivesWith="the accounts feature: company details and settings" />
      <Typography variant="h6" component="h2">
        Security
      </Typography>
      <TwoFactorCard />
    </Stack>
  );
}
