import { type Session, sessionEndpoints } from '@mailwright/contract';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { setSession } from './store.ts';

/**
 * Spec 4, customer switching: after the switch the console "goes to /dashboard (user role), /partner/overview
 * (partner), or from /clients to /dashboard if there are no clients". Answers where to go, or null to stay (a screen
 * the new session may not open is left by the route guard, which also leads to /dashboard).
 */
export function landingAfterSwitch(session: Session, currentPath: string): string | null {
  if (session.role === 'user') return '/dashboard';
  if (session.role === 'partner') return '/partner/overview';
  if (isClientsPath(currentPath) && !session.company.has_clients) return '/dashboard';
  return null;
}

function isClientsPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === '/clients' || pathname.startsWith('/clients/');
}

/** Act as another customer (PUT proxy/{id}): superadmin for any customer, a partner for its own clients. */
export async function switchToCustomer(cid: number, go: (path: string) => void, currentPath: string): Promise<Session> {
  const { session } = await api(sessionEndpoints.proxy, { params: { id: cid } });
  applySwitch(session, go, currentPath);
  return session;
}

/** Back to the signed-in user's own customer (DELETE proxy). */
export async function returnToOwnCustomer(go: (path: string) => void, currentPath: string): Promise<Session> {
  const { session } = await api(sessionEndpoints.unproxy);
  applySwitch(session, go, currentPath);
  return session;
}

/**
 * The new customer's session replaces the old one; the working-domain lookup follows the customer id (it reloads the
 * domains). Then, once React has rendered the new session (a route guard may already have sent a screen the new
 * session cannot open to /dashboard), the spec's landing: the later navigation wins. Everything cached belongs to
 * the previous customer: it is reset after that, so the screen shown re-fetches and nothing of the other customer
 * turns up later.
 */
function applySwitch(session: Session, go: (path: string) => void, currentPath: string): void {
  void queryClient.cancelQueries();
  const landing = landingAfterSwitch(session, currentPath);
  setSession(session);
  window.setTimeout(() => {
    if (landing && landing !== currentPath) go(landing);
    window.setTimeout(() => void queryClient.resetQueries(), 0);
  }, 0);
}
