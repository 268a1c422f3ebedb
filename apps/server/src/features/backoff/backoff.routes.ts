import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { leaveBackoff, listBackoff, toBackoff } from '../../mail/backoff/backoff.repo.ts';

const e = endpoints.backoff;

/** The operators' view of destination backoff (GET /api/system/backoff) and a way to end one early. */
export function registerBackoffRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, async () => {
    const rows = await listBackoff(deps.db);
    return { items: rows.map(toBackoff), total_count: rows.length };
  });
  route(app, deps, e.remove, async ({ params }) => {
    if (!(await leaveBackoff(deps.db, params.destination))) throw notFound('Destination is not in backoff');
    return { message: 'Backoff ended' };
  });
}
