import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './autobans.service.ts';

const e = endpoints.autobans;

export function registerAutobanRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ params }) => service.listBans(deps, params.type));
  route(app, deps, e.remove, ({ params, body }) => service.liftBan(deps, params.type, body.value));
}
