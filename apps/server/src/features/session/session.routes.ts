import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import { acceptInvite } from '../users/users.service.ts';
import * as service from './session.service.ts';

const e = endpoints.session;

export function registerSessionRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, e.loginStatus, async ({ auth }) => ({ session: await service.currentSession(deps, auth) }));
  route(app, deps, e.login, ({ body, ip, req }) => service.login(deps, body, ip, req.headers['user-agent'] ?? ''));
  route(app, deps, e.logout, ({ auth }) => service.logout(deps, auth));
  route(app, deps, e.proxy, ({ auth, params }) => service.proxy(deps, auth, params.id));
  route(app, deps, e.unproxy, ({ auth }) => service.unproxy(deps, auth));
  route(app, deps, e.passwordReset, ({ body }) => service.requestPasswordReset(deps, body.user));
  route(app, deps, e.passwordResetCheck, ({ params }) => service.checkUserToken(deps, params.token));
  route(app, deps, e.passwordChange, ({ session, body, ip }) => service.changePassword(deps, session, body, ip));
  route(app, deps, e.twoFactorSetup, ({ auth }) => service.twoFactorSetup(deps, auth));
  route(app, deps, e.twoFactorEnable, ({ auth, body }) => service.enableTwoFactor(deps, auth, body.code, body.secret));
  route(app, deps, e.twoFactorDisable, ({ auth, ip, body }) => service.disableTwoFactor(deps, auth, ip, body));
  route(app, deps, e.inviteAccept, ({ params }) => acceptInvite(deps, params.token));
}
