import type { CategoryRule } from './classify.ts';
import type { DsnRule } from './dsn-rules.ts';
import type { SmtpRule } from './smtp-action.ts';

/**
 * Mailwright's own default bounce-category rules, seeded into bounce_category_patterns by migration 0005 (a test keeps
 * the two equal). Order matters: the first match wins, so the narrow, unambiguous phrases come before the broad ones.
 * Patterns are case-insensitive regular expressions over the reply text ("550 5.1.1 <a@b>: User unknown").
 * Written from the wording of common MTAs (Postfix, Exim, Sendmail, qmail, Exchange, Gmail, Yahoo, ...), with
 * KumoMTA's Apache-2.0 rule list as a reference.
 */
export const DEFAULT_CATEGORY_RULES: readonly CategoryRule[] = [
  // The message sat in the queue until it expired: the reporting MTA gave up, whatever the last error was.
  {
    category: 'message-expired',
    pattern: String.raw`retry time(out)? (not reached|exceeded)|delivery time expired|message expired|expired after|too long in (the )?queue|timed? ?out .{0,40}\bqueue\b|could not be delivered (for|within) \d+|delivery (attempts|period) (will continue|has expired)|giving up on|(message|mail) (has been )?in (the )?queue too long|exceeded (the )?(maximum )?(retry|queue) (time|lifetime)`,
    note: 'Queue lifetime exhausted',
  },
  {
    category: 'virus-related',
    pattern: String.raw`\bvirus|malware|infected|trojan|\bworm\b|ransomware|dangerous attachment`,
    note: 'Virus or malware found',
  },
  // Envelope sender problems (RFC 3463 x.1.7, x.1.8): our side must fix the return path or its DNS.
  {
    category: 'invalid-sender',
    pattern: String.raw`(domain of )?sender (address|domain) .{0,80}(does not exist|not exist|rejected|invalid|unknown|not verified|verify failed|must exist|resolve fail)|sender verify failed|envelope sender (domain )?(must exist|is invalid|rejected)|sender domain (must exist|resolve fail|not found|does not exist)|invalid sender|unknown sender|sender (is )?(not|un)(allowed|authori[sz]ed|permitted|accepted)|mail from .{0,60}(rejected|refused|not allowed)|bad sender|sender address rejected`,
    note: 'Envelope sender refused',
  },
  // The mailbox does not exist.
  {
    category: 'bad-mailbox',
    pattern: String.raw`user(name)? (is )?unknown|unknown (user|recipient|local[- ]?part|address|mailbox)|no such (user|mailbox|recipient|address|account|person|local user)|(user|mailbox|recipient|address|account)( \S+)? (does not|doesn't|did not) exist|(mailbox|recipient|user|address|account) (was )?not found|not a (valid|known) (user|mailbox|recipient)|invalid (recipient|mailbox|user|address)|recipient (address )?(is )?(invalid|unknown|not recogni[sz]ed)|(recipient|user|addressee) (name )?(is )?not (recogni[sz]ed|listed|local|known)|(mailbox|user|recipient) unavailable|unrecognized recipient|no mailbox here|(address|user) (not|isn't) (known|listed)|undeliverable address|bad destination (mailbox|address)|not our customer|recipient unknown|no valid recipients|user not exist|mailbox is not found|utilisateur inconnu|unbekannt`,
    note: 'No such mailbox',
  },
  {
    category: 'inactive-mailbox',
    pattern: String.raw`(account|mailbox|user|address)( \S+)? (has been |is |was )?(disabled|suspended|deactivated|inactive|closed|expired|locked|frozen|blocked by the admin)|(disabled|suspended|inactive|deactivated|expired|closed) (account|mailbox|user|recipient)|no longer (active|available|in use|valid|accepting)|not active|account (is )?not activated|has moved|moved permanently`,
    note: 'Mailbox exists but is switched off',
  },
  {
    category: 'quota-issues',
    pattern: String.raw`mailbox (is |was )?full|(mail)?box (is )?over|over ?quota|quota (exceeded|exceed|full|violation)|exceed(s|ed)? (the |his |her |their )?(storage|quota|mailbox)|(storage|disk|space) (allocation|quota) exceeded|insufficient (disk |system )?(space|storage)|out of (storage|disk) space|mailbox size limit|user has (exceeded|too many messages)|mail ?box (size )?(limit )?exceeded|too much mail|disk full|no space left|storage (full|exceeded)|full mailbox`,
    note: 'Mailbox or server storage full',
  },
  {
    category: 'relaying-issues',
    pattern: String.raw`relay(ing)? (access )?(denied|not (permitted|allowed))|(not permitted|unable|not allowed|refused) to relay|we do not relay|no relaying|isn't allowed to relay|relaying (is )?prohibited|not (in|on) my list of allowed rcpthosts|relay not permitted`,
    note: 'Remote refuses to relay',
  },
  // Domain problems: NXDOMAIN, no MX, null MX (RFC 7505).
  {
    category: 'unreachable-mx',
    pattern: String.raw`null mx|no mx (record|host)|mx (record )?(points|pointing) to|does not accept mail|accepts no mail|domain .{0,40}does not receive mail|loops back to myself|mail for \S+ loops back`,
    note: 'Domain does not accept mail',
  },
  {
    category: 'bad-domain',
    pattern: String.raw`host (or domain name )?(not found|unknown)|domain (name )?(not found|does not exist|unknown|is not valid|invalid)|no such (domain|host)|unrouteable (address|domain)|unknown (host|domain)|name or service not known|nxdomain|name server:? .{0,40}(not found|host not found)|dns (error|failure)|domain lookup failed|could not resolve|address resolution failed`,
    note: 'Recipient domain does not exist',
  },
  {
    category: 'spam-related',
    pattern: String.raw`black ?list|block ?list|\bdnsbl|\brbl\b|spamhaus|spamcop|barracuda|sorbs|abuseat|listed (at|on|in|by)|\b(ip|address|host|sender|domain|network).{0,40}(is |was |has been )?(blocked|banned|blacklisted|listed)|poor reputation|bad reputation|reputation|\bspam\b|junk ?mail|bulk mail|unsolicited|looks like spam|message.{0,30}(classified|detected|identified) as`,
    note: 'Blocked as spam or for the sending IP/domain reputation',
  },
  {
    category: 'content-related',
    pattern: String.raw`message (size )?(exceeds|too (big|large))|(message|mail) size .{0,30}(exceed|limit|too)|exceeds (the )?(maximum|size)|line too long|header .{0,20}too long|duplicate header|rfc ?(2)?822|rfc ?5322|not (rfc[- ]?)?compliant|content (rejected|denied|not accepted)|(attachment|file type|extension) .{0,40}(not allowed|rejected|prohibited|blocked)|message content|bare lf|8bit|mime`,
    note: 'Message size, format or content refused',
  },
  {
    category: 'policy-related',
    pattern: String.raw`dmarc|\bspf\b|dkim|not authenticated|unauthenticated|authentication (required|failed)|reverse (dns|lookup)|\bptr\b|rdns|policy|polic(ies)|too many (connections|messages|recipients|concurrent)|rate limit|rate.{0,20}exceeded|try again later|temporarily deferred|greylist|gray ?list|not permitted|not allowed|prohibited|refused|rejected|denied|access denied|blocked|filter`,
    note: 'Refused by a local policy (authentication, rate, filter)',
  },
  {
    category: 'no-answer-from-host',
    pattern: String.raw`connection timed out|timed out|timeout|no answer|not responding|no response|could not connect|connection refused|unable to connect|no route to host|host unreachable|network is unreachable`,
    note: 'Remote host did not answer',
  },
  {
    category: 'bad-connection',
    pattern: String.raw`connection (reset|dropped|closed|lost|broken)|lost connection|broken pipe|tls|starttls|ssl|handshake`,
    note: 'Connection broke off',
  },
  {
    category: 'routing-errors',
    pattern: String.raw`mail loop|loop detected|too many hops|hop count|routing|unroutable|route`,
    note: 'Mail routing problem',
  },
  {
    category: 'protocol-errors',
    pattern: String.raw`syntax error|bad sequence|command (not )?(recogni[sz]ed|unrecognized|unknown)|unrecognized command|protocol error|pipelining|line length`,
    note: 'SMTP protocol error',
  },
  {
    category: 'bad-configuration',
    pattern: String.raw`configuration error|misconfigur|local configuration|config(uration)? problem|system error|internal error|local error|mailer error`,
    note: 'Remote misconfiguration or system error',
  },
];

