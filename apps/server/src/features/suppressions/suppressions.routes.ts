import multipart from '@fastify/multipart';
import { endpoints, SUPPRESSION_UPLOAD_MAX_BYTES } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { getUploadStatus, startSuppressionUpload } from './suppression-upload.ts';
import * as service from './suppressions.service.ts';

const e = endpoints.suppressions;

export function registerSuppressionRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, params, query }) =>
    service.listDomainSuppressions(deps, auth, params.domain, params.type, query),
  );
  route(app, deps, e.create, ({ auth, params, body }) =>
    service.addDomainSuppression(deps, auth, params.domain, params.type, body),
  );
  route(app, deps, e.remove, ({ auth, params, query, body }) =>
    service.removeDomainSuppression(deps, auth, params.domain, params.type, { query, body }),
  );
  route(app, deps, e.check, ({ auth, params }) => service.checkRecipient(deps, auth, params.domain, params.recipient));
  route(app, deps, e.globalList, ({ query }) => service.listGlobalSuppressions(deps, query));
  route(app, deps, e.globalCreate, ({ params, body }) => service.addGlobalSuppression(deps, params.type, body));
  route(app, deps, e.globalRemove, ({ query, body }) => service.removeGlobalSuppression(deps, { query, body }));
  route(app, deps, e.uploadStatus, ({ auth, params }) => getUploadStatus(deps, auth, params.id));
  // Its own plugin scope: the multipart parser applies to the upload only.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SUPPRESSION_UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
    route(scope, deps, e.upload, ({ auth, params, req }) => startSuppressionUpload(deps, auth, params.domain, req));
  });
}
