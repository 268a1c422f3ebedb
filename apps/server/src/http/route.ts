import { deniedMessage, type Endpoint, hasAccess, type ResponseOf } from '@mailwright/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { type AuthContext, bearerToken, resolveSession } from './auth.ts';
import { forbidden, unauthorized } from './errors.ts';
import { parseInput } from './input-guard.ts';

export interface RequestContext<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  /** The signed-in caller; reading it on a public endpoint without a session answers 401. */
  readonly auth: AuthContext;
  readonly session: AuthContext | null;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (ctx: RequestContext<E>) => Promise<ResponseOf<E>>;

/**
 * Registers one contract endpoint: authenticates, checks the role, validates input, and answers `{data}`.
 * The response is parsed with the contract's schema too, so nothing outside the contract (hashes, secrets) leaks.
 */
export function route<E extends Endpoint>(app: FastifyInstance, deps: Deps, endpoint: E, handler: Handler<E>): void {
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    handler: async (req, reply) => {
      const token = bearerToken(req.headers.authorization);
      const session = token ? await resolveSession(deps.db, token, req.ip) : null;
      if (endpoint.access !== 'public') {
        if (!session) throw unauthorized();
        if (!hasAccess(session, endpoint.access)) throw forbidden(deniedMessage(endpoint.access));
      }
      const ctx: RequestContext<E> = {
        params: parseInput(endpoint.params, req.params, 'params') as z.output<E['params']>,
        query: parseInput(endpoint.query, req.query) as z.output<E['query']>,
        body: parseInput(endpoint.body, req.body) as z.output<E['body']>,
        session,
        get auth() {
          if (!session) throw unauthorized();
          return session;
        },
        ip: req.ip,
        req,
        reply,
      };
      const result = await handler(ctx);
      return { data: endpoint.response.parse(result) };
    },
  });
}