/**
 * Default DSN patterns: for bounces without RFC 3464 fields (qmail, old Sendmail, Exchange 2003, webmail), the text
 * about a recipient decides its status and action. Warnings ("will keep trying") are delays, not failures.
 */
export const DEFAULT_DSN_RULES: readonly DsnRule[] = [
  {
    pattern: String.raw`(will|shall) (continue|keep) (to )?(try|trying|retry)|delivery (is|has been) delayed|has not yet been delivered|warning: (message|could not)|still trying|will be retried`,
    status: '4.0.0',
    action: 'delayed',
    note: 'Delay warning, not a failure',
  },
  {
    pattern: String.raw`user(name)? (is )?unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|(mailbox|recipient|user) (does not|doesn't) exist|not (a )?(valid|known) (user|recipient|mailbox)|recipient name is not recogni[sz]ed`,
    status: '5.1.1',
    action: 'failed',
    note: 'No such mailbox',
  },
  {
    pattern: String.raw`host (or domain name )?(not found|unknown)|domain (not found|does not exist)|no such domain|unrouteable address`,
    status: '5.1.2',
    action: 'failed',
    note: 'No such domain',
  },
  {
    pattern: String.raw`mailbox (is )?full|over ?quota|quota exceeded|exceeds allowed size|insufficient (disk )?space`,
    status: '5.2.2',
    action: 'failed',
    note: 'Mailbox full',
  },
  {
    pattern: String.raw`(account|mailbox) (is )?(disabled|suspended|inactive|deactivated)`,
    status: '5.2.1',
    action: 'failed',
    note: 'Mailbox disabled',
  },
  {
    pattern: String.raw`message (size )?(exceeds|too (big|large))|size limit`,
    status: '5.3.4',
    action: 'failed',
    note: 'Message too big',
  },
  {
    pattern: String.raw`(retry )?time(out)? (exceeded|expired)|too long in (the )?queue|giving up|could not be delivered (for|within)`,
    status: '4.4.7',
    action: 'failed',
    note: 'Queue lifetime exhausted',
  },
  {
    pattern: String.raw`relay(ing)? (access )?denied|unable to relay`,
    status: '5.7.1',
    action: 'failed',
    note: 'Relaying denied',
  },
  {
    pattern: String.raw`spam|blocked|black ?list|block ?list|policy|rejected|refused|denied`,
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
    pattern: String.raw`too many (connections|concurrent|sessions|messages|errors)|connection (rate )?limit|rate limit|rate.{0,20}exceeded|throttl|try again later|slow down|temporarily (deferred|rate limited)|exceeded .{0,20}(rate|limit)`,
    action: 'backoff',
    backoff_minutes: 30,
    note: 'Destination asks us to send more slowly',
  },
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
    pattern: String.raw`^4\d\d.{0,80}(user unknown|no such user|mailbox (not found|unavailable)|does not exist)`,
    action: 'retry',
    backoff_minutes: null,
    note: 'Temporary unknown-user replies (greylisting, verification) are retried, not bounced',
  },
];
