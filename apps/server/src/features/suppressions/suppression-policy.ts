import type { BounceCategory, SuppressionType } from '@mailwright/contract';

/**
 * The rules of automatic suppression, in one place: which events put a recipient on which list, which bounces
 * suppress only for a while, and that allow-listed recipients are never suppressed automatically. The suppressions
 * consumer (events/) applies them in SQL through autoSuppressionSql(); decideAutoSuppression() is the same rule for
 * one event, and a test holds the two equal.
 */

export const DEFAULT_SOFT_SUPPRESSION_HOURS = 24;

export interface SuppressionPolicy {
  /** How long a hard bounce of a soft category (quota-issues, spam-related, …) keeps the recipient suppressed. */
  softHours: number;
}

export const DEFAULT_POLICY: SuppressionPolicy = { softHours: DEFAULT_SOFT_SUPPRESSION_HOURS };

/** The events that suppress, and the list each one fills. Soft bounces and channel events never suppress. */
export const SUPPRESSING_EVENTS = {
  hardbounce: 'bounce',
  complained: 'complaint',
  unsubscribed: 'unsubscribe',
} as const satisfies Record<string, SuppressionType>;

/**
 * Hard bounces that say the address itself is gone (no such mailbox, switched off, no such domain, no mail accepted):
 * suppressed until someone deletes the entry. Any other hard bounce (a full mailbox, a spam or policy refusal, a
 * message given up on) says little about the address, so it suppresses for `softHours` only.
 */
export const PERMANENT_BOUNCE_CATEGORIES: readonly BounceCategory[] = [
  'bad-mailbox',
  'inactive-mailbox',
  'bad-domain',
  'invalid-mailbox',
  'unreachable-mx',
];

export interface AutoSuppressionInput {
  event: string;
  category: string | null;
  /** seedtest:, journal:, … (null or '' for ordinary mail). */
  channel: string | null;
  recipient: string;
  /** The recipient (or its domain) is on the domain's recipient allow-list. */
  allowListed: boolean;
}

export type AutoSuppression = { type: SuppressionType; expiresAfterHours: number | null };

export function decideAutoSuppression(
  input: AutoSuppressionInput,
  policy: SuppressionPolicy = DEFAULT_POLICY,
): AutoSuppression | null {
  const type = SUPPRESSING_EVENTS[input.event as keyof typeof SUPPRESSING_EVENTS];
  if (!type || input.channel || !input.recipient || input.allowListed) return null;
  const permanent = type !== 'bounce' || PERMANENT_BOUNCE_CATEGORIES.includes(input.category as BounceCategory);
  return { type, expiresAfterHours: permanent ? null : policy.softHours };
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The same rules as SQL fragments over an event row aliased `e` (columns event, category, channel, recipient,
 * customer_id, domain_id), for a one-statement consumer:
 * - `typeOf`: the suppression type of the event, NULL when it does not suppress;
 * - `expiresAt`: when the entry stops suppressing, NULL for never;
 * - `allowListed`: true when the domain's recipient allow-list covers the recipient (address or its domain).
 */
export function autoSuppressionSql(policy: SuppressionPolicy = DEFAULT_POLICY) {
  const hours = Number(policy.softHours);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error('softHours must be a positive number');
  const cases = Object.entries(SUPPRESSING_EVENTS)
    .map(([event, type]) => `WHEN ${quote(event)} THEN ${quote(type)}`)
    .join(' ');
  const permanent = PERMANENT_BOUNCE_CATEGORIES.map(quote).join(', ');
  return {
    typeOf: `(CASE WHEN coalesce(e.channel, '') = '' AND e.recipient <> '' THEN CASE e.event ${cases} END END)`,
    expiresAt: `(CASE WHEN e.event = 'hardbounce' AND coalesce(e.category, '') NOT IN (${permanent})
                      THEN now() + make_interval(secs => ${hours * 3600}) END)`,
    allowListed: `EXISTS (SELECT 1 FROM recipient_allowlist a
                           WHERE a.customer_id = e.customer_id AND a.domain_id = e.domain_id
                             AND a.recipient IN (lower(e.recipient), split_part(lower(e.recipient), '@', 2)))`,
  };
}
