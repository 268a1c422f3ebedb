import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './uribl.service.ts';

const e = endpoints.uriBlocklist;

export function registerUriBlocklistRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ query }) => service.listUriBlocklist(deps, query));
  route(app, deps, e.create, ({ body }) => service.createUriBlock(deps, body));
  route(app, deps, e.get, ({ params }) => service.getUriBlock(deps, params.id));
  route(app, deps, e.update, ({ params, body }) => service.updateUriBlock(deps, params.id, body));
  route(app, deps, e.toggle, ({ params, body }) => service.toggleUriBlock(deps, params.id, body.enabled));
  route(app, deps, e.remove, ({ params }) => service.deleteUriBlock(deps, params.id));
}
