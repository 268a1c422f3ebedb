import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './domains.service.ts';

const e = endpoints.domains;

export function registerDomainRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, query }) => service.listDomains(deps, auth.cid, query));
  route(app, deps, e.all, ({ query }) => service.listAllDomains(deps, query));
  route(app, deps, e.create, ({ auth, body }) => service.createDomain(deps, auth, body));
  route(app, deps, e.get, ({ auth, params }) => service.getDomain(deps, auth.cid, params.id));
  route(app, deps, e.update, ({ auth, params, body }) => service.updateDomain(deps, auth, params.id, body));
  route(app, deps, e.remove, ({ auth, params }) => service.deleteDomain(deps, auth, params.id));
  route(app, deps, e.verify, ({ auth, params }) => service.verifyDomain(deps, auth, params.id));
}
