import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { listCustomerUsers } from './users.repo.ts';
import * as service from './users.service.ts';

const e = endpoints.users;

export function registerUserRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, query }) => listCustomerUsers(deps.db, auth.cid, query));
  route(app, deps, e.create, ({ auth, body }) => service.createUser(deps, auth, body));
  route(app, deps, e.get, ({ auth, params }) => service.getUser(deps, auth, params.id));
  route(app, deps, e.update, ({ auth, params, body }) => service.updateUser(deps, auth, params.id, body));
  route(app, deps, e.remove, ({ auth, params }) => service.deleteUser(deps, auth, params.id));
  route(app, deps, e.activate, ({ auth, params, body }) => service.setUserActive(deps, auth, params.id, body.active));
  route(app, deps, e.invite, ({ auth, params }) => service.resendInvite(deps, auth, params.id));
  route(app, deps, e.uninvite, ({ auth, params }) => service.withdrawInvite(deps, auth, params.id));
  route(app, deps, e.forceLogout, ({ auth, params }) => service.forceLogout(deps, auth, params.id));
  route(app, deps, e.unlinkProvider, ({ auth, params }) =>
    service.unlinkProvider(deps, auth, params.id, params.provider),
  );
  route(app, deps, e.customerInvite, ({ auth, body }) => service.inviteUser(deps, auth, body));
}
