import { z } from 'zod';
import { DATE_YEARS, id, isSaneIsoDate, sortOrder } from './common.ts';
import { ACTIONS, BOUNCE_CATEGORIES, CHANNEL_PREFIXES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { INBOUND_EVENT_NAME } from './inbound-events.ts';
import { SUPERADMIN } from './roles.ts';
import { ratePercent, STATS_LEVELS } from './stats-range.ts';

export const STATS_FORMATS = ['graph', 'raw', 'aggregate'] as const;
export type StatsFormat = (typeof STATS_FORMATS)[number];
/** domain: one series per action; dsn: one per bounce category; tag: one per tag (for one action) or per action. */
export const STATS_DATA = ['domain', 'dsn', 'tag'] as const;
export type StatsData = (typeof STATS_DATA)[number];

/** Spec 9: the tag view starts in mode action with event accepted. */
export const DEFAULT_TAG_ACTION = 'accepted';
/** The longest range one statistics call may cover (monthly buckets). */
export const MAX_STATS_RANGE_DAYS = 10 * 366;

/** An action, optionally with a channel prefix (seedtest:delivered), or the inbound event (inbound:received). */
export function isStatsAction(value: string): boolean {
  if (value === INBOUND_EVENT_NAME) return true;
  const prefix = CHANNEL_PREFIXES.find((p) => value.startsWith(p)) ?? '';
  return (ACTIONS as readonly string[]).includes(value.slice(prefix.length));
}

/** A query-string boolean: true, false, 1 or 0. */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Use true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');

export const queryDate = z
  .string()
  .trim()
  .refine(isSaneIsoDate, {
    message: `Enter a date from ${DATE_YEARS.min} to ${DATE_YEARS.max} such as 2026-01-31 or 2026-01-31T12:00:00Z`,
  });

const range = { from: queryDate.optional(), to: queryDate.optional() };

type RangeInput = { from?: string | undefined; to?: string | undefined };
function checkRange(value: RangeInput, ctx: z.RefinementCtx) {
  if (!value.from || !value.to) return;
  const span = Date.parse(value.to) - Date.parse(value.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start' });
  else if (span > MAX_STATS_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'A statistics range covers at most 10 years' });
  }
}

const statsFields = {
  format: z.enum(STATS_FORMATS).default('graph'),
  data: z.enum(STATS_DATA).default('domain'),
  ...range,
  action: z.string().refine(isStatsAction, 'Unknown action').optional(),
  /** Spec 9: bots (machine opens and clicks) are included by default; false leaves them out. */
  bot: queryBool.default(true),
  /** With data=tag: one tag's actions instead of every tag's count of one action. */
  tag: z.string().trim().min(1).max(128).optional(),
};

export const statsQuery = z.object(statsFields).superRefine(checkRange);
export type StatsQuery = z.output<typeof statsQuery>;

/** Customer statistics (all domains); sort and order apply to the aggregate and raw formats. */
export const customerStatsQuery = z
  .object({ ...statsFields, sort: z.enum(['category', 'value', 'date']).optional(), order: sortOrder.default('asc') })
  .superRefine(checkRange);
export type CustomerStatsQuery = z.output<typeof customerStatsQuery>;

export const globalStatsQuery = z.object({ ...range, bot: queryBool.default(true) }).superRefine(checkRange);

export const statsSeries = z.object({ name: z.string(), data: z.array(z.number()) });
export type StatsSeries = z.infer<typeof statsSeries>;

export const statsGraph = z.object({
  series: z.array(statsSeries),
  /** The start of each bucket (ISO, UTC); series data line up with them. */
  categories: z.array(z.string()),
  range: z.object({ from: z.string(), to: z.string(), level: z.enum(STATS_LEVELS) }),
});
export type StatsGraph = z.infer<typeof statsGraph>;

export const aggregateEntry = z.object({ category: z.string(), value: z.number() });
export type AggregateEntry = z.infer<typeof aggregateEntry>;

export const rawStatsEntry = z.object({
  date: z.string(),
  action: z.string(),
  tag: z.string().optional(),
  /** The bounce category, with data=dsn. */
  category: z.string().optional(),
  count: z.number(),
});
export type RawStatsEntry = z.infer<typeof rawStatsEntry>;

export const statsResponse = z.union([statsGraph, z.array(rawStatsEntry), z.array(aggregateEntry)]);
export type StatsResponse = z.infer<typeof statsResponse>;

export const globalStats = z.object({
  global_stats: z.array(z.object({ customer: z.string(), cid: z.number().int(), data: z.array(aggregateEntry) })),
});
export type GlobalStats = z.infer<typeof globalStats>;

