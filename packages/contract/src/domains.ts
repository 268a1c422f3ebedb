import { z } from 'zod';
import { idParams, listOf, okResponse, pageQuery } from './common.ts';
import { PAGE_SIZES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADMINS, SUPERADMIN } from './roles.ts';

export const DOMAIN_STATES = ['unverified', 'verified'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/**
 * The DNS records a customer publishes; spf, dkim and return_path are required for a domain to send. receiving (an MX
 * for the domain itself) is for inbound routes only: the inbound MX takes mail for the domain once it verified.
 */
export const DNS_RECORD_KINDS = ['spf', 'dkim', 'dmarc', 'return_path', 'tracking', 'receiving'] as const;
export type DnsRecordKind = (typeof DNS_RECORD_KINDS)[number];
export const REQUIRED_DNS_RECORDS: readonly DnsRecordKind[] = ['spf', 'dkim', 'return_path'];
/** unchecked: not looked up since the record last changed; missing: nothing published; invalid: published but wrong. */
export const DNS_RECORD_STATES = ['unchecked', 'valid', 'invalid', 'missing'] as const;
export type DnsRecordState = (typeof DNS_RECORD_STATES)[number];

/** Host name prefixes of every domain's return-path and tracking hosts; a domain name may not start with them. */
export const BOUNCE_HOST_PREFIX = 'mwb.';
export const TRACKING_HOST_PREFIX = 'mwt.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A real host name (RFC 1035 2.3.1 / RFC 1123 2.1): dot-separated labels and an alphabetic (or IDNA) TLD. */
export function isDomainName(name: string): boolean {
  const labels = name.split('.');
  if (name.length > 253 || labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TLD.test(labels[labels.length - 1] as string);
}

export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((name) => name.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .min(1, 'This field is required')
      // 253 is the DNS limit (RFC 1035 2.3.4); the return-path and tracking hosts add 4 characters to the name.
      .max(249, 'A domain name has at most 249 characters here')
      .refine(isDomainName, 'Enter a domain name such as example.com (international names in their xn-- form)')
      .refine(
        (name) => !name.startsWith(BOUNCE_HOST_PREFIX) && !name.startsWith(TRACKING_HOST_PREFIX),
        `Names starting with ${BOUNCE_HOST_PREFIX} or ${TRACKING_HOST_PREFIX} are reserved for return-path and tracking hosts`,
      ),
  );

export const dnsRecordSchema = z.object({
  kind: z.enum(DNS_RECORD_KINDS),
  type: z.enum(['TXT', 'MX', 'CNAME']),
  /** Where to publish it (fully qualified). */
  host: z.string(),
  /** What to publish (for MX the mail exchanger; its preference is `priority`). */
  value: z.string(),
  priority: z.number().int().nullable(),
  /** Required for sending; the others are recommended and reported, but do not block verification. */
  required: z.boolean(),
  description: z.string(),
  state: z.enum(DNS_RECORD_STATES),
  /** What the last check found at the host. */
  found: z.array(z.string()),
  /** Why the last lookup failed (e.g. ETIMEOUT), when it did. */
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const domainSchema = z.object({
  did: z.number().int(),
  cid: z.number().int(),
  name: z.string(),
  state: z.enum(DOMAIN_STATES),
  dkim_selector: z.string(),
  bounce_host: z.string(),
  tracking_host: z.string(),
  open_tracking: z.boolean(),
  click_tracking: z.boolean(),
  unsubscribe_tracking: z.boolean(),
  /** The customer's sandbox domain: no DNS records, mail only to the built-in catch-all MX, cannot be deleted. */
  sandbox: z.boolean(),
  records: z.array(dnsRecordSchema),
  /** What to know about the records before publishing them (e.g. they name localhost: MAIL_HOSTNAME is unset). */
  dns_notice: z.string().nullable(),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

/** domains/all (operators): every customer's domains, with the customer's name. */
export const operatorDomainSchema = domainSchema.extend({ customer: z.string() });
export type OperatorDomain = z.infer<typeof operatorDomainSchema>;

export const domainSort = z.enum(['name', 'state', 'created_at']);

export const domainCreate = z.object({ name: domainName });
export type DomainCreate = z.infer<typeof domainCreate>;

export const domainUpdate = z.object({
  open_tracking: z.boolean().optional(),
  click_tracking: z.boolean().optional(),
  unsubscribe_tracking: z.boolean().optional(),
  /** A new DKIM selector and key; the domain is unverified until the new DKIM record is published and verified. */
  rotate_dkim: z.boolean().optional(),
});
export type DomainUpdate = z.infer<typeof domainUpdate>;

export const domainsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/domains',
    access: 'session',
    tag: 'Domains',
    summary: "The acting customer's domains, 50 a page by default, searchable by name.",
    query: pageQuery.extend({
      limit: pageQuery.shape.limit.unwrap().default(PAGE_SIZES.domains),
      sort: domainSort.default('name'),
    }),
    response: listOf(domainSchema),
  }),
  all: defineEndpoint({
    method: 'GET',
    path: '/domains/all',
    access: SUPERADMIN,
    tag: 'Domains',
    summary: "Every customer's domains with the customer's name, 20 a page by default; search by domain or customer.",
    query: pageQuery.extend({
      limit: pageQuery.shape.limit.unwrap().default(PAGE_SIZES.allDomains),
      sort: domainSort.default('name'),
    }),
    response: listOf(operatorDomainSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/domains',
    access: ADMINS,
    tag: 'Domains',
    summary:
      'Add a domain: creates its DKIM key and answers the DNS records to publish. A name already taken is a 409.',
    body: domainCreate,
    response: domainSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/domains/:id',
    access: 'session',
    tag: 'Domains',
    summary: 'One domain with the DNS records to publish and the state of each from the last verification.',
    params: idParams,
    response: domainSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id',
    access: ADMINS,
    tag: 'Domains',
    summary: 'Change tracking settings; {rotate_dkim: true} makes a new DKIM selector and key (verify again after).',
    params: idParams,
    body: domainUpdate,
    response: domainSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/domains/:id',
    access: ADMINS,
    tag: 'Domains',
    summary: 'Delete a domain with its SMTP users and sending tokens.',
    params: idParams,
    response: okResponse,
  }),
  verify: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/verify',
    access: ADMINS,
    tag: 'Domains',
    summary:
      'Look up every record through DNS and answer the refreshed domain. SPF, DKIM and the return-path MX are ' +
      'required for `verified`; DMARC and the tracking CNAME are recommended: reported, not required.',
    params: idParams,
    response: domainSchema,
  }),
} as const;
