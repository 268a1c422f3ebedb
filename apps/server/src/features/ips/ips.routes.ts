import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as ips from './ips.service.ts';
import * as pools from './pools.service.ts';

const e = endpoints.ips;
const p = endpoints.ipPools;

export function registerIpRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, () => ips.listIps(deps));
  route(app, deps, e.check, ({ query }) => ips.checkIp(deps, query.ip));
  route(app, deps, e.get, ({ params }) => ips.getIp(deps, params.id));
  route(app, deps, e.create, ({ body }) => ips.createIp(deps, body));
  route(app, deps, e.update, ({ params, body }) => ips.updateIp(deps, params.id, body));
  route(app, deps, e.remove, ({ params, body }) => ips.deleteIp(deps, params.id, body));
  route(app, deps, p.list, ({ auth }) => pools.listPools(deps, auth));
  route(app, deps, p.create, ({ body }) => pools.createPool(deps, body));
  route(app, deps, p.update, ({ params, body }) => pools.updatePool(deps, params.id, body));
  route(app, deps, p.remove, ({ params }) => pools.deletePool(deps, params.id));
  route(app, deps, p.domainPool, ({ auth, params }) => pools.domainPool(deps, auth, params.id));
  route(app, deps, p.assignDomain, ({ auth, params, body }) =>
    pools.assignDomainPool(deps, auth, params.id, body.pool_id),
  );
  route(app, deps, p.assignCustomer, ({ params, body }) => pools.assignCustomerPool(deps, params.id, body.pool_id));
}
