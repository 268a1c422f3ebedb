import { z } from 'zod';
import { idParams, listOf, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** The sandbox domain every customer has (issue 11): no DNS, its mail goes only to the built-in catch-all MX. */
export const sandboxInfoSchema = z.object({
  /** False while the operator turned the sandbox off (SANDBOX=off): sandbox mail is refused at intake. */
  enabled: z.boolean(),
  domain: z.object({ did: z.number().int(), name: z.string() }),
  /** Where to send from: this server's API base and SMTP submission listener. */
  api_url: z.string(),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
});
export type SandboxInfo = z.infer<typeof sandboxInfoSchema>;

/** mailauth's verdict on a received message (RFC 8601 results: pass, fail, none, neutral, …). */
export const sandboxAuthSchema = z.object({
  dkim: z.array(z.object({ domain: z.string(), selector: z.string(), result: z.string(), comment: z.string() })),
  spf: z.object({ domain: z.string(), result: z.string(), comment: z.string() }).nullable(),
  dmarc: z.object({ domain: z.string(), policy: z.string(), result: z.string(), comment: z.string() }).nullable(),
  /** The Authentication-Results header mailauth wrote. */
  header: z.string(),
});
export type SandboxAuth = z.infer<typeof sandboxAuthSchema>;

export const sandboxMessageSummarySchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The envelope: the VERP return path and the recipient it was delivered for. */
  mail_from: z.string(),
  rcpt_to: z.array(z.string()),
  /** The message in Logs (null once retention pruned it). */
  message_id: z.number().int().nullable(),
  size: z.number().int(),
});
export type SandboxMessageSummary = z.infer<typeof sandboxMessageSummarySchema>;

export const sandboxAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** base64; null when larger than the console shows (download the whole message instead). */
  content: z.string().nullable(),
});

export const sandboxMessageSchema = sandboxMessageSummarySchema.extend({
  /** The HTML part as delivered (tracked links and open pixel included); null for a text-only message. */
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  auth: sandboxAuthSchema,
  attachments: z.array(sandboxAttachmentSchema),
  /** The http(s) List-Unsubscribe URL, and whether it takes the RFC 8058 one-click POST. */
  unsubscribe_url: z.string().nullable(),
  one_click: z.boolean(),
  /** The whole message as received (base64), for download as .eml. */
  raw: z.string(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

export const sandboxEndpoints = {
  info: defineEndpoint({
    method: 'GET',
    path: '/sandbox',
    access: 'session',
    tag: 'Sandbox',
    summary: "The acting customer's sandbox domain and where to send from (created on first use if missing).",
    response: sandboxInfoSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/sandbox/messages',
    access: 'session',
    tag: 'Sandbox',
    summary: 'What the catch-all MX received for the acting customer, newest first.',
    query: pageQuery.pick({ limit: true, skip: true }),
    response: listOf(sandboxMessageSummarySchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/sandbox/messages/:id',
    access: 'session',
    tag: 'Sandbox',
    summary: 'One received message: HTML, text, headers, attachments and the DKIM/SPF/DMARC verdict of mailauth.',
    params: idParams,
    response: sandboxMessageSchema,
  }),
} as const;
