import { z } from 'zod';
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
});
export type DestinationQueue = z.infer<typeof destinationQueueSchema>;

export const customerQueueSchema = z.object({
  customer_id: z.number().int(),
  customer: z.string(),
  ...queueCounts,
});
export type CustomerQueue = z.infer<typeof customerQueueSchema>;

export const queuesSchema = z.object({
  delivery: z.object({
    total: z.object(queueCounts),
    by_destination: z.array(destinationQueueSchema),
    by_customer: z.array(customerQueueSchema),
  }),
  /** The event bus's queues; no broker is built yet, so always not configured. */
  rabbitmq: z.object({ configured: z.literal(false) }),
});
export type Queues = z.infer<typeof queuesSchema>;

/** Which deferred messages a bulk action takes: every filter given must match; at least one is required. */
export const deferredActionSchema = z
  .object({
    action: z.enum(['retry', 'drop']),
    destination: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'Not a domain name')
      .optional(),
    customer_id: z.number().int().positive().optional(),
    /** Part of the reply that deferred them, any case (plain text, not a pattern). */
    reply: z.string().trim().min(1, 'This field is required').max(200).optional(),
  })
  .refine((f) => f.destination !== undefined || f.customer_id !== undefined || f.reply !== undefined, {
    message: 'Choose a destination, a customer or a reply text',
    path: ['destination'],
  });
export type DeferredAction = z.infer<typeof deferredActionSchema>;

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
    params: z.object({
      destination: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'Not a domain name'),
    }),
    response: z.object({ message: z.string(), count: z.number().int() }),
  }),
  deferred: defineEndpoint({
    method: 'POST',
    path: '/system/monitoring/queues/deferred',
    access: SUPERADMIN,
    tag: 'Monitoring',
    summary:
      'Bulk action on the deferred messages a filter picks (destination, customer, text in the reply that deferred them; at least one): retry them now, or drop them (each recipient gets a hard bounce, category dropped).',
    body: deferredActionSchema,
    response: z.object({ message: z.string(), count: z.number().int() }),
  }),
} as const;
