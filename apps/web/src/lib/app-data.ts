import type { Session } from '@mailwright/contract';
import { loadWorkingDomain } from './working-domain-lookup.ts';

/**
 * Spec 4, login success: "app data loads, then the user is redirected"; spec 6: non-partners load their domains
 * and data locations at start. A failure does not hold the sign-in up: the top bar's lookup asks again and says
 * what went wrong. The locations' module loads on demand, so the sign-in page does not carry it.
 */
export async function loadAppData(session: Session): Promise<void> {
  if (session.role === 'partner') return;
  await Promise.all([
    loadWorkingDomain(session.cid).catch(() => undefined),
    import('./data-locations.ts').then((m) => m.loadDataLocations()).catch(() => undefined),
  ]);
}
