import { z } from 'zod';
import { id, listOf, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { inboundAuthSchema, inboundPolicyInput, inboundPolicySchema } from './inbound-policy.ts';

export * from './inbound-policy.ts';

/**
 * Inbound routes (spec 2 "routes with policies", spec 7 `routes/{domain}` GET/POST): what the inbound MX does with
 * mail for one of the customer's verified domains. Like Mailgun's routes, each has a priority (lower first), one
 * expression (match_recipient, match_header, catch_all) and actions (forward to addresses or a URL, store, stop);
 * like Postal's, a mode: accept (run the actions), hold (keep it, do nothing), bounce (accept, then send a DSN back),
 * reject (550 at RCPT). Patterns are regular expressions run on RE2 (linear time): backreferences and lookaround are
 * refused when saved.
 */

export const ROUTE_MODES = ['accept', 'hold', 'bounce', 'reject'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

/** How many routes a domain may have, and actions a route. */
export const ROUTE_LIMITS = { routes: 200, actions: 20, storeDays: { min: 1, max: 30, default: 3 } } as const;

const pattern = z.string().trim().min(1, 'This field is required').max(1000, 'A pattern has at most 1000 characters');
/** An RFC 5322 field name: printable ASCII except the colon (3.6.8). */
const headerName = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(100)
  .regex(/^[\x21-\x39\x3b-\x7e]+$/, 'A header name is letters, digits and dashes, without a colon');

export const routeExpressionSchema = z.discriminatedUnion(
  'type',
  [
    /** The whole recipient address (case-insensitive) must match, e.g. `support@example\.com` or `.*@example\.com`. */
    z.object({ type: z.literal('match_recipient'), pattern }),
    /** Some value of the header (unfolded, decoded) contains a match, e.g. Subject `invoice`. */
    z.object({ type: z.literal('match_header'), header: headerName, pattern }),
    z.object({ type: z.literal('catch_all') }),
  ],
  { error: 'Choose match_recipient, match_header or catch_all' },
);
export type RouteExpression = z.infer<typeof routeExpressionSchema>;

const httpUrl = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(2000, 'A URL has at most 2000 characters')
  .refine(
    (value) => /^https?:\/\/[^\s/?#@]*@?[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i.test(value),
    'Enter a URL starting with https:// (or http://)',
  );

export const routeActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('forward_email'), address: z.email('Enter a valid email address').max(254) }),
    z.object({ type: z.literal('forward_url'), url: httpUrl }),
    z.object({
      type: z.literal('store'),
      days: z.coerce
        .number()
        .int()
        .min(ROUTE_LIMITS.storeDays.min)
        .max(ROUTE_LIMITS.storeDays.max)
        .default(ROUTE_LIMITS.storeDays.default),
      notify_url: httpUrl.nullish(),
    }),
    z.object({ type: z.literal('stop') }),
  ],
  { error: 'Choose forward_email, forward_url, store or stop' },
);
export type RouteAction = z.infer<typeof routeActionSchema>;

