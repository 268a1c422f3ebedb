import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { listCustomers } from './customers.repo.ts';
import * as service from './customers.service.ts';

const e = endpoints.customers;

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ query }) => listCustomers(deps.db, query));
  route(app, deps, e.get, ({ params }) => service.getCustomer(deps, params.id));
  route(app, deps, e.create, ({ body }) => service.createCustomer(deps, body));
  route(app, deps, e.update, ({ params, body }) => service.updateCustomer(deps, params.id, body));
  route(app, deps, e.remove, ({ auth, params, body }) => service.deleteCustomer(deps, auth, params.id, body.confirm));
  route(app, deps, e.contract, ({ params }) => service.signContract(deps, params.cid));
}
