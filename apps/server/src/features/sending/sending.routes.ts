import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerMailgunRoutes } from './mailgun.routes.ts';
import { registerNativeSendRoute } from './native.routes.ts';
import { registerSendgridRoutes } from './sendgrid.routes.ts';

/** The public send APIs, authenticated by sending keys (not console sessions): native, Mailgun- and SendGrid-shaped. */
export function registerSendingRoutes(app: FastifyInstance, deps: Deps) {
  registerNativeSendRoute(app, deps);
  registerMailgunRoutes(app, deps);
  registerSendgridRoutes(app, deps);
}