export const routeSchema = z.object({
  id: z.number().int(),
  did: z.number().int(),
  priority: z.number().int(),
  description: z.string(),
  expression: routeExpressionSchema,
  actions: z.array(routeActionSchema),
  mode: z.enum(ROUTE_MODES),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Route = z.infer<typeof routeSchema>;

export const routeInput = z
  .object({
    priority: z.coerce.number().int().min(0).max(32_767).default(0),
    description: z.string().trim().max(500).default(''),
    expression: routeExpressionSchema,
    actions: z
      .array(routeActionSchema)
      .max(ROUTE_LIMITS.actions, `At most ${ROUTE_LIMITS.actions} actions`)
      .default([]),
    mode: z.enum(ROUTE_MODES, { error: `Choose one of ${ROUTE_MODES.join(', ')}` }).default('accept'),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'accept' && !value.actions.some((a) => a.type !== 'stop')) {
      ctx.addIssue({
        code: 'custom',
        path: ['actions'],
        message: 'An accepting route needs an action: forward, or store',
      });
    }
  });
export type RouteInput = z.output<typeof routeInput>;

/** Mailgun's spelling of an expression, for lists: match_recipient("…"), match_header("…", "…"), catch_all(). */
export function formatRouteExpression(expression: RouteExpression): string {
  if (expression.type === 'catch_all') return 'catch_all()';
  if (expression.type === 'match_recipient') return `match_recipient(${JSON.stringify(expression.pattern)})`;
  return `match_header(${JSON.stringify(expression.header)}, ${JSON.stringify(expression.pattern)})`;
}

/** Mailgun's spelling of an action: forward("…"), store(notify="…"), stop(). */
export function formatRouteAction(action: RouteAction): string {
  if (action.type === 'forward_email') return `forward(${JSON.stringify(action.address)})`;
  if (action.type === 'forward_url') return `forward(${JSON.stringify(action.url)})`;
  if (action.type === 'stop') return 'stop()';
  const notify = action.notify_url ? `, notify=${JSON.stringify(action.notify_url)}` : '';
  return `store(days=${action.days}${notify})`;
}

/** A pasted message in the test box: RFC 5322 text, at most this long (the MX itself takes up to INBOUND_MAX_SIZE). */
export const ROUTE_MATCH_RAW_MAX = 256 * 1024;

/**
 * The test box: a recipient and optionally header fields, or a pasted message (its header fields are matched, and
 * the recipient defaults to its first To/Cc address at the domain), tried against the domain's enabled routes.
 */
export const routeMatchInput = z
  .object({
    recipient: z.email('Enter a valid email address').max(254).optional(),
    headers: z
      .array(z.object({ name: headerName, value: z.string().max(2000) }))
      .max(50)
      .default([]),
    raw: z
      .string()
      .max(ROUTE_MATCH_RAW_MAX, `A pasted message has at most ${ROUTE_MATCH_RAW_MAX / 1024} KB here`)
      .refine((raw) => /^[\x21-\x39\x3b-\x7e]+:/.test(raw.trimStart()), 'Paste a whole message, header fields first')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.recipient && value.raw === undefined) {
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'This field is required' });
    }
  });

export const routeMatchResult = z.object({
  /** What the MX would do: accept (actions run), hold, bounce, reject (550 at RCPT), or reject as no route matched. */
  outcome: z.enum(['accept', 'hold', 'bounce', 'reject', 'no_match']),
  /** The routes that would run, in order (the last one decided when it holds, bounces, rejects or stops). */
  routes: z.array(routeSchema),
  /** The actions that would run, Mailgun-spelled, in order. */
  actions: z.array(z.string()),
  message: z.string(),
  /** The recipient that was tried (given, or read from a pasted message). */
  recipient: z.string(),
  /** What each step would do, in order (an action, or the domain's policy), without doing it. */
  effects: z.array(z.object({ action: z.string(), effect: z.string() })),
  /** A pasted message as the MX would read it; null without one. */
  pasted: z
    .object({ from: z.string(), subject: z.string(), size: z.number().int(), header_count: z.number().int() })
    .nullable(),
});
export type RouteMatchResult = z.infer<typeof routeMatchResult>;

export const INBOUND_OUTCOMES = ['accepted', 'held', 'bounced'] as const;

export const inboundMessageSummarySchema = z.object({
  id: z.number().int(),
  did: z.number().int(),
  route_id: z.number().int().nullable(),
  recipient: z.string(),
  sender: z.string(),
  from: z.string(),
  subject: z.string(),
  size: z.number().int(),
  outcome: z.enum(INBOUND_OUTCOMES),
  stored: z.boolean(),
  /** What each action did, in order. */
  results: z.array(z.object({ action: z.string(), result: z.string() })),
  /** SPF, DKIM and DMARC of the incoming message; null for messages received before they were checked. */
  auth: inboundAuthSchema.nullable(),
  received_at: z.string(),
  expires_at: z.string(),
});
export type InboundMessageSummary = z.infer<typeof inboundMessageSummarySchema>;

