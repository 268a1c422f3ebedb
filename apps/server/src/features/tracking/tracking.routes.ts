import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { readUnsubscribe, trackClick, trackOpen, unsubscribe, type Visitor } from './tracking.service.ts';
import { invalidLinkPage, unsubscribePage } from './tracking-pages.ts';

// The smallest transparent GIF (1x1, 43 bytes).
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = 'no-store, no-cache, must-revalidate, private';

// Tokens carry the link they stand for and outgrow Fastify's 100-character limit on `:param`s; a wildcard has none.
type TokenRequest = FastifyRequest<{ Params: { '*': string } }>;
const tokenOf = (req: TokenRequest) => req.params['*'];

const visitor = (req: FastifyRequest): Visitor => ({
  method: req.method,
  userAgent: req.headers['user-agent'],
  ip: req.ip,
});
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(body);

/** The `address` field of the unsubscribe form, from a urlencoded or multipart body (RFC 8058 allows either). */
function formAddress(body: unknown): string | null {
  if (typeof body !== 'string' || !body) return null;
  const multipart = body.match(/name="address"\r?\n\r?\n([^\r\n]*)/);
  if (multipart) return multipart[1] ?? null;
  return new URLSearchParams(body).get('address');
}

/**
 * Tracking endpoints, served outside /api on every domain's tracking host (a CNAME to us): the open pixel, the click
 * redirect and the unsubscribe page with its RFC 8058 one-click POST.
 */
export function registerTrackingRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    // Mailbox providers post `List-Unsubscribe=One-Click` as a form (urlencoded or multipart); the POST itself is
    // the request, so any body is taken as text and only the optional address field is read.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    // GET also answers HEAD (Fastify): link checkers using HEAD are recorded as bots.
    scope.get('/t/o/*', async (req: TokenRequest, reply) => {
      await trackOpen(deps, tokenOf(req), visitor(req));
      return reply.header('cache-control', NO_STORE).header('pragma', 'no-cache').type('image/gif').send(PIXEL);
    });

    scope.get('/t/c/*', async (req: TokenRequest, reply) => {
      const url = await trackClick(deps, tokenOf(req), visitor(req));
      if (!url) return html(reply, 404, invalidLinkPage());
      return reply.header('cache-control', NO_STORE).redirect(url, 302);
    });

    scope.get('/unsubscribe/*', async (req: TokenRequest, reply) => {
      const state = await readUnsubscribe(deps, tokenOf(req));
      return html(reply, state.state === 'invalid' ? 404 : 200, unsubscribePage(state));
    });

    scope.post('/unsubscribe/*', async (req: TokenRequest, reply) => {
      const state = await unsubscribe(deps, tokenOf(req), formAddress(req.body), visitor(req));
      const status = state.state === 'invalid' ? 404 : state.state === 'ask' ? 400 : 200;
      return html(reply, status, unsubscribePage(state));
    });
  });
}
