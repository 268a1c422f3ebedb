import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { readCustomerStats, readGlobalStats, readStats } from './stats.service.ts';

const e = endpoints.stats;

export function registerStatsRoutes(app: FastifyInstance, deps: Deps) {
  // Fastify prefers the static /stats/global over /stats/:domain, whatever the order.
  route(app, deps, e.global, ({ query }) => readGlobalStats(deps.db, query));
  route(app, deps, e.customer, ({ auth, query }) => readCustomerStats(deps.db, auth.cid, query));
  route(app, deps, e.domain, async ({ auth, params, query }) => {
    await requireDomain(deps, auth.cid, params.domain);
    return readStats(deps.db, auth.cid, params.domain, query);
  });
}
