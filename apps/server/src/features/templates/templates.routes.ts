import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './templates.service.ts';

const api = endpoints.templates;

/** templates/{domain} CRUD plus history (spec 7), and the console's preview. */
export function registerTemplateRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.list, ({ auth, params, query }) => service.listTemplates(deps, auth, params.domain, query));
  route(app, deps, api.create, ({ auth, params, body }) => service.createTemplate(deps, auth, params.domain, body));
  route(app, deps, api.render, ({ auth, params, body }) => service.renderPreview(deps, auth, params.domain, body));
  route(app, deps, api.get, ({ auth, params }) => service.getTemplate(deps, auth, params.domain, params.tmplid));
  route(app, deps, api.update, ({ auth, params, body }) =>
    service.updateTemplate(deps, auth, params.domain, params.tmplid, body),
  );
  route(app, deps, api.remove, ({ auth, params }) => service.deleteTemplate(deps, auth, params.domain, params.tmplid));
  route(app, deps, api.history, ({ auth, params, query }) =>
    service.listHistory(deps, auth, params.domain, params.tmplid, query),
  );
  route(app, deps, api.activate, ({ auth, params }) =>
    service.activateVersion(deps, auth, params.domain, params.tmplid, params.version),
  );
}
