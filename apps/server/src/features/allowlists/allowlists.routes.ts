import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './allowlists.service.ts';

const recipients = endpoints.allowlists;
const uris = endpoints.uriAllowlist;

export function registerAllowlistRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, recipients.list, ({ auth, params, query }) =>
    service.listRecipients(deps, auth, params.domain, query),
  );
  route(app, deps, recipients.create, ({ auth, params, body }) =>
    service.saveRecipient(deps, auth, params.domain, body),
  );
  route(app, deps, recipients.remove, ({ auth, params, query, body }) =>
    service.deleteRecipient(deps, auth, params.domain, { query, body }),
  );
  route(app, deps, recipients.check, ({ auth, params }) =>
    service.checkRecipient(deps, auth, params.domain, params.recipient),
  );
  route(app, deps, uris.list, ({ auth, query }) => service.listUris(deps, auth, query));
  route(app, deps, uris.create, ({ auth, body }) => service.createUri(deps, auth, body));
  route(app, deps, uris.update, ({ auth, params, body }) => service.updateUri(deps, auth, params.id, body));
  route(app, deps, uris.remove, ({ auth, params }) => service.deleteUri(deps, auth, params.id));
}
