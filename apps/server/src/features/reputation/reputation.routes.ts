import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { domainReputation } from './domain-reputation.service.ts';
import * as service from './reputation.service.ts';

const e = endpoints.reputation;

export function registerReputationRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.ip, ({ query }) => service.ipReputation(deps, query.ip, query.period));
  route(app, deps, e.list, () => service.listIpReputations(deps));
  route(app, deps, e.domain, ({ auth, params, query }) =>
    domainReputation(deps, auth.cid, params.domain, query.period),
  );
  route(app, deps, e.sndsKey, ({ body }) => service.saveSndsKey(deps, body.key));
}
