import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './openapi.ts';

/**
 * The API reference: the OpenAPI document at /api/openapi.json, rendered by Swagger UI at /api/docs. Swagger UI's
 * files come from the swagger-ui-dist package and are served from here, never from a CDN.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  // Built on first request, then kept: building it from every schema costs ~350 ms of CPU and its memory at start-up,
  // in every api process, for a page few open.
  let openApi: ReturnType<typeof buildOpenApi> | null = null;
  app.get('/api/openapi.json', async () => {
    openApi ??= buildOpenApi();
    return openApi;
  });
  await app.register(fastifyStatic, {
    root: SWAGGER_UI_DIR,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (path) => ASSETS.has(path.replace(/^\//, '')),
  });
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
}

// The package's folder, found as Node finds it (the package ships no types for its own path helper).
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Mailwright API reference</title>
  <link rel="icon" href="/api/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });
  </script>
</body>
</html>
`;
