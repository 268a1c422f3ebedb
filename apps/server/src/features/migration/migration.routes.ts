import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './migration.service.ts';

const e = endpoints.migration;

export function registerMigrationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth }) => service.listMigrations(deps, auth));
  route(app, deps, e.domains, ({ auth, body }) => service.listProviderDomains(deps, auth, body));
  route(app, deps, e.status, ({ auth, params }) => service.getStatus(deps, auth, params.id));
  route(app, deps, e.start, ({ auth, params, body }) => service.startMigration(deps, auth, params.id, body));
  route(app, deps, e.cancel, ({ auth, params }) => service.cancelMigration(deps, auth, params.id));
}
