import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './domain-patterns.service.ts';

const e = endpoints.domainPatterns;

export function registerDomainPatternRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, params }) => service.listDomainPatterns(deps, auth, params.id));
  route(app, deps, e.create, ({ auth, params, body }) => service.createDomainPattern(deps, auth, params.id, body));
  route(app, deps, e.get, ({ auth, params }) => service.getDomainPattern(deps, auth, params.id, params.pid));
  route(app, deps, e.update, ({ auth, params, body }) =>
    service.updateDomainPattern(deps, auth, params.id, params.pid, body),
  );
  route(app, deps, e.remove, ({ auth, params }) => service.deleteDomainPattern(deps, auth, params.id, params.pid));
}