export const inboundMessageSchema = inboundMessageSummarySchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  /** The message exactly as received (base64), for download as .eml. */
  raw: z.string(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

const domainParams = z.object({ domain: id });
const routeParams = z.object({ domain: id, route_id: id });
const messageParams = z.object({ domain: id, inbound_id: id });

export const routesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/routes/:domain',
    access: 'session',
    tag: 'Routes',
    summary: "A domain's inbound routes in the order they are tried (priority, then age).",
    params: domainParams,
    response: listOf(routeSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/routes/:domain',
    access: 'session',
    tag: 'Routes',
    summary: 'Add a route (400 with field errors for a pattern RE2 cannot run, such as a backreference).',
    params: domainParams,
    body: routeInput,
    response: routeSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/routes/:domain/:route_id',
    access: 'session',
    tag: 'Routes',
    summary: 'Change a route.',
    params: routeParams,
    body: routeInput,
    response: routeSchema,
  }),
  state: defineEndpoint({
    method: 'PUT',
    path: '/routes/:domain/:route_id/state',
    access: 'session',
    tag: 'Routes',
    summary: 'Switch a route on or off.',
    params: routeParams,
    body: z.object({ enabled: z.boolean() }),
    response: routeSchema,
  }),
  move: defineEndpoint({
    method: 'PUT',
    path: '/routes/:domain/:route_id/move',
    access: 'session',
    tag: 'Routes',
    summary:
      'Move a route one place up or down: it swaps priorities with its neighbour (routes that share a priority are ' +
      'numbered 10, 20, 30… first). Answers the routes in their new order.',
    params: routeParams,
    body: z.object({ direction: z.enum(['up', 'down'], { error: 'Choose up or down' }) }),
    response: listOf(routeSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/routes/:domain/:route_id',
    access: 'session',
    tag: 'Routes',
    summary: 'Delete a route.',
    params: routeParams,
    response: okResponse,
  }),
  match: defineEndpoint({
    method: 'POST',
    path: '/routes/:domain/match',
    access: 'session',
    tag: 'Routes',
    summary:
      'Which routes a recipient (and headers, or a pasted message) would match and what they would do, without doing it.',
    params: domainParams,
    body: routeMatchInput,
    response: routeMatchResult,
  }),
  policy: defineEndpoint({
    method: 'GET',
    path: '/routes/:domain/policy',
    access: 'session',
    tag: 'Routes',
    summary:
      "The domain's inbound policy (mail no route takes, size limit, required SPF/DKIM/DMARC) and its receiving MX.",
    params: domainParams,
    response: inboundPolicySchema,
  }),
  setPolicy: defineEndpoint({
    method: 'PUT',
    path: '/routes/:domain/policy',
    access: 'session',
    tag: 'Routes',
    summary: 'Change the inbound policy (max_size at most INBOUND_MAX_SIZE, else 400 on max_size).',
    params: domainParams,
    body: inboundPolicyInput,
    response: inboundPolicySchema,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/routes/:domain/messages',
    access: 'session',
    tag: 'Routes',
    summary: 'Recent inbound messages of the domain with their route outcome, newest first; stored=1 only stored.',
    params: domainParams,
    query: pageQuery.pick({ limit: true, skip: true }).extend({ stored: z.enum(['0', '1']).optional() }),
    response: listOf(inboundMessageSummarySchema),
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/routes/:domain/messages/:inbound_id',
    access: 'session',
    tag: 'Routes',
    summary: 'One inbound message while it is kept: parsed (text, HTML, headers, attachments) and raw (base64).',
    params: messageParams,
    response: inboundMessageSchema,
  }),
} as const;
