import { ACTIONS, type Action, dashboardEndpoints, PAGE_SIZES } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { domainsWithCounts, recentMessages } from './dashboard.repo.ts';

const COUNT_DAYS = 30;

export function registerDashboardRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, dashboardEndpoints.messages, async ({ auth, query }) => {
    const rows = await recentMessages(deps.db, auth.cid, query.limit);
    const items = rows.map(({ domain_id, domain, from_address, created_at, ...row }) => ({
      ...row,
      id: Number(row.id),
      did: domain_id,
      domain: domain ?? '',
      from: from_address,
      created_at: new Date(created_at).toISOString(),
    }));
    return { items, total_count: items.length };
  });

  route(app, deps, dashboardEndpoints.domains, async ({ auth }) => {
    const since = new Date(Date.now() - COUNT_DAYS * 86_400_000);
    const { rows, total } = await domainsWithCounts(deps.db, auth.cid, since, PAGE_SIZES.dashboardDomains);
    const items = rows.map((row) => ({
      did: row.id,
      name: row.name,
      state: row.state,
      counts: Object.fromEntries(ACTIONS.map((a) => [a, Number(row.counts?.[a] ?? 0)])) as Record<Action, number>,
    }));
    return { items, total_count: total };
  });
}
