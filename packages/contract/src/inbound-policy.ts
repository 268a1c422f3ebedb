import { z } from 'zod';
import { DNS_RECORD_STATES } from './domains.ts';

/**
 * A receiving domain's inbound policy (spec 2 "routes with policies"; Postal's Accept/Hold/Bounce/Reject): what the
 * inbound MX does with mail that no route takes, how large a message may be, and which authentication results of the
 * incoming message (SPF, DKIM, DMARC, verified with mailauth) it requires, with what happens to mail failing them.
 */

/** No route matched: refuse at RCPT (550 5.1.1, the default), keep it held, or accept it and send a DSN back. */
export const UNMATCHED_ACTIONS = ['reject', 'hold', 'bounce'] as const;
export type UnmatchedAction = (typeof UNMATCHED_ACTIONS)[number];

/** A required check failed: refuse at DATA (550 5.7.1), keep it held, or run the routes and mark it. */
export const AUTH_FAILURE_ACTIONS = ['reject', 'hold', 'mark'] as const;
export type AuthFailureAction = (typeof AUTH_FAILURE_ACTIONS)[number];

/** The smallest per-domain limit: below this even a short reply with headers would not fit. */
export const INBOUND_MIN_SIZE = 1024;

export const inboundPolicyInput = z.object({
  unmatched: z.enum(UNMATCHED_ACTIONS, { error: `Choose one of ${UNMATCHED_ACTIONS.join(', ')}` }).default('reject'),
  /** Bytes; null: the installation's INBOUND_MAX_SIZE. A larger value than that is a 400 (the server knows it). */
  max_size: z.coerce
    .number({ error: 'Enter a size in bytes' })
    .int('Enter a whole number of bytes')
    .min(INBOUND_MIN_SIZE, `At least ${INBOUND_MIN_SIZE} bytes`)
    .nullable()
    .default(null),
  require_spf: z.boolean().default(false),
  require_dkim: z.boolean().default(false),
  require_dmarc: z.boolean().default(false),
  auth_failure: z
    .enum(AUTH_FAILURE_ACTIONS, { error: `Choose one of ${AUTH_FAILURE_ACTIONS.join(', ')}` })
    .default('reject'),
});
export type InboundPolicyInput = z.output<typeof inboundPolicyInput>;

export const inboundPolicySchema = inboundPolicyInput.extend({
  did: z.number().int(),
  max_size: z.number().int().nullable(),
  /** INBOUND_MAX_SIZE: the ceiling of max_size, and the limit when it is null (advertised in EHLO SIZE). */
  size_limit: z.number().int(),
  /** Null until the policy is first saved (the defaults apply). */
  updated_at: z.string().nullable(),
  /** The receiving MX record (the domain's own MX at our inbound host): mail is taken for routes once it is valid. */
  receiving: z.object({
    /** A sandbox domain has no DNS records and never receives. */
    sandbox: z.boolean(),
    host: z.string(),
    mx_host: z.string(),
    state: z.enum(DNS_RECORD_STATES),
    found: z.array(z.string()),
    checked_at: z.string().nullable(),
  }),
});
export type InboundPolicy = z.infer<typeof inboundPolicySchema>;

/** What mailauth found for an incoming message (RFC 8601 result words: pass, fail, softfail, neutral, none, …). */
export const inboundAuthSchema = z.object({
  spf: z.object({ result: z.string(), domain: z.string() }),
  /** pass when some signature verified; the signing domains that passed (or were tried). */
  dkim: z.object({ result: z.string(), domains: z.array(z.string()) }),
  dmarc: z.object({ result: z.string(), domain: z.string(), policy: z.string() }),
  /** The Authentication-Results field added to the stored and forwarded message. */
  header: z.string(),
});
export type InboundAuth = z.infer<typeof inboundAuthSchema>;
