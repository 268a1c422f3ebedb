import { INVITE_REDIRECT_MS, sessionEndpoints } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { withQueryScope } from '../../components/QueryScope.tsx';
import { api } from '../../lib/api.ts';

/** /auth/invite/:token: confirm the invitation, show its message, then on to activation after 5000 ms (spec 9). */
function InviteScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => api(sessionEndpoints.inviteAccept, { params: { token } }),
    // The screen shows the server's message itself (spec 8: invite errors show the server message).
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const next = invite.data
    ? invite.data.activation_token
      ? `/auth/activate/${invite.data.activation_token}`
      : '/auth/login'
    : null;

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true }), INVITE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1">
        Invitation
      </Typography>
      {invite.isPending ? <CircularProgress aria-label="Confirming the invitation" /> : null}
      {invite.isError ? <Alert severity="error">{invite.error.message}</Alert> : null}
      {invite.data ? (
        <>
          <Alert severity="success">{invite.data.message}</Alert>
          <Typography color="text.secondary">You will be taken to the next step in a few seconds.</Typography>
        </>
      ) : null}
    </Stack>
  );
}

export default withQueryScope(InviteScreen);
