import { actsAtHome, endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { listCountries } from './countries.ts';
import { listDomainLocations, listLocations } from './locations.repo.ts';

const e = endpoints.extras;

export function registerExtrasRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.countries, async ({ query }) => listCountries(query));
  route(app, deps, e.locations, async ({ session }) => {
    // Usage is the caller's own business: its customer's domains, all domains for an operator at home, none for a guest.
    const scope = !session
      ? 'none'
      : session.role === 'superadmin' && actsAtHome(session)
        ? 'all'
        : { cid: session.cid };
    return { items: await listLocations(deps.db, scope) };
  });
  route(app, deps, e.domainLocations, async ({ auth }) => ({ items: await listDomainLocations(deps.db, auth.cid) }));
}
