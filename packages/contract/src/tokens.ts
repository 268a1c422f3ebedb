import { z } from 'zod';
import { id, idParams, listOf, okResponse } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMIN_ALLOWED, ADMINS } from './roles.ts';

/** primary: sends for any domain of the customer; sending: for one domain; sign: the webhook signing key. */
export const TOKEN_ROLES = ['primary', 'sending', 'sign'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export const tokenSchema = z.object({
  id: z.number().int(),
  role: z.enum(TOKEN_ROLES),
  note: z.string(),
  /** The first characters of the token, so people can tell their keys apart. */
  prefix: z.string(),
  /** The domain a sending token is for (null for primary tokens). */
  did: z.number().int().nullable(),
  domain: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Token = z.infer<typeof tokenSchema>;

/** A token as answered right after it is created: the only time the secret is readable. */
export const tokenWithSecret = tokenSchema.extend({ token: z.string() });
export type TokenWithSecret = z.infer<typeof tokenWithSecret>;

/** The customer's webhook signing key: readable at any time, since receivers need it to check signatures. */
export const signingKeySchema = z.object({
  id: z.number().int(),
  role: z.literal('sign'),
  note: z.string(),
  token: z.string(),
  created_at: z.string(),
});
export type SigningKey = z.infer<typeof signingKeySchema>;

const noteText = z.string().trim().max(500);
const note = noteText.default('');

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/** An IPv4 address as a 32-bit unsigned number, or null when it is not a dotted quad (no leading zeros). */
export function ipv4ToNumber(address: string): number | null {
  const match = IPV4.exec(address);
  if (!match) return null;
  return match.slice(1).reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

export const numberToIpv4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** An address (a /32) or a CIDR block; null when malformed. `error` explains a block with host bits set. */
export function parseIpv4Range(text: string): { first: number; last: number; cidr: string } | { error: string } | null {
  const [address, bitsText, extra] = text.trim().split('/');
  if (extra !== undefined || address === undefined) return null;
  const base = ipv4ToNumber(address);
  const bits = bitsText === undefined ? 32 : /^\d{1,2}$/.test(bitsText) ? Number(bitsText) : -1;
  if (base === null || bits < 0 || bits > 32) return null;
  const size = 2 ** (32 - bits);
  const first = base - (base % size);
  if (first !== base)
    return { error: `${text.trim()} has host bits set; did you mean ${numberToIpv4(first)}/${bits}?` };
  return { first, last: first + size - 1, cidr: `${numberToIpv4(first)}/${bits}` };
}

export const ipv4Entry = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .superRefine((text, ctx) => {
    const range = parseIpv4Range(text);
    if (range === null)
      ctx.addIssue({ code: 'custom', message: 'Enter an IPv4 address or range, e.g. 192.0.2.10 or 192.0.2.0/24' });
    else if ('error' in range) ctx.addIssue({ code: 'custom', message: range.error });
  });

/** One entry of a token's IP allow-list (an empty list lets any address use the token). */
export const tokenIpSchema = z.object({
  tipid: z.number().int(),
  tid: z.number().int(),
  /** The address or CIDR block as entered. */
  ipv4: z.string(),
  /** The block(s) it covers in CIDR form. */
  ip4_ranges: z.array(z.string()),
  note: z.string(),
  created_at: z.string(),
});
export type TokenIp = z.infer<typeof tokenIpSchema>;

export const tokenIpInput = z.object({ ipv4: ipv4Entry, note });
export type TokenIpInput = z.infer<typeof tokenIpInput>;

const tokenIdParams = idParams;

export const tokensEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/tokens',
    access: ADMINS,
    tag: 'Tokens',
    summary: "The acting customer's API keys of one role: primary (default) or sending (all domains).",
    query: z.object({ role: z.enum(['primary', 'sending']).default('primary') }),
    response: listOf(tokenSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/tokens',
    access: ADMIN_ALLOWED,
    tag: 'Tokens',
    summary:
      "Create a primary API key (it sends for every domain). The token is answered once. The customer's own admin only (spec 5, admin-allowed).",
    body: z.object({
      role: z.literal('primary', { error: 'Only primary keys are created here; sending keys under tokens/{domain}' }),
      note,
    }),
    response: tokenWithSecret,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/tokens/:id',
    access: ADMINS,
    tag: 'Tokens',
    summary: 'Revoke a primary or sending key; it stops working at once.',
    params: tokenIdParams,
    response: okResponse,
  }),
  signing: defineEndpoint({
    method: 'GET',
    path: '/tokens/signing',
    access: ADMINS,
    tag: 'Tokens',
    summary: 'The webhook signing key (created on first read).',
    response: signingKeySchema,
  }),
  rotateSigning: defineEndpoint({
    method: 'PUT',
    path: '/tokens/signing',
    access: ADMINS,
    tag: 'Tokens',
    summary: 'Replace the webhook signing key with a new one.',
    body: z.object({ note: noteText.optional() }).default({}),
    response: signingKeySchema,
  }),
  domainList: defineEndpoint({
    method: 'GET',
    path: '/tokens/:domain',
    access: ADMINS,
    tag: 'Tokens',
    summary: 'The sending keys of a domain; :domain is the domain id (did).',
    params: z.object({ domain: id }),
    response: listOf(tokenSchema),
  }),
  domainCreate: defineEndpoint({
    method: 'POST',
    path: '/tokens/:domain',
    access: ADMINS,
    tag: 'Tokens',
    summary: 'Create a sending key for a domain (:domain is the domain id). The token is answered once.',
    params: z.object({ domain: id }),
    body: z.object({ role: z.literal('sending', { error: 'A domain key has role sending' }), note }),
    response: tokenWithSecret,
  }),
  securityList: defineEndpoint({
    method: 'GET',
    path: '/tokens/:id/security',
    access: ADMINS,
    tag: 'Tokens',
    summary: "A key's IP allow-list; empty means any address may use the key.",
    params: tokenIdParams,
    response: listOf(tokenIpSchema),
  }),
  securityAdd: defineEndpoint({
    method: 'PUT',
    path: '/tokens/:id/security',
    access: ADMINS,
    tag: 'Tokens',
    summary: "Add an IPv4 address or CIDR block to a key's allow-list.",
    params: tokenIdParams,
    body: tokenIpInput,
    response: tokenIpSchema,
  }),
  securityRemove: defineEndpoint({
    method: 'DELETE',
    path: '/tokens/:id/security/:entry_id',
    access: ADMINS,
    tag: 'Tokens',
    summary: "Remove an entry from a key's IP allow-list.",
    params: z.object({ id, entry_id: id }),
    response: okResponse,
  }),
} as const;
