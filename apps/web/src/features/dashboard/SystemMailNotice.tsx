import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useServerSettings } from '../../lib/server-settings.ts';

/**
 * Operators only (the server answers system_mail for them alone): password resets and invitations are answered as
 * sent even when they cannot be (so nobody learns who has an account), so the operator is the one who must be told.
 */
export function SystemMailNotice() {
  const problem = useServerSettings().data?.system_mail?.problem;
  if (!problem) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle>System mail is not being sent</AlertTitle>
      {problem} See SYSTEM_MAIL_DOMAIN in .env.example.
    </Alert>
  );
}
