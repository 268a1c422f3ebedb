import { z } from 'zod';
import { id, listOf, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SUPERADMIN } from './roles.ts';

/** Spec 3: webhooks are grouped by these events, in this order. */
export const WEBHOOK_EVENTS = [
  'accepted',
  'delivered',
  'rejected',
  'softbounce',
  'hardbounce',
  'opened',
  'clicked',
  'unsubscribed',
  'complained',
  // Issue 13: an inbound message a route took (after the spec's nine: inbound mail is not one of its events).
  'received',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_FORMAT_NAMES = ['json', 'mailgun'] as const;
export type WebhookFormatName = (typeof WEBHOOK_FORMAT_NAMES)[number];

/** How every delivery is authenticated (docs/webhooks.md shows how to verify it). */
export const WEBHOOK_AUTH = 'hmac-sha256';

export const webhookFormatSchema = z.object({
  name: z.string(),
  format: z.enum(WEBHOOK_FORMAT_NAMES),
  auth: z.string(),
});
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

export const WEBHOOK_FORMATS: readonly WebhookFormat[] = [
  { name: 'Mailwright JSON', format: 'json', auth: WEBHOOK_AUTH },
  { name: 'Mailgun compatible', format: 'mailgun', auth: WEBHOOK_AUTH },
];

/** Spec 3, webhook params: the types and formats the console offers. */
export const webhookParamsSchema = z.object({
  types: z.array(z.enum(WEBHOOK_EVENTS)),
  formats: z.array(webhookFormatSchema),
});

export const webhookSchema = z.object({
  id: z.number().int(),
  did: z.number().int(),
  /** The event type (spec 3: a webhook carries type and id). */
  type: z.enum(WEBHOOK_EVENTS),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMAT_NAMES),
  enabled: z.boolean(),
  /** What the receiver answered to the last test when it was not a success; null after a good test. */
  last_test_error: z.string().nullable(),
  last_tested_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookUrl = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(2000, 'A webhook URL has at most 2000 characters')
  .refine(
    (value) => /^https?:\/\/[^\s/?#@]*@?[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i.test(value),
    'Enter a URL starting with https:// (or http://)',
  );

export const webhookInput = z.object({
  type: z.enum(WEBHOOK_EVENTS, { error: `Choose one of ${WEBHOOK_EVENTS.join(', ')}` }),
  url: webhookUrl,
  format: z.enum(WEBHOOK_FORMAT_NAMES).default('json'),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.output<typeof webhookInput>;

export const webhookUpdate = z.object({
  url: webhookUrl,
  format: z.enum(WEBHOOK_FORMAT_NAMES).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.output<typeof webhookUpdate>;

export const webhookTestResult = z.object({ message: z.string(), status: z.number().int() });

/** A delivery that failed every retry (spec 7: webhooks (deferred)), for operators. */
export const deferredWebhookSchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  cid: z.number().int(),
  customer: z.string(),
  did: z.number().int(),
  domain: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  url: z.string(),
  event_id: z.number().int(),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeferredWebhook = z.infer<typeof deferredWebhookSchema>;

const domainParams = z.object({ id });
const webhookParams = z.object({ id, webhook_id: id });

export const webhooksEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/webhooks',
    access: 'session',
    tag: 'Webhooks',
    summary: "A domain's webhooks, one per event type at most.",
    params: domainParams,
    response: listOf(webhookSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/webhooks',
    access: 'session',
    tag: 'Webhooks',
    summary: 'Add the webhook of an event type (409 when the domain already has one for it).',
    params: domainParams,
    body: webhookInput,
    response: webhookSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/webhooks/:webhook_id',
    access: 'session',
    tag: 'Webhooks',
    summary: 'One webhook.',
    params: webhookParams,
    response: webhookSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/webhooks/:webhook_id',
    access: 'session',
    tag: 'Webhooks',
    summary: "Change a webhook's URL (and format or state).",
    params: webhookParams,
    body: webhookUpdate,
    response: webhookSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/domains/:id/webhooks/:webhook_id',
    access: 'session',
    tag: 'Webhooks',
    summary: 'Delete a webhook; deliveries still waiting for it are dropped.',
    params: webhookParams,
    response: okResponse,
  }),
  test: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/webhooks/:webhook_id/test',
    access: 'session',
    tag: 'Webhooks',
    summary:
      'POSTs a signed sample event to the URL now. Answers 400 with what the receiver answered when it was not 2xx ' +
      '(also stored as the webhook last_test_error).',
    params: webhookParams,
    response: webhookTestResult,
  }),
  state: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/webhooks/:webhook_id/state',
    access: 'session',
    tag: 'Webhooks',
    summary: 'Switch a webhook on or off (spec 4).',
    params: webhookParams,
    body: z.object({ enabled: z.boolean() }),
    response: webhookSchema,
  }),
  params: defineEndpoint({
    method: 'GET',
    path: '/extras/webhooks',
    access: 'session',
    tag: 'Webhooks',
    summary: 'The webhook types and formats (name, format, auth).',
    response: webhookParamsSchema,
  }),
  deferred: defineEndpoint({
    method: 'GET',
    path: '/webhooks',
    access: SUPERADMIN,
    tag: 'Webhooks',
    summary: 'Deferred webhooks: deliveries that failed every retry, newest first.',
    query: pageQuery,
    response: listOf(deferredWebhookSchema),
  }),
  replay: defineEndpoint({
    method: 'POST',
    path: '/webhooks/:id/replay',
    access: SUPERADMIN,
    tag: 'Webhooks',
    summary: 'Send a deferred webhook again now, with a fresh set of retries.',
    params: z.object({ id }),
    response: okResponse,
  }),
} as const;
