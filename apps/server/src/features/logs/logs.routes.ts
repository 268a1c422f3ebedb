import { logsEndpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { getMessage, listLogs } from './logs.service.ts';

export function registerLogRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, logsEndpoints.list, ({ auth, params, query }) => listLogs(deps, auth.cid, params.domain, query));
  route(app, deps, logsEndpoints.message, ({ auth, params }) =>
    getMessage(deps, auth.cid, params.domain, params.message),
  );
}
