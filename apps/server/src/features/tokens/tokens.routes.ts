import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as service from './tokens.service.ts';

const e = endpoints.tokens;

export function registerTokenRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.list, ({ auth, query }) => service.listTokens(deps, auth, query.role));
  route(app, deps, e.create, ({ auth, body }) => service.createToken(deps, auth, 'primary', body.note));
  route(app, deps, e.remove, ({ auth, params }) => service.revokeToken(deps, auth, params.id));
  route(app, deps, e.signing, ({ auth }) => service.getSigningKey(deps, auth));
  route(app, deps, e.rotateSigning, ({ auth, body }) => service.rotateSigningKey(deps, auth, body.note));
  route(app, deps, e.domainList, ({ auth, params }) => service.listDomainTokens(deps, auth, params.domain));
  route(app, deps, e.domainCreate, ({ auth, params, body }) =>
    service.createToken(deps, auth, 'sending', body.note, params.domain),
  );
  route(app, deps, e.securityList, ({ auth, params }) => service.listTokenIps(deps, auth, params.id));
  route(app, deps, e.securityAdd, ({ auth, params, body }) => service.addTokenIp(deps, auth, params.id, body));
  route(app, deps, e.securityRemove, ({ auth, params }) =>
    service.removeTokenIp(deps, auth, params.id, params.entry_id),
  );
}
