import type { DsnRule } from './dsn-rules.ts';
import type { SmtpRule } from './rule-types.ts';

/** The bounce-category defaults live in category-rules.ts (each rule with its public source). */
export { BROAD_RULES, DEFAULT_CATEGORY_RULES } from './category-rules.ts';

/**
 * Default DSN patterns: for bounces without RFC 3464 fields (qmail, old Sendmail, Exchange 2003, webmail), the text
 * about a recipient decides its status and action. Warnings ("will keep trying") are delays, not failures.
 */
export const DEFAULT_DSN_RULES: readonly DsnRule[] = [
  {
    pattern:
      '(will|shall) (continue|keep) (to )?(try|trying|retry)|delivery (is|has been) delayed|has not yet been delivered|warning: (message|could not)|still trying|will be retried',
    status: '4.0.0',
    action: 'delayed',
    note: 'Delay warning, not a failure',
  },
  {
    pattern:
      "user(name)? (is )?unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|(mailbox|recipient|user) (does not|doesn't) exist|not (a )?(valid|known) (user|recipient|mailbox)|recipient name is not recogni[sz]ed",
    status: '5.1.1',
    action: 'failed',
    note: 'No such mailbox',
  },
  {
    pattern:
      'host (or domain name )?(not found|unknown)|domain (not found|does not exist)|no such domain|unrouteable address',
    status: '5.1.2',
    action: 'failed',
    note: 'No such domain',
  },
  {
    pattern: 'mailbox (is )?full|over ?quota|quota exceeded|exceeds allowed size|insufficient (disk )?space',
    status: '5.2.2',
    action: 'failed',
    note: 'Mailbox full',
  },
  {
    pattern: '(account|mailbox) (is )?(disabled|suspended|inactive|deactivated)',
    status: '5.2.1',
    action: 'failed',
    note: 'Mailbox disabled',
  },
  {
    pattern: 'message (size )?(exceeds|too (big|large))|size limit',
    status: '5.3.4',
    action: 'failed',
    note: 'Message too big',
  },
  {
    pattern:
      '(retry )?time(out)? (exceeded|expired)|too long in (the )?queue|giving up|could not be delivered (for|within)',
    status: '4.4.7',
    action: 'failed',
    note: 'Queue lifetime exhausted',
  },
  {
    pattern: 'relay(ing)? (access )?denied|unable to relay',
    status: '5.7.1',
    action: 'failed',
    note: 'Relaying denied',
  },
  {
    pattern: 'spam|blocked|black ?list|block ?list|policy|rejected|refused|denied',
    status: '5.7.1',
    action: 'failed',
    note: 'Refused by the remote side',
  },
];

/**
 * Default SMTP patterns (what the delivery engine does with a reply, as PowerMTA's smtp-pattern-list): back off a
 * destination that says we send too fast or that it distrusts our IP, instead of hammering it; everything else
 * follows the reply class (4xx retry, 5xx bounce).
 */
export const DEFAULT_SMTP_RULES: readonly SmtpRule[] = [
  {
    pattern: String.raw`^4\d\d.{0,80}(reputation|black ?list|block ?list|spamhaus|\brbl\b|dnsbl|unusual (rate|volume)|high volume|complaints|\[TS0\d\]|4\.7\.65[01])`,
    action: 'backoff',
    backoff_minutes: 60,
    note: 'Temporary block of our IP or domain',
  },
  {
    pattern: String.raw`^5\d\d.{0,80}(black ?list|block ?list|spamhaus|\brbl\b|dnsbl|poor reputation|listed (at|on|in))`,
    action: 'backoff',
    backoff_minutes: 120,
    note: 'Our IP is listed: slow this destination down while it is cleared',
  },
  {
    pattern:
      'too many (connections|concurrent|sessions|messages|errors)|connection (rate )?limit|rate limit|rate.{0,20}exceeded|throttl|try again later|slow down|temporarily (deferred|rate limited)|exceeded .{0,20}(rate|limit)',
    action: 'backoff',
    backoff_minutes: 30,
    note: 'Destination asks us to send more slowly',
  },
  {
    pattern: String.raw`^4\d\d.{0,80}(user unknown|no such user|mailbox (not found|unavailable)|does not exist)`,
    action: 'retry',
    backoff_minutes: null,
    note: 'Temporary unknown-user replies (greylisting, verification) are retried, not bounced',
  },
];
