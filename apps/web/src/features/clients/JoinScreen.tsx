import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { openJoinAccept } from '../../lib/join-accept.ts';
import { getState } from '../../lib/store.ts';

/**
 * /join/:token (guest route): the approver's link. It raises the layout's join-accept flag with the token and goes on
 * to /clients, where the review dialog opens; without a session the route guard signs the approver in first and
 * comes back. Nothing else loads here, so the page weighs next to nothing.
 */
export default function JoinScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = Boolean(getState().token);

  useEffect(() => {
    if (!token) return;
    openJoinAccept(token);
    if (signedIn) navigate('/clients', { replace: true });
  }, [token, signedIn, navigate]);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1">
        Join request
      </Typography>
      <Typography color="text.secondary">
        A customer asks to become your client. Sign in as an admin of your account to review the request.
      </Typography>
      <Button variant="contained" onClick={() => navigate('/clients')}>
        Sign in to review
      </Button>
    </Stack>
  );
}
