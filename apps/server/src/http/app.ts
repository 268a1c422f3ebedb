import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Deps } from '../deps.ts';
import { metricsAnswer } from '../metrics/http.ts';
import { HttpError } from './errors.ts';

/** Registers the product's routes (app-routes.ts, beside server.ts): http/ is below the features it serves. */
export type RouteRegistrations = (app: FastifyInstance, deps: Deps) => Promise<void>;

export async function buildApp(deps: Deps, registerRoutes: RouteRegistrations): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is Fastify's logger; the cast only widens its generic type.
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 30 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // Errors Fastify meets before routing (a malformed percent-encoding in the URL) answer as every other 4xx does.
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // The reply's generics describe typed routes; this answer is outside any route, so it is sent untyped.
      (reply as FastifyReply).status(status).send({ message: clientErrorMessage(error) });
    },
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

  // An empty JSON body (e.g. PUT /api/proxy/{id} sent by a client that always sets the content type) is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });

  await registerRoutes(app, deps);
  app.get('/api/health', async () => ({ data: { status: 'ok' } }));
  // Prometheus (issue 17): off unless METRICS_TOKEN is set; see metrics/http.ts.
  app.get('/metrics', async (req, reply) => {
    const answer = await metricsAnswer(deps.config.metricsToken, req.headers.authorization);
    return reply.status(answer.status).type(answer.contentType).send(answer.body);
  });

  const webDist = deps.config.webDistDir;
  const hasConsole = existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a console rebuilt while the server runs is served at once.
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each file; the variant the browser accepts is sent as it is.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('Cache-Control', consoleCacheControl(path)),
    });
  }

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

/** Hashed build assets never change under their name; everything else (index.html) is revalidated every time. */
function consoleCacheControl(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
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
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL';
    default:
      return error.message;
  }
}
