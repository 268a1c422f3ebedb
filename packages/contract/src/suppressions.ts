import { z } from 'zod';
import { id, idParams, listOf, okResponse, pageQuery } from './common.ts';
import { PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PATTERN_MSG } from './patterns.ts';
import { MTA_OPERATORS } from './roles.ts';

/**
 * Suppression lists (spec 3 and 7): who must not be mailed, per sending domain and type, plus the operators' global
 * list. Intake drops a suppressed recipient with a `rejected` event; the check fails closed. Also here: the CSV upload
 * with its status, the customers' domain patterns (recipient block patterns) and the operators' view of destinations
 * in backoff.
 */

export const SUPPRESSION_TYPES = ['bounce', 'unsubscribe', 'complaint', 'block'] as const;
export type SuppressionType = (typeof SUPPRESSION_TYPES)[number];
export const suppressionType = z.enum(SUPPRESSION_TYPES, {
  error: (issue) =>
    issue.input === undefined ? 'This field is required' : 'Type must be bounce, unsubscribe, complaint or block',
});

/** An e-mail address, compared lowercase (RFC 5321 leaves local parts case-sensitive; no mailbox provider is). */
export const recipientAddress = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This field is required')
  .max(254, 'An address is at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const suppressionSchema = z.object({
  sid: z.number().int(),
  recipient: z.string(),
  type: suppressionType,
  /** The remote reply or complaint that caused it, or the note given when it was added by hand. */
  reason: z.string(),
  category: z.string().nullable(),
  /** auto (a bounce, complaint or unsubscribe), api or upload. */
  source: z.string(),
  created_at: z.string(),
  /** Soft bounces (e.g. quota-issues) suppress only until then; null: until deleted. */
  expires_at: z.string().nullable(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(0).max(1000).default(PAGE_SIZES.suppressions),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type SuppressionListQuery = z.infer<typeof suppressionListQuery>;

export const suppressionCreate = z.object({
  recipient: recipientAddress,
  reason: z.string().trim().max(1000).default(''),
});
export type SuppressionCreate = z.infer<typeof suppressionCreate>;

/** Delete by recipient or by sid (spec 7), in the body or the query string. */
export const suppressionDelete = z.object({
  recipient: recipientAddress.optional(),
  sid: id.optional(),
});
export type SuppressionDelete = z.infer<typeof suppressionDelete>;

const domainTypeParams = z.object({ domain: id, type: suppressionType });

/** What intake would do with this recipient on this domain: every live entry that applies (domain, customer, global). */
export const suppressionCheck = z.object({
  recipient: z.string(),
  suppressed: z.boolean(),
  items: z.array(suppressionSchema.extend({ scope: z.enum(['domain', 'customer', 'global']) })),
  /** The first active domain pattern that blocks the recipient, if any. */
  pattern: z.string().nullable(),
});

export const globalSuppressionListQuery = suppressionListQuery.extend({ type: suppressionType.optional() });

export const UPLOAD_STATES = ['validating', 'importing', 'done', 'failed'] as const;
export const uploadStatusSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  type: z.string().nullable(),
  filename: z.string(),
  /** validating -> importing -> done, or failed (nothing imported). */
  state: z.enum(UPLOAD_STATES),
  /** Data lines in the file (a header line is not counted). */
  total: z.number().int(),
  /** Lines validated so far. */
  processed: z.number().int(),
  imported: z.number().int(),
  /** Lines already on the list, or repeated in the file. */
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** Multipart fields besides the file (the file part is named `file`). */
export const suppressionUploadFields = z.object({ type: suppressionType });
export const SUPPRESSION_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const SUPPRESSION_UPLOAD_MAX_LINES = 500_000;

const tag = 'Suppressions';

export const suppressionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/suppressions/:domain/:type',
    access: 'session',
    tag,
    summary: "A domain's suppressions of one type, newest first (10 a page); search matches the recipient.",
    params: domainTypeParams,
    query: suppressionListQuery,
    response: listOf(suppressionSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/suppressions/:domain/:type',
    access: 'session',
    tag,
    summary: 'Add a recipient to one of the domain lists (409 when it is on it already).',
    params: domainTypeParams,
    body: suppressionCreate,
    response: suppressionSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/suppressions/:domain/:type',
    access: 'session',
    tag,
    summary: 'Delete an entry by recipient or by sid (body or query).',
    params: domainTypeParams,
    query: suppressionDelete,
    body: suppressionDelete,
    response: okResponse,
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/suppressions/:domain/check/:recipient',
    access: 'session',
    tag,
    summary: 'Whether intake would drop this recipient for this domain, and which entries say so.',
    params: z.object({ domain: id, recipient: recipientAddress }),
    response: suppressionCheck,
  }),
  globalList: defineEndpoint({
    method: 'GET',
    path: '/suppressions/global',
    access: MTA_OPERATORS,
    tag,
    summary: 'The global suppression list (every customer), newest first.',
    query: globalSuppressionListQuery,
    response: listOf(suppressionSchema),
  }),
  globalCreate: defineEndpoint({
    method: 'POST',
    path: '/suppressions/global/:type',
    access: MTA_OPERATORS,
    tag,
    summary: 'Suppress a recipient for every customer.',
    params: z.object({ type: suppressionType }),
    body: suppressionCreate,
    response: suppressionSchema,
  }),
  globalRemove: defineEndpoint({
    method: 'DELETE',
    path: '/suppressions/global/global',
    access: MTA_OPERATORS,
    tag,
    summary: 'Delete a global suppression by sid (or recipient, every type).',
    query: suppressionDelete,
    body: suppressionDelete,
    response: okResponse,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/upload/suppressions/:domain',
    access: 'session',
    tag,
    summary:
      'Multipart {file, type}: a CSV of recipients (optional header; columns recipient/email/address and reason). ' +
      'Every line is checked first; errors are reported per line and nothing is imported, else all lines go in at once.',
    params: z.object({ domain: id }),
    response: uploadStatusSchema,
  }),
  uploadStatus: defineEndpoint({
    method: 'GET',
    path: '/upload/status/:id',
    access: 'session',
    tag,
    summary: 'Progress and outcome of an upload.',
    params: idParams,
    response: uploadStatusSchema,
  }),
} as const;

