import { sessionEndpoints } from '@mailwright/contract';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearSession, getState } from '../../lib/store.ts';

/** Spec 4, logout: revoke the token on the server, clear the session, go to /auth/login. */
export default function LogoutScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const signOut = async () => {
      if (getState().token) {
        // Signing out works offline too: the token is forgotten here even if the server cannot be told.
        await api(sessionEndpoints.logout, { quiet: true }).catch(() => undefined);
      }
      if (cancelled) return;
      clearSession();
      queryClient.clear();
      navigate('/auth/login', { replace: true });
    };
    void signOut();
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress aria-label="Signing out" />
      <Typography>Signing out…</Typography>
    </Stack>
  );
}
