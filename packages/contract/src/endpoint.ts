import { z } from 'zod';
import type { Access } from './roles.ts';

// Re-exported from its zod-free module, so the console can fill paths without loading zod.
export { buildPath } from './endpoint-path.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: its path under /api, who may call it and the shapes it takes and answers.
 * The server enforces it, the console types its calls with it, and /api/docs is generated from it.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path under /api, e.g. `/customers/:id`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params: P;
  query: Q;
  body: B;
  response: R;
}

const none = z.object({});

export function defineEndpoint<
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = typeof none,
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): Endpoint<P, Q, B, R> {
  return {
    ...def,
    params: (def.params ?? none) as P,
    query: (def.query ?? none) as Q,
    body: (def.body ?? none) as B,
  };
}

export type ParamsOf<E extends Endpoint> = z.input<E['params']>;
export type QueryOf<E extends Endpoint> = z.input<E['query']>;
export type BodyOf<E extends Endpoint> = z.input<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
