import { z } from 'zod';
import { id } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { MTA_OPERATORS, SUPERADMIN } from './roles.ts';

/** One running Mailwright process (issue 17): it registers itself and refreshes a heartbeat every ~10 s. */
export const mtaProcessSchema = z.object({
  id: z.number().int(),
  /** The roles it runs: api, smtp, worker. */
  roles: z.array(z.string()),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  started_at: z.string(),
  heartbeat_at: z.string(),
  /** Queue rows its delivery worker holds now. */
  in_flight: z.number().int(),
  /** Recipients it delivered in the last minute. */
  delivered_last_minute: z.number().int(),
  /** Outbound SMTP connections it holds open. */
  open_connections: z.number().int(),
});
export type MtaProcess = z.infer<typeof mtaProcessSchema>;

/** Spec 3: "MTAs: grouped lists": the same processes by role (one may appear under several) and by host. */
export const mtaGroups = z.object({
  by_role: z.array(z.object({ role: z.string(), items: z.array(mtaProcessSchema) })),
  by_host: z.array(z.object({ host: z.string(), items: z.array(mtaProcessSchema) })),
});
export type MtaGroups = z.infer<typeof mtaGroups>;

const queueCounts = {
  /** Queue rows (one per message and destination) waiting, whatever their state. */
  queued: z.number().int(),
  /** Claimed by a delivery worker now. */
  in_flight: z.number().int(),
  /** Tried and waiting for a later attempt. */
  deferred: z.number().int(),
  /** Held by an operator's pause of the destination or the customer. */
  paused: z.number().int(),
  /** When the oldest waiting row was accepted. */
  oldest: z.string().nullable(),
};

export const destinationQueueSchema = z.object({
  destination: z.string(),
  ...queueCounts,
  /** The earliest next attempt of its deferred rows. */
  next_attempt: z.string().nullable(),
  /** The latest reply that deferred a message to it. */
  last_reply: z.string().nullable(),
  /** Set while the destination is in backoff (an SMTP pattern slowed it down), with why. */
  backoff: z.object({ reason: z.string(), until: z.string(), hits: z.number().int() }).nullable(),
  /** An operator paused it: no worker delivers to it until it is resumed. */
  is_paused: z.boolean(),
});
export type DestinationQueue = z.infer<typeof destinationQueueSchema>;

export const customerQueueSchema = z.object({
  customer_id: z.number().int(),
  customer: z.string(),
  ...queueCounts,
  /** An operator paused the customer's delivery. */
  is_paused: z.boolean(),
});
export type CustomerQueue = z.infer<typeof customerQueueSchema>;

/** An operator's pause: of a recipient domain or of a customer (one of the two is set). */
export const deliveryPauseSchema = z.object({
  id: z.number().int(),
  destination: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  /** The operator who paused it. */
  paused_by: z.string(),
  created_at: z.string(),
});
export type DeliveryPause = z.infer<typeof deliveryPauseSchema>;

/** One queue of the event bus, as RabbitMQ's management API reports it (rates in messages per second). */
export const eventBusQueueSchema = z.object({
  name: z.string(),
  ready: z.number().int(),
  unacked: z.number().int(),
  consumers: z.number().int(),
  publish_rate: z.number(),
  deliver_rate: z.number(),
  ack_rate: z.number(),
});
export type EventBusQueue = z.infer<typeof eventBusQueueSchema>;

/** Not configured (events go through the database outbox alone), or the relay's backlog and the broker's queues. */
export const eventBusStatusSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    /** Events not yet published to the broker (counted up to 100,000), and the age of the oldest in seconds. */
    unpublished: z.number().int(),
    lag_seconds: z.number(),
    queues: z.array(eventBusQueueSchema),
    /** Why the queue figures are missing (no AMQP_MANAGEMENT_URL, the API unreachable); null when they are shown. */
    error: z.string().nullable(),
  }),
]);
export type EventBusStatus = z.infer<typeof eventBusStatusSchema>;

export const queuesSchema = z.object({
  delivery: z.object({
    total: z.object(queueCounts),
    by_destination: z.array(destinationQueueSchema),
    by_customer: z.array(customerQueueSchema),
    /** Every pause in force, newest first. */
    pauses: z.array(deliveryPauseSchema),
  }),
  /** The event bus (RabbitMQ with AMQP_URL, docs/event-bus.md): the relay's backlog and the broker's queues. */
  rabbitmq: eventBusStatusSchema,
});
export type Queues = z.infer<typeof queuesSchema>;

/** A recipient domain as a path parameter or filter (lower-cased). */
const destinationName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'Not a domain name');

/**
 * Which messages a bulk action takes: every filter given must match; at least one is required. retry: deferred ones
 * come due now; release: paused ones go now although their pause stays; drop: deferred or paused ones end as bounced.
 */
export const deferredActionSchema = z
  .object({
    action: z.enum(['retry', 'release', 'drop']),
    destination: destinationName.optional(),
    customer_id: z.number().int().positive().max(2_147_483_647).optional(),
    /** Part of the reply that deferred them, any case (plain text, not a pattern). */
    reply: z.string().trim().min(1, 'This field is required').max(200).optional(),
  })
  .refine((f) => f.destination !== undefined || f.customer_id !== undefined || f.reply !== undefined, {
    message: 'Choose a destination, a customer or a reply text',
    path: ['destination'],
  });
export type DeferredAction = z.infer<typeof deferredActionSchema>;

/** What an operator action did: a sentence for the snackbar and how many queue rows it took. */
const queueActionResult = z.object({ message: z.string(), count: z.number().int() });

export const mtasEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/system/mtas',
    access: MTA_OPERATORS,
    tag: 'Monitoring',
    summary: 'Running Mailwright processes (roles, host, pid, version, heartbeat, load), grouped by role and by host.',
    response: mtaGroups,
  }),
} as const;

export const queuesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/system/monitoring/queues',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'The delivery queue by destination and by customer (the top `limit` of each, most queued first).',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    response: queuesSchema,
  }),
  retryDestination: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/:destination/retry',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'Retry now: the deferred messages to a destination come due at once (the next attempt is now).',
    params: z.object({ destination: destinationName }),
    response: queueActionResult,
  }),
  pauseDestination: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/:destination/pause',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary:
      'Pause a destination (recipient domain): its queued messages are held, and no worker process delivers to it until it is resumed.',
    params: z.object({ destination: destinationName }),
    response: queueActionResult,
  }),
  resumeDestination: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/:destination/resume',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'Resume a paused destination: its held messages come due now.',
    params: z.object({ destination: destinationName }),
    response: queueActionResult,
  }),
  pauseCustomer: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/customers/:customerId/pause',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: "Pause a customer's delivery: its queued messages are held until it is resumed (intake goes on).",
    params: z.object({ customerId: id }),
    response: queueActionResult,
  }),
  resumeCustomer: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/customers/:customerId/resume',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: "Resume a paused customer's delivery: its held messages come due now.",
    params: z.object({ customerId: id }),
    response: queueActionResult,
  }),
  previewDeferred: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/deferred/preview',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary: 'How many messages a bulk action would take, without taking them (the confirm dialog shows it).',
    body: deferredActionSchema,
    response: queueActionResult,
  }),
  deferred: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/deferred',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary:
      'Bulk action on the messages a filter picks (destination, customer, text in the reply that deferred them; at least one): retry deferred ones now, release paused ones (they go although the pause stays), or drop deferred and paused ones (each recipient gets a hard bounce, category dropped).',
    body: deferredActionSchema,
    response: queueActionResult,
  }),
} as const;
