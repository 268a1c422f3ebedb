import { z } from 'zod';
import { okResponse } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SUPERADMIN } from './roles.ts';

/** Spec 9: sender score thresholds 80 and 70; the reputation history's default period is 30 days. */
export const SENDER_SCORE_HIGH = 80;
export const SENDER_SCORE_MEDIUM = 70;
export const REPUTATION_DEFAULT_DAYS = 30;
export const REPUTATION_MAX_DAYS = 365;

export const TRUST_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const SNDS_FILTERS = ['GREEN', 'YELLOW', 'RED'] as const;
export type SndsFilter = (typeof SNDS_FILTERS)[number];
export const SCORE_REPUTATIONS = ['low', 'medium', 'high'] as const;
export type ScoreReputation = (typeof SCORE_REPUTATIONS)[number];
export const REPUTATION_TYPES = ['ami_white', 'snds', 'dnswl', 'senderscore'] as const;
export type ReputationType = (typeof REPUTATION_TYPES)[number];

/** Spec 3/9: Sender Score band: high at 80 and above, medium at 70 and above, else low. */
export function senderScoreReputation(score: number): ScoreReputation {
  if (score >= SENDER_SCORE_HIGH) return 'high';
  if (score >= SENDER_SCORE_MEDIUM) return 'medium';
  return 'low';
}

/** Overall state of an IP or a domain signal; the list is ordered worst first by it. */
export const ALARM_LEVELS = ['critical', 'warn', 'unknown', 'ok'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/**
 * A blocklist answer's level, per reference section 5.6 (deliverability-and-billing.md "Alarm levels"): a listing on
 * Spamhaus or Barracuda is critical, SpamCop (entries expire by themselves in about 24 h) a warning.
 */
export function blocklistLevel(state: { zone: string; listed: boolean }): AlarmLevel {
  if (!state.listed) return 'ok';
  return state.zone === 'bl.spamcop.net' ? 'warn' : 'critical';
}

const day = z.string().describe('UTC day, YYYY-MM-DD');

/** Spec 3: one day of one history type, each type with its own fields. */
export const reputationEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ami_white'), day, listed: z.boolean(), trust: z.enum(TRUST_LEVELS).nullable() }),
  z.object({ type: z.literal('dnswl'), day, listed: z.boolean(), trust: z.enum(TRUST_LEVELS).nullable() }),
  z.object({
    type: z.literal('snds'),
    day,
    filter: z.enum(SNDS_FILTERS),
    msg_recipients: z.number().int(),
    complaint_rate: z.string(),
    trap_hits: z.number().int(),
  }),
  z.object({
    type: z.literal('senderscore'),
    day,
    score: z.number().int(),
    reputation: z.enum(SCORE_REPUTATIONS),
  }),
]);
export type ReputationEntry = z.infer<typeof reputationEntrySchema>;

/** One blocklist's current answer for an IP or domain, and since when it has given it. */
export const blocklistStateSchema = z.object({
  zone: z.string(),
  listed: z.boolean(),
  /** The 127.x answers (each a reason, e.g. ZEN 127.0.0.4 = XBL). */
  codes: z.array(z.string()),
  /** Since when the zone has answered this way (the first check that saw it). */
  since: z.string().nullable(),
  /** Why the zone could not be asked (query refused, timeout): not a listing. */
  error: z.string().nullable().default(null),
});
export type BlocklistState = z.infer<typeof blocklistStateSchema>;

export const blocklistDaySchema = z.object({ zone: z.string(), day, listed: z.boolean(), codes: z.array(z.string()) });

export const ipReputationSchema = z.object({
  ip: z.string(),
  reputations: z.array(reputationEntrySchema),
  blocklist_history: z.array(blocklistDaySchema),
  blocklists: z.array(blocklistStateSchema),
  from: day,
  to: day,
});
export type IpReputation = z.infer<typeof ipReputationSchema>;

/** One IP of the reputations list: the latest of each type, its blocklists, and its overall level. */
export const ipReputationSummarySchema = z.object({
  ip: z.string(),
  ipid: z.number().int().nullable(),
  ptr_host: z.string().nullable(),
  level: z.enum(ALARM_LEVELS),
  /** The latest entry of each history type the IP has. */
  latest: z.array(reputationEntrySchema),
  blocklists: z.array(blocklistStateSchema),
  checked_at: z.string().nullable(),
});
export type IpReputationSummary = z.infer<typeof ipReputationSummarySchema>;

