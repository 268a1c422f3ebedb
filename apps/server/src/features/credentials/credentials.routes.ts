import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './credentials.service.ts';

const e = endpoints.credentials;

export function registerCredentialRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, params }) => service.listCredentials(deps, auth, params.id));
  route(app, deps, e.create, ({ auth, params, body }) => service.createCredential(deps, auth, params.id, body));
  route(app, deps, e.get, ({ auth, params }) => service.getCredential(deps, auth, params.id, params.crid));
  route(app, deps, e.update, ({ auth, params, body }) =>
    service.updateCredential(deps, auth, params.id, params.crid, body),
  );
  route(app, deps, e.remove, ({ auth, params }) => service.deleteCredential(deps, auth, params.id, params.crid));
}
