import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as decisions from './vetting-decisions.service.ts';
import * as forms from './vetting-form.service.ts';

const api = endpoints.vetting;

/** The guest vetting form (customers/vetting/{token}) and the operators' vetting lists and decisions. */
export function registerVettingRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.formGet, ({ params }) => forms.getForm(deps, params.token));
  route(app, deps, api.formSave, ({ params, body }) => forms.saveForm(deps, params.token, body));
  route(app, deps, api.customers, ({ query }) => decisions.listCustomerVetting(deps, query));
  route(app, deps, api.decideCustomer, ({ auth, params, body }) =>
    decisions.decideCustomer(deps, auth, params.id, body),
  );
  route(app, deps, api.domains, ({ query }) => decisions.listDomainVetting(deps, query));
  route(app, deps, api.decideDomain, ({ auth, params, body }) => decisions.decideDomain(deps, auth, params.id, body));
}