const ipValue = z
  .string()
  .trim()
  .max(45)
  .refine((v) => /^[0-9a-fA-F:.]+$/.test(v) && (v.includes('.') || v.includes(':')), 'Enter an IPv4 or IPv6 address');
const periodDays = z.coerce.number().int().min(1).max(REPUTATION_MAX_DAYS).default(REPUTATION_DEFAULT_DAYS);

/** Spec 7/9: `reputation/ip` with a period option (days, default 30). */
export const ipReputationQuery = z.object({ ip: ipValue, period: periodDays });

/** Domain reputation: one day's rates (percent) and the counts they come from. */
export const domainRateDaySchema = z.object({
  day,
  accepted: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  bounce_rate: z.number(),
  complaint_rate: z.number(),
});

export const domainAuthStateSchema = z.object({
  kind: z.enum(['spf', 'dkim', 'dmarc']),
  state: z.enum(['unchecked', 'valid', 'invalid', 'missing']),
  checked_at: z.string().nullable(),
});

/** Alarm levels (reference 5.6): complaints 0.1% warn / 0.3% critical; bounces 2% warn / 5% critical. */
export const DOMAIN_RATE_ALARMS = {
  complaint: { warn: 0.1, critical: 0.3 },
  bounce: { warn: 2, critical: 5 },
} as const;

export const domainReputationSchema = z.object({
  did: z.number().int(),
  name: z.string(),
  level: z.enum(ALARM_LEVELS),
  blocklists: z.array(blocklistStateSchema),
  rates: z.array(domainRateDaySchema),
  totals: z.object({
    bounce_rate: z.number(),
    complaint_rate: z.number(),
    bounce_level: z.enum(ALARM_LEVELS),
    complaint_level: z.enum(ALARM_LEVELS),
  }),
  auth: z.array(domainAuthStateSchema),
  from: day,
  to: day,
});
export type DomainReputation = z.infer<typeof domainReputationSchema>;

/** The SNDS data-access key an operator stores (sealed at rest); an empty key removes it. */
export const sndsKeyForm = z.object({
  key: z
    .string()
    .trim()
    .max(64)
    // SNDS shows a GUID; letters, digits and dashes only, so the key cannot change the export URL.
    .refine((v) => /^[A-Za-z0-9-]*$/.test(v), 'Enter the key SNDS shows (letters, digits and dashes)'),
});

export const reputationEndpoints = {
  ip: defineEndpoint({
    method: 'GET',
    path: '/reputation/ip',
    access: SUPERADMIN,
    tag: 'Reputation',
    summary:
      "One IP's reputation history under `reputations` (ami_white, snds, dnswl, senderscore per day) and its blocklist listings, for the last `period` days (default 30).",
    query: ipReputationQuery,
    response: ipReputationSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/reputation/ips',
    access: SUPERADMIN,
    tag: 'Reputation',
    summary: "Every sending IP's current reputation (latest of each type, blocklists), worst first.",
    response: z.object({
      reputations: z.array(ipReputationSummarySchema),
      /** Where the SNDS key comes from: stored through the API (sealed), the environment (SNDS_KEY), or none. */
      snds_key: z.enum(['stored', 'environment']).nullable(),
    }),
  }),
  domain: defineEndpoint({
    method: 'GET',
    path: '/reputation/domain/:domain',
    access: 'session',
    tag: 'Reputation',
    summary:
      "A domain's reputation: domain blocklists (Spamhaus DBL and configured others), its bounce and complaint rates per day with alarm levels, and its SPF/DKIM/DMARC state. {domain} is the domain id.",
    params: z.object({ domain: z.coerce.number().int().positive().max(2_147_483_647) }),
    query: z.object({ period: periodDays }),
    response: domainReputationSchema,
  }),
  sndsKey: defineEndpoint({
    method: 'PUT',
    path: '/reputation/snds-key',
    access: SUPERADMIN,
    tag: 'Reputation',
    summary:
      'Store the Microsoft SNDS data-access key (sealed at rest; it overrides SNDS_KEY); an empty key removes it.',
    body: sndsKeyForm,
    response: okResponse,
  }),
} as const;
