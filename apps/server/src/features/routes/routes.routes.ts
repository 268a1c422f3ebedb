import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { getPolicy, setPolicy } from './policy.service.ts';
import { matchRoutes } from './route-test.ts';
import * as service from './routes.service.ts';

const e = endpoints.routes;

export function registerRouteRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, params }) => service.listRoutes(deps, auth.cid, params.domain));
  route(app, deps, e.create, ({ auth, params, body }) => service.createRoute(deps, auth.cid, params.domain, body));
  route(app, deps, e.update, ({ auth, params, body }) =>
    service.updateRoute(deps, auth.cid, params.domain, params.route_id, body),
  );
  route(app, deps, e.state, ({ auth, params, body }) =>
    service.setRouteEnabled(deps, auth.cid, params.domain, params.route_id, body.enabled),
  );
  route(app, deps, e.move, ({ auth, params, body }) =>
    service.moveRoute(deps, auth.cid, params.domain, params.route_id, body.direction),
  );
  route(app, deps, e.remove, ({ auth, params }) => service.deleteRoute(deps, auth.cid, params.domain, params.route_id));
  route(app, deps, e.match, ({ auth, params, body }) => matchRoutes(deps, auth.cid, params.domain, body));
  route(app, deps, e.policy, ({ auth, params }) => getPolicy(deps, auth.cid, params.domain));
  route(app, deps, e.setPolicy, ({ auth, params, body }) => setPolicy(deps, auth.cid, params.domain, body));
  route(app, deps, e.messages, ({ auth, params, query }) =>
    service.listInboundMessages(deps, auth.cid, params.domain, query),
  );
  route(app, deps, e.message, ({ auth, params }) =>
    service.getInboundMessage(deps, auth.cid, params.domain, params.inbound_id),
  );
}