export const statsEndpoints = {
  domain: defineEndpoint({
    method: 'GET',
    path: '/stats/:domain',
    access: 'session',
    tag: 'Statistics',
    summary:
      "A domain's statistics from the rollups (:domain is the domain id). The server applies the spec's fetch " +
      'granularity to from/to (default: the last month) and answers the range it used.',
    params: z.object({ domain: id }),
    query: statsQuery,
    response: statsResponse,
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/stats',
    access: { roles: ['admin', 'superadmin', 'partner'] },
    tag: 'Statistics',
    summary: "The acting customer's statistics over all its domains.",
    query: customerStatsQuery,
    response: statsResponse,
  }),
  global: defineEndpoint({
    method: 'GET',
    path: '/stats/global',
    access: SUPERADMIN,
    tag: 'Statistics',
    summary: 'Totals per action for every customer with traffic in the range (default: the last month).',
    query: globalStatsQuery,
    response: globalStats,
  }),
} as const;

const CATEGORY_LABELS = Object.fromEntries(
  BOUNCE_CATEGORIES.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1).replaceAll('-', ' ')]),
);

/** Spec 3, event labels: display names of actions and bounce categories. */
export const EVENT_LABELS: Record<string, string> = {
  accepted: 'Accepted',
  delivered: 'Delivered',
  queued: 'Queued',
  hardbounce: 'Hard bounce',
  softbounce: 'Soft bounce',
  opened: 'Opened',
  clicked: 'Clicked',
  complained: 'Complained',
  unsubscribed: 'Unsubscribed',
  rejected: 'Rejected',
  [INBOUND_EVENT_NAME]: 'Received',
  // Webhook types name the inbound event without its channel.
  received: 'Received',
  ...CATEGORY_LABELS,
};

const CHANNEL_LABELS: Record<string, string> = {
  'sms:': 'SMS',
  'seedtest:': 'Seed test',
  'journal:': 'Journal',
  'botapi:': 'Bot API',
};

/** The display name of an event code, with its channel (seedtest:delivered → "Seed test: Delivered"). */
export function eventLabel(code: string): string {
  const prefix = CHANNEL_PREFIXES.find((p) => code.startsWith(p));
  const base = prefix ? code.slice(prefix.length) : code;
  const label = EVENT_LABELS[base] ?? base;
  return prefix ? `${CHANNEL_LABELS[prefix]}: ${label}` : label;
}

/** Spec 3: each event category has a fixed colour, the same in every chart. */
export const EVENT_COLOURS: Record<string, string> = {
  accepted: '#90a4ae',
  queued: '#b0bec5',
  delivered: '#43a047',
  opened: '#1e88e5',
  clicked: '#8e24aa',
  unsubscribed: '#fb8c00',
  complained: '#e53935',
  rejected: '#6d4c41',
  [INBOUND_EVENT_NAME]: '#00796b',
  softbounce: '#fdd835',
  hardbounce: '#d81b60',
  'bad-mailbox': '#ad1457',
  'inactive-mailbox': '#c2185b',
  'bad-domain': '#7b1fa2',
  'invalid-mailbox': '#5e35b1',
  'quota-issues': '#3949ab',
  'spam-related': '#e64a19',
  'policy-related': '#f4511e',
  'content-related': '#ff7043',
  'routing-errors': '#00897b',
  'unreachable-mx': '#00acc1',
  'message-expired': '#546e7a',
  'no-answer-from-host': '#78909c',
  'protocol-errors': '#8d6e63',
  'relaying-issues': '#a1887f',
  'virus-related': '#c62828',
  'bad-connection': '#0097a7',
  'bad-configuration': '#689f38',
  'invalid-sender': '#afb42b',
  other: '#9e9e9e',
};

/**
 * The rate charts, computed from a graph (the API answers counts; the console derives rates with this): delivered,
 * hard and soft bounces over accepted; rejected over accepted + rejected (rejected mail is never accepted); opened,
 * clicked, unsubscribed and complained over delivered. Percent, rounded per spec 9 (complaint 3 decimals, others 2).
 */
export function rateSeries(graph: Pick<StatsGraph, 'series'>): StatsSeries[] {
  const counts = (name: string) => graph.series.find((s) => s.name === name)?.data ?? [];
  const length = Math.max(0, ...graph.series.map((s) => s.data.length));
  const at = (name: string, i: number) => counts(name)[i] ?? 0;
  const bases: Record<string, (i: number) => number> = {
    delivered: (i) => at('accepted', i),
    hardbounce: (i) => at('accepted', i),
    softbounce: (i) => at('accepted', i),
    rejected: (i) => at('accepted', i) + at('rejected', i),
    opened: (i) => at('delivered', i),
    clicked: (i) => at('delivered', i),
    unsubscribed: (i) => at('delivered', i),
    complained: (i) => at('delivered', i),
  };
  return Object.entries(bases).map(([name, base]) => ({
    name,
    data: Array.from({ length }, (_, i) => ratePercent(at(name, i), base(i), name)),
  }));
}
