import { LOGIN_STATUS_TIMEOUT_MS, MSG, type Session } from '@mailwright/contract';
import { ApiError, api, forceLogout } from './api.ts';
import { getState, notifyError, setConnectionLost, setSession } from './store.ts';

/** Where a user lands after signing in when no remembered path is waiting (spec 4). */
export function homePath(session: Session): string {
  return session.role === 'partner' ? '/partner/overview' : '/dashboard';
}

/**
 * The status check (spec 7/8): GET /api/login with a 5000 ms timeout. It loads the session at start, re-checks it on
 * every periodic refresh and doubles as the reconnect ping. Answers whether the server was reached.
 */
export async function checkSession(): Promise<'online' | 'offline'> {
  const token = getState().token;
  // Loaded here, not at the top, so the sign-in page loads no schema (zod) before it is needed. A chunk that can't be
  // fetched means the server is out of reach, like a failed call.
  const loaded = await import('@mailwright/contract/session').catch(() => null);
  if (!loaded) {
    setConnectionLost(true);
    return 'offline';
  }
  const { sessionEndpoints } = loaded;
  try {
    const { session } = await api(sessionEndpoints.loginStatus, { quiet: true, timeoutMs: LOGIN_STATUS_TIMEOUT_MS });
    setConnectionLost(false);
    // A sign-out or another sign-in meanwhile makes this answer stale.
    if (token && getState().token === token) setSession(session);
    return 'online';
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) {
      setConnectionLost(true);
      return 'offline';
    }
    setConnectionLost(false);
    if (!token || getState().token !== token) return 'online';
    reportStatusError(error);
    return 'online';
  }
}

/** Spec 8, status check: 401/403 force a logout, 500 is an internal problem, 425 (and the rest) the server's message. */
function reportStatusError(error: unknown): void {
  if (!(error instanceof ApiError)) {
    notifyError(MSG.whoopsGeneric);
    return;
  }
  if (error.status === 401 || error.status === 403) forceLogout(MSG.autoLoggedOut);
  else if (error.status === 500) notifyError(MSG.loginInternal);
  else notifyError(error.message);
}
