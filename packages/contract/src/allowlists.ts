import { z } from 'zod';
import { id, idParams, listOf, okResponse, pageQuery } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, SUPERADMIN } from './roles.ts';

/**
 * Allow-lists (spec 3 and 7): recipients a domain never suppresses automatically (`whitelists/{domain}`), link hosts a
 * customer may send although the operators' URI blocklist lists them (URI allow-list, upid), and that blocklist
 * (`system/uribl`, ubid), which intake applies to every link of every message.
 */

/** Spec 8 texts of the URI lists, spelled as the spec spells them. */
export const URI_MSG = {
  saved: 'URI saved!',
  deleted: 'URI deleted!',
  toggled: 'URI enabled/disabled!',
  notFound: 'URI not found!',
} as const;

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** The host of a URL or a bare host name, lowercase, without a trailing dot; null when it is neither. */
export function uriHost(input: string): string | null {
  const text = input.trim().toLowerCase();
  // scheme://[userinfo@]host[:port][/?#...] or just host[:port][/...] (RFC 3986 3.2).
  const match = /^(?:[a-z][a-z0-9+.-]*:)?(?:\/\/)?(?:[^/?#@\s]*@)?([^/?#:\s]+)(?::\d*)?(?:[/?#]\S*)?$/.exec(text);
  const host = match?.[1]?.replace(/\.$/, '');
  return host && (DOMAIN_NAME.test(host) || IPV4.test(host)) ? host : null;
}

/** A link host: `example.com` (and every name under it), `http://example.com/x` (its host is kept) or an IPv4. */
export const uriText = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(2000)
  .transform((value, ctx) => {
    const host = uriHost(value);
    if (!host) {
      ctx.addIssue({ code: 'custom', message: 'Enter a domain name or a URL, such as example.com' });
      return z.NEVER;
    }
    return host;
  });

/** A recipient allow-list entry: one address, or a domain name for every address at it. */
export const allowlistRecipient = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'This field is required')
  .max(254)
  .refine(
    (value) => (value.includes('@') ? z.email().safeParse(value).success : DOMAIN_NAME.test(value)),
    'Enter an email address, or a domain name for every address at it',
  );

const note = z.string().trim().max(500);

export const allowlistEntrySchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type AllowlistEntry = z.infer<typeof allowlistEntrySchema>;

/** Adding a recipient that is on the list already changes its note (the console's update). */
export const allowlistWrite = z.object({ recipient: allowlistRecipient, note: note.default('') });
export type AllowlistWrite = z.infer<typeof allowlistWrite>;

export const allowlistDelete = z.object({ recipient: allowlistRecipient.optional(), id: id.optional() });
export type AllowlistDelete = z.infer<typeof allowlistDelete>;

export const allowlistCheck = z.object({
  recipient: z.string(),
  allowed: z.boolean(),
  /** The entry that covers it (the address itself, or its domain). */
  entry: allowlistEntrySchema.nullable(),
});

const domainParams = z.object({ domain: id });

export const uriEntrySchema = z.object({
  upid: z.number().int(),
  uri: z.string(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UriAllowEntry = z.infer<typeof uriEntrySchema>;
export const uriWrite = z.object({ uri: uriText, note: note.default('') });
export type UriWrite = z.infer<typeof uriWrite>;

export const uriBlockSchema = z.object({
  ubid: z.number().int(),
  uri: z.string(),
  note: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UriBlockEntry = z.infer<typeof uriBlockSchema>;
export const uriBlockWrite = uriWrite.extend({ enabled: z.boolean().default(true) });
export type UriBlockWrite = z.infer<typeof uriBlockWrite>;

export const uriListQuery = pageQuery.extend({ limit: z.coerce.number().int().min(0).max(1000).default(50) });
export type UriListQuery = z.infer<typeof uriListQuery>;

export const allowlistsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/whitelists/:domain',
    access: 'session',
    tag: 'Allow-lists',
    summary: "A domain's recipient allow-list (never suppressed automatically); search matches the recipient.",
    params: domainParams,
    query: pageQuery,
    response: listOf(allowlistEntrySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/whitelists/:domain',
    access: 'session',
    tag: 'Allow-lists',
    summary: 'Add a recipient (an address, or a domain for every address at it); an existing one gets the new note.',
    params: domainParams,
    body: allowlistWrite,
    response: allowlistEntrySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/whitelists/:domain',
    access: 'session',
    tag: 'Allow-lists',
    summary: 'Delete an entry by recipient or id (body or query).',
    params: domainParams,
    query: allowlistDelete,
    body: allowlistDelete,
    response: okResponse,
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/whitelists/:domain/check/:recipient',
    access: 'session',
    tag: 'Allow-lists',
    summary: 'Whether the allow-list covers a recipient.',
    params: z.object({ domain: id, recipient: allowlistRecipient }),
    response: allowlistCheck,
  }),
} as const;

export const uriAllowlistEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/whitelists/uris',
    access: ADMINS,
    tag: 'Allow-lists',
    summary: "The customer's URI allow-list: link hosts sent although the URI blocklist lists them.",
    query: uriListQuery,
    response: listOf(uriEntrySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/whitelists/uris',
    access: ADMINS,
    tag: 'Allow-lists',
    summary: "Allow a link host ('URI saved!').",
    body: uriWrite,
    response: uriEntrySchema.extend({ message: z.string() }),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/whitelists/uris/:id',
    access: ADMINS,
    tag: 'Allow-lists',
    summary: "Change an entry ('URI saved!').",
    params: idParams,
    body: uriWrite,
    response: uriEntrySchema.extend({ message: z.string() }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/whitelists/uris/:id',
    access: ADMINS,
    tag: 'Allow-lists',
    summary: "Delete an entry ('URI deleted!').",
    params: idParams,
    response: okResponse,
  }),
} as const;

export const uriBlocklistEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/system/uribl',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: 'The URI blocklist: intake refuses messages linking to these hosts (and names under them).',
    query: uriListQuery.extend({ enabled: z.enum(['true', 'false']).optional() }),
    response: listOf(uriBlockSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/system/uribl',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: "Block a link host ('URI saved!').",
    body: uriBlockWrite,
    response: uriBlockSchema.extend({ message: z.string() }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/system/uribl/:id',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: 'One entry.',
    params: idParams,
    response: uriBlockSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/system/uribl/:id',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: "Change an entry ('URI saved!').",
    params: idParams,
    body: uriBlockWrite,
    response: uriBlockSchema.extend({ message: z.string() }),
  }),
  toggle: defineEndpoint({
    method: 'PUT',
    path: '/system/uribl/:id/toggle',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: "Enable or disable an entry, flipping it when enabled is left out ('URI enabled/disabled!').",
    params: idParams,
    body: z.object({ enabled: z.boolean().optional() }),
    response: uriBlockSchema.extend({ message: z.string() }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/system/uribl/:id',
    access: SUPERADMIN,
    tag: 'URI blocklist',
    summary: "Delete an entry ('URI deleted!').",
    params: idParams,
    response: okResponse,
  }),
} as const;
