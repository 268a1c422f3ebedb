import { type Access, hasAccess } from '@mailwright/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { preloadShellParts } from '../components/shell-parts.ts';
import { rememberLoggedOutPath, setConnectionLost, useAppState } from '../lib/store.ts';
import { DEFAULT_ROUTE } from './routes.tsx';

/**
 * Spec 5, route guards: without a bearer token every non-guest route goes to /auth/login, remembering where the
 * visitor wanted to go. With a token the session is loaded (the status check) before any screen shows.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const token = useAppState((s) => s.token);
  const session = useAppState((s) => s.session);
  const location = useLocation();

  useEffect(() => {
    if (!token || session) return;
    // The status check and the shell's offline parts load here, with the first signed-in screen, not with the
    // sign-in page. A chunk that can't be fetched means the server is out of reach (the reconnect ping takes over).
    preloadShellParts();
    import('../lib/session.ts').then(
      ({ checkSession }) => checkSession(),
      () => setConnectionLost(true),
    );
  }, [token, session]);

  if (!token) return <RedirectToLogin from={location.pathname + location.search} />;
  if (!session) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading your session" />
      </Box>
    );
  }
  return children;
}

function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberLoggedOutPath(from);
    navigate('/auth/login', { replace: true });
  }, [from, navigate]);
  return null;
}

/** A route whose role (or subrole) list leaves the user out sends them to /dashboard (spec 5). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const session = useAppState((s) => s.session);
  if (!hasAccess(session, access)) return <Navigate to={DEFAULT_ROUTE} replace />;
  return children;
}
