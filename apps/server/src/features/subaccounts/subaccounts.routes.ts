import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as invites from './account-invites.service.ts';
import * as join from './join.service.ts';
import * as service from './subaccounts.service.ts';

const e = endpoints.subaccounts;

export function registerSubaccountRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, query }) => service.listSubaccounts(deps, auth, query));
  route(app, deps, e.create, ({ auth, body }) => service.createSubaccount(deps, auth, body));
  route(app, deps, e.joinStatus, ({ auth }) => join.joinStatus(deps, auth));
  route(app, deps, e.joinCreate, ({ auth, body }) => join.requestToJoin(deps, auth, body.approver));
  route(app, deps, e.joinReview, ({ auth, params }) => join.reviewJoinRequest(deps, auth, params.id));
  route(app, deps, e.joinDecide, ({ auth, params, body }) =>
    join.decideJoinRequest(deps, auth, params.id, body.decision),
  );
  route(app, deps, e.inviteSend, ({ auth, body }) => invites.sendAccountInvite(deps, auth, body.email));
  route(app, deps, e.inviteCheck, ({ params }) => invites.checkAccountInvite(deps, params.token));
  route(app, deps, e.inviteComplete, ({ params, body }) => invites.completeAccountInvite(deps, params.token, body));
}
