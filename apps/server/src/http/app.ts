import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { registerAccountRoutes } from '../features/account/account.routes.ts';
import { registerAllowlistRoutes } from '../features/allowlists/allowlists.routes.ts';
import { registerCredentialRoutes } from '../features/credentials/credentials.routes.ts';
import { registerCustomerRoutes } from '../features/customers/customers.routes.ts';
import { registerDashboardRoutes } from '../features/dashboard/dashboard.routes.ts';
import { registerDomainPatternRoutes } from '../features/domain-patterns/domain-patterns.routes.ts';
import { registerDomainRoutes } from '../features/domains/domains.routes.ts';
import { registerLogRoutes } from '../features/logs/logs.routes.ts';
import { registerNewsRoutes } from '../features/news/news.routes.ts';
import { registerNotificationRoutes } from '../features/notifications/notifications.routes.ts';
import { registerPatternRoutes } from '../features/patterns/patterns.routes.ts';
import { registerSendingRoutes } from '../features/sending/sending.routes.ts';
import { registerSessionRoutes } from '../features/session/session.routes.ts';
import { registerStatsRoutes } from '../features/stats/stats.routes.ts';
import { registerSuppressionRoutes } from '../features/suppressions/suppressions.routes.ts';
import { registerTokenRoutes } from '../features/tokens/tokens.routes.ts';
import { registerTrackingRoutes } from '../features/tracking/tracking.routes.ts';
import { registerUriBlocklistRoutes } from '../features/uribl/uribl.routes.ts';
import { registerUserRoutes } from '../features/users/users.routes.ts';
import { registerWebhookRoutes } from '../features/webhooks/webhooks.routes.ts';
import { registerBackoffRoutes } from '../mail/backoff/backoff.routes.ts';
import { HttpError } from './errors.ts';
import { buildOpenApi } from './openapi.ts';

/** Every feature's routes; a new feature adds its register function here. */
const FEATURES = [
  registerSessionRoutes,
  registerUserRoutes,
  registerCustomerRoutes,
  registerAccountRoutes,
  registerNotificationRoutes,
  registerNewsRoutes,
  registerDomainRoutes,
  registerCredentialRoutes,
  registerTokenRoutes,
  registerStatsRoutes,
  registerWebhookRoutes,
  registerTrackingRoutes,
  registerPatternRoutes,
  registerSendingRoutes,
  registerLogRoutes,
  registerDashboardRoutes,
  registerSuppressionRoutes,
  registerDomainPatternRoutes,
  registerAllowlistRoutes,
  registerUriBlocklistRoutes,
  registerBackoffRoutes,
];

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is Fastify's logger; the cast only widens its generic type.
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 30 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
  });

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    // Fastify's own client errors (malformed JSON, wrong content type, too large) keep their 4xx status.
    const status = 'statusCode' in error && error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500) return reply.status(status).send({ message: clientErrorMessage(error) });
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: `Internal server error (request ${req.id})` });
  });

  for (const register of FEATURES) register(app, deps);

  const openApi = buildOpenApi();
  app.get('/api/docs', async () => openApi);
  app.get('/api/health', async () => ({ data: { status: 'ok' } }));

  const webDist = deps.config.webDistDir;
  const hasConsole = existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a console rebuilt while the server runs is served at once.
  if (hasConsole) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html' });

  app.setNotFoundHandler((req, reply) => {
    const isAsset = req.url.startsWith('/assets/');
    if (req.url.startsWith('/api/') || req.url === '/api' || isAsset || !hasConsole || req.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found' });
    }
    // The console is a single-page app: every other path is one of its routes (or its own not-found page).
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
