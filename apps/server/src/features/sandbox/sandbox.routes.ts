import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './sandbox.service.ts';

const e = endpoints.sandbox;

export function registerSandboxRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.info, ({ auth }) => service.getSandboxInfo(deps, auth.cid));
  route(app, deps, e.list, ({ auth, query }) => service.listSandboxMessages(deps, auth.cid, query));
  route(app, deps, e.get, ({ auth, params }) => service.getSandboxMessage(deps, auth.cid, params.id));
}
