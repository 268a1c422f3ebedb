import { z } from 'zod';
import { id, listOf, sortOrder } from './common.ts';
import { ACTIONS, PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { inboundEventDetail } from './inbound-events.ts';
import { isStatsAction, queryBool, queryDate } from './stats.ts';

export * from './inbound-events.ts';

export const LOG_SORTS = ['created_at', 'recipient', 'event'] as const;

/** Spec 7: stats/{domain}/logs takes from, to, limit, skip, sort, order, action, recipient, bot and channel. */
export const logsQuery = z.object({
  /** Default: the last 30 days. */
  from: queryDate.optional(),
  to: queryDate.optional(),
  limit: z.coerce.number().int().min(1).max(300).default(PAGE_SIZES.logs),
  skip: z.coerce.number().int().min(0).default(0),
  sort: z.enum(LOG_SORTS).default('created_at'),
  order: sortOrder.default('desc'),
  /** An action, optionally with its channel prefix (seedtest:delivered). */
  action: z.string().refine(isStatsAction, 'Unknown action').optional(),
  recipient: z.string().trim().min(1).max(254).optional(),
  /** false leaves machine (bot) opens and clicks out. */
  bot: queryBool.optional(),
  /**
   * Direction or channel: `outbound` (the mail sent, every channel but inbound), `inbound` (messages the inbound MX
   * took for a route), `all` (the default), or one channel (sms, seedtest, journal, botapi).
   */
  channel: z.string().trim().min(1).max(32).optional(),
});
export type LogsQuery = z.output<typeof logsQuery>;

/** One line of a domain's log: an event with what the message was. */
export const logEntry = z.object({
  id: z.number().int(),
  /** The action, with its channel prefix when it came through one (seedtest:delivered). */
  event: z.string(),
  recipient: z.string(),
  message_id: z.number().int().nullable(),
  /** The Message-ID header (without angle brackets). */
  message_id_header: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  tags: z.array(z.string()),
  category: z.string().nullable(),
  /** The remote SMTP reply or our reason. */
  reply: z.string().nullable(),
  channel: z.string().nullable(),
  bot: z.boolean(),
  url: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  /** An inbound message's event (inbound:received): its sender, subject, route and what the route did; else null. */
  inbound: inboundEventDetail.nullable(),
});
export type LogEntry = z.infer<typeof logEntry>;

export const deliveryAttemptSchema = z.object({
  recipient: z.string(),
  mx_host: z.string().nullable(),
  remote_ip: z.string().nullable(),
  reply_code: z.number().int().nullable(),
  reply_text: z.string(),
  tls: z.boolean(),
  started_at: z.string(),
  duration_ms: z.number().int(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const MESSAGE_RECIPIENT_STATES = ['queued', 'delivered', 'bounced', 'rejected'] as const;

/** One message with everything that happened to it: headers, recipients, events and every delivery attempt. */
export const messageDetail = z.object({
  id: z.number().int(),
  did: z.number().int(),
  message_id_header: z.string(),
  from: z.string(),
  subject: z.string(),
  size_bytes: z.number().int(),
  tags: z.array(z.string()),
  /** The customer's own data for the message (native variables, Mailgun v: and X-Mailgun-Variables, SendGrid custom_args). */
  variables: z.record(z.string(), z.string()),
  /** The template the message was rendered from, and its version's tag (issue 13); null without one. */
  template: z.object({ name: z.string(), tag: z.string() }).nullable(),
  testmode: z.boolean(),
  /** How it came in: smtp, api, mailgun, sendgrid or system. */
  source: z.string(),
  created_at: z.string(),
  /** Empty once the body was pruned by retention. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  recipients: z.array(
    z.object({
      id: z.number().int(),
      recipient: z.string(),
      state: z.enum(MESSAGE_RECIPIENT_STATES),
      attempts: z.number().int(),
      last_reply: z.string().nullable(),
    }),
  ),
  events: z.array(logEntry),
  attempts: z.array(deliveryAttemptSchema),
});
export type MessageDetail = z.infer<typeof messageDetail>;

/** A recent message on the dashboard, with how its recipients fared. */
export const dashboardMessage = z.object({
  id: z.number().int(),
  did: z.number().int(),
  domain: z.string(),
  message_id_header: z.string(),
  from: z.string(),
  subject: z.string(),
  recipients: z.number().int(),
  queued: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  rejected: z.number().int(),
  created_at: z.string(),
});
export type DashboardMessage = z.infer<typeof dashboardMessage>;

/** A domain on the dashboard with its event counts of the last 30 days (from the statistics rollups). */
export const dashboardDomain = z.object({
  did: z.number().int(),
  name: z.string(),
  state: z.string(),
  counts: z.record(z.enum(ACTIONS), z.number()),
});
export type DashboardDomain = z.infer<typeof dashboardDomain>;

const domainParams = z.object({ domain: id });

export const logsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/stats/:domain/logs',
    access: 'session',
    tag: 'Logs',
    summary:
      "A domain's log (:domain is the domain id): its events, newest first, 20 a page; default the last 30 days.",
    params: domainParams,
    query: logsQuery,
    response: listOf(logEntry),
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/stats/:domain/logs/:message',
    access: 'session',
    tag: 'Logs',
    summary:
      'One message of the domain (:message is the message id from a log line): headers, events, delivery attempts.',
    params: domainParams.extend({ message: z.coerce.number().int().positive() }),
    response: messageDetail,
  }),
};

export const dashboardEndpoints = {
  messages: defineEndpoint({
    method: 'GET',
    path: '/customers/dashboard/messages',
    access: 'session',
    tag: 'Dashboard',
    summary: "The acting customer's most recent messages with their recipients' states.",
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
    response: listOf(dashboardMessage),
  }),
  domains: defineEndpoint({
    method: 'GET',
    path: '/customers/dashboard/domains',
    access: 'session',
    tag: 'Dashboard',
    summary: `Up to ${PAGE_SIZES.dashboardDomains} of the customer's domains, busiest first, with 30-day event counts; total_count counts all.`,
    response: listOf(dashboardDomain),
  }),
};