/**
 * Domain patterns (spec: domains/{id}/patterns; note, pattern, active): recipients of a domain's mail that match an
 * active pattern are blocked at intake like block suppressions. A pattern is a wildcard (`*` any run, `?` one
 * character), case-insensitive: with an @ it matches the whole address (`info@*`, `*+test@example.com`), without one
 * the address's domain (`example.com`, `*.example.com`).
 */
export const domainPatternText = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This field is required')
  .max(254)
  .regex(/^[a-z0-9!#$%&'+/=^_`{|}~.*?@-]+$/, 'Use letters, digits, * and ? such as *@example.com or info@*')
  .refine((p) => (p.match(/@/g)?.length ?? 0) <= 1, 'A pattern holds at most one @')
  .refine((p) => /[^*?@.]/.test(p), 'A pattern must name something besides wildcards');

export const domainPatternSchema = z.object({
  id: z.number().int(),
  did: z.number().int(),
  pattern: z.string(),
  note: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DomainPattern = z.infer<typeof domainPatternSchema>;

export const domainPatternWrite = z.object({
  pattern: domainPatternText,
  note: z.string().trim().max(500).default(''),
  active: z.boolean().default(true),
});
export type DomainPatternWrite = z.infer<typeof domainPatternWrite>;

const patternParams = z.object({ id, pid: id });
const savedPattern = domainPatternSchema.extend({ message: z.string() });
export const DOMAIN_PATTERN_MSG = {
  saved: PATTERN_MSG.saved,
  deleted: PATTERN_MSG.deleted,
  notFound: PATTERN_MSG.notFound,
} as const;

export const domainPatternsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/patterns',
    access: 'session',
    tag: 'Domain patterns',
    summary: "A domain's recipient patterns (active ones block matching recipients at intake).",
    params: idParams,
    response: listOf(domainPatternSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/patterns',
    access: 'session',
    tag: 'Domain patterns',
    summary: "Add a pattern ('Pattern saved!').",
    params: idParams,
    body: domainPatternWrite,
    response: savedPattern,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/patterns/:pid',
    access: 'session',
    tag: 'Domain patterns',
    summary: "One pattern ('Pattern not found!' when missing).",
    params: patternParams,
    response: domainPatternSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/patterns/:pid',
    access: 'session',
    tag: 'Domain patterns',
    summary: "Change a pattern ('Pattern saved!').",
    params: patternParams,
    body: domainPatternWrite,
    response: savedPattern,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/domains/:id/patterns/:pid',
    access: 'session',
    tag: 'Domain patterns',
    summary: "Delete a pattern ('Pattern deleted!').",
    params: patternParams,
    response: okResponse,
  }),
} as const;

/** A destination an SMTP pattern put in backoff, with the reply that did it (PowerMTA's smtp-pattern-list mode). */
export const backoffSchema = z.object({
  destination: z.string(),
  reason: z.string(),
  smtp_pattern_id: z.number().int().nullable(),
  mx_host: z.string().nullable(),
  /** Backoff replies seen since it started. */
  hits: z.number().int(),
  started_at: z.string(),
  /** Back to normal then at the latest; a successful delivery ends it sooner. */
  until: z.string(),
});
export type DestinationBackoff = z.infer<typeof backoffSchema>;

export const backoffEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/system/backoff',
    access: MTA_OPERATORS,
    tag: 'Delivery',
    summary: 'Destinations in backoff now (fewer connections, slower rate, longer retries) and why.',
    response: listOf(backoffSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/system/backoff/:destination',
    access: MTA_OPERATORS,
    tag: 'Delivery',
    summary: 'End the backoff of a destination now.',
    params: z.object({
      destination: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'Not a domain name'),
    }),
    response: okResponse,
  }),
} as const;
