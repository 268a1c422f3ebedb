import type { BounceCategory } from '@mailwright/contract/constants';
import type { CategoryRule } from './classify.ts';
import type { DsnRule } from './dsn-rules.ts';
import type { SmtpRule } from './smtp-action.ts';

/**
 * Mailwright's own default bounce-category rules, seeded into bounce_category_patterns by migration 0005 (the pattern
 * route test keeps the seed equal to these lists; once 0005 has shipped, change the defaults with a new migration).
 * Rules see `<status>; <reply text>` and the first match wins, so the order is: the sender's status codes, then
 * narrow unambiguous phrases, then broad ones. Case-insensitive. Written from the wording of common MTAs and
 * providers, with KumoMTA's Apache-2.0 rule list as a reference.
 */
const rules = (category: BounceCategory, note: string, ...patterns: string[]): CategoryRule => ({
  category,
  note,
  pattern: patterns.join('|'),
});

export const DEFAULT_CATEGORY_RULES: readonly CategoryRule[] = [
  rules(
    'invalid-sender',
    "RFC 3463 x.1.7/x.1.8: the sender's address or domain is refused",
    String.raw`^[45]\.1\.[78];`,
  ),
  rules(
    'invalid-sender',
    'The sender may not post here, or is not who it claims to be',
    String.raw`permission to post|groups\.google\.com|'send mail as'|sending this from a different address or alias|purported responsible address`,
  ),
  rules(
    'policy-related',
    "Refused by an explicit local policy or the recipient's own settings",
    "for policy reasons|policy violation|violates .{0,30}polic|recipient'?s? preferences|frequency limit",
  ),
  rules(
    'policy-related',
    "au/KDDI answer '550 : User unknown' at DATA when the recipient's own filter refuses the sender",
    String.raw`\b550 : user unknown`,
  ),
  rules(
    'spam-related',
    'The message was judged to be spam (before the authentication rules: such replies often advise setting up SPF)',
    '(scored|classified|detected|flagged|identified|rejected|considered) as (spam|junk)|spam classification|looks like spam|spam (detected|message)|message is spam',
  ),
  rules(
    'policy-related',
    'Sender authentication (SPF, DKIM, DMARC) or reverse DNS failed',
    String.raw`dmarc|\bspf\b|dkim|sender policy framework`,
    String.raw`5\.7\.(2[0-6]|29|509|51[05])\b|authentication information|fails to pass (authentication|spf|dkim)`,
    'unauthenticated (e-?mail|message|sender)|not authenticated|authentication (check )?failed|(smtp )?authentication (is )?required|turn on smtp authentication',
    String.raw`reverse (dns|lookup|address)|\bptr\b|\brdns\b|no reverse|does not have a reverse|hostname does not resolve|cannot find your hostname`,
  ),
  rules(
    'bad-domain',
    'A common canned reply that names a missing account or domain first (and blocklisting only as a maybe)',
    'account or domain may not exist',
  ),
  rules(
    'virus-related',
    'Virus or malware found',
    String.raw`\bvirus|malware|infected|trojan|ransomware|dangerous attachment`,
  ),
  rules(
    'spam-related',
    'The sending IP or domain is blocklisted or distrusted',
    String.raw`black ?list|block ?list|deny ?list|\bdnsbl|rbl\b|spamhaus|spamcop|barracuda|sorbs|abuseat|cloudmark|proofpoint`,
    String.raw`listed (at|on|in|by)|\bbanned\b|poor reputation|bad reputation|low reputation|reputation (of|is)|\bUBE\b`,
    'use the smtp server of your isp|dynamic (ip|address)|dial-?up|residential (ip|address)|invalid ip for sending|(ip|host) (address )?(is )?not (allowed|authori[sz]ed|permitted) to send',
    String.raw`user complaints|unexpected volume|\[TSS?0\d\]|\bofr_?506\b`,
  ),
  rules('quota-issues', "RFC 3463 x.2.3: larger than this recipient's limit", String.raw`^[45]\.2\.3;`),
  rules(
    'content-related',
    'Message format, headers or size refused',
    String.raw`not (rfc[- ]?)?(2?822 |5322 )?compliant|rfc ?(2?822|5322) (violation|compliance|non-?compliant)|violates rfc|multiple (addresses|\S+ headers|from|sender)|duplicate header|header (syntax|too long|is too long|line too long)|line too long|bare lf|8-?bit (data|character)|invalid mime|mime (error|violation)`,
    'message (size )?(exceeds|too (big|large))|(message|mail) size .{0,30}(exceed|limit|too)|size limit|exceeds (the )?(maximum|size)|too big for',
    '(attachment|file type|extension|file name).{0,40}(not allowed|rejected|prohibited|blocked|forbidden)|media error',
  ),
  rules(
    'quota-issues',
    'Mailbox or server storage full',
    'mailbox (is |was )?full|(mail)?box (is )?over|over ?quota|quota (exceeded|exceed|full|violation)|exceed(s|ed)? (the |his |her |their )?(storage|quota|mailbox)',
    '(storage|disk|space) (allocation|quota) exceeded|insufficient (disk |system )?(space|storage)|out of (storage|disk) space|mailbox size limit|user has (exceeded|too many messages)',
    'mail ?box (size )?(limit )?exceeded|too much mail|disk full|no space left|storage (full|exceeded|limit)|full mailbox|exceeds allowed size|mailbox limit',
  ),
  rules(
    'inactive-mailbox',
    'The mailbox exists but is switched off',
    String.raw`(account|mailbox|user|address)\b.{0,40}\b(is|was|has been|been) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|expired|locked|frozen|blocked)`,
    '(disabled|suspended|inactive|deactivated|expired|closed|locked) (e-?mail )?(account|mailbox|user|recipient|address)|(account|mailbox|user) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|locked|frozen)',
    String.raw`(user|account|mailbox) \S+ (temporar(il)?y )?locked|no longer (active|available|in use|valid|accepting)|not active|account (is )?not activated|mailbox (is )?not enabled|compte du destinataire est bloque`,
  ),
  rules(
    'bad-mailbox',
    'No such mailbox',
    'user(name)? (is )?unknown|unknown (user|recipient|local[- ]?part|address|mailbox|e-?mail)|no such (user|mailbox|recipient|address|account|person|local user)',
    String.raw`(user|mailbox|recipient|address|account|addressee)\b.{0,40}\b(does not|doesn't|did not|not) exist|(mailbox|recipient|user|address|account) (was )?not found|recipnotfound`,
    'not a (valid|known) (user|mailbox|recipient)|invalid (recipient|mailbox|user|address|final delivery userid|userid)|recipient (address )?(is )?(invalid|unknown|not recogni[sz]ed)',
    "(recipient|user|addressee) (name )?(is )?not (recogni[sz]ed|listed|local|known)|(mailbox|user|recipient) unavailable|unrecognized recipient|no mailbox here|(address|user) (not|isn't) (known|listed)",
    String.raw`undeliverable address|bad destination (mailbox|address)|not our customer|no valid recipients|user not exist|doesn't have an? \S+ account|no longer on (this |the )?server|has moved`,
    String.raw`recipient address rejected: access denied|(recipient )?address rejected\.?\s*$|utilisateur inconnu|unbekannt|destinataire inconnu`,
  ),
  rules(
    'relaying-issues',
    'The remote server refuses to relay for us',
    "relay(ing)? (access )?(denied|not (permitted|allowed))|(not permitted|unable|not allowed|refused) to relay|we do not relay|no relaying|isn't allowed to relay|relaying (is )?prohibited|not (in|on) my list of allowed rcpthosts|relay not permitted",
  ),
  rules(
    'unreachable-mx',
    'The domain accepts no mail (null MX, no usable MX)',
    "null mx|no mx (record|host|found)|mx (record )?(points|pointing) to|indicated no smtp service|(couldn't|could not|unable to) find a mail exchanger|type=mx",
    String.raw`does not accept mail|accepts no mail|not accepting (network )?messages|loops back to myself|mail for \S+ loops back`,
  ),
  rules(
    'bad-domain',
    'The recipient domain does not exist',
    String.raw`host (or domain name )?(not found|unknown)|host \S+ not found|(couldn't|could not|can't|cannot|unable to) find any host named|domain (name )?(not found|does not exist|unknown|is not valid|invalid|is not reachable)|no such (domain|host)`,
    'unrouteable (address|domain)|unknown (host|domain)|name or service not known|nxdomain|domain lookup failed|dns lookup fail',
  ),
  rules(
    'routing-errors',
    'Mail routing problem',
    'mail loop|loop detected|too many hops|hop count|routing (error|loop|failure)|unroutable',
  ),
  rules(
    'policy-related',
    'Rate or volume limits of the recipient side',
    'receiving mail at a rate|receivingrate|too many (connections|messages|recipients|concurrent)|rate limit|rate.{0,20}exceeded|greylist|gray ?list',
  ),
  rules(
    'protocol-errors',
    'SMTP protocol error',
    'syntax error|bad sequence|command (not )?(recogni[sz]ed|unrecognized|unknown|implemented)|not implemented|unrecognized command|protocol error|malformed address',
  ),
  rules(
    'other',
    "The remote delivery agent failed (not the recipient's fault)",
    'mailer error|operating system error|procmail|lock failure|command died',
  ),
  rules(
    'bad-configuration',
    'Remote misconfiguration or system error',
    String.raw`configuration error|misconfigur|local configuration|config(uration)? problem|system (error|problem)|internal error|local error|\bldap\b|write error|i/o error`,
  ),
  rules(
    'message-expired',
    'Delivery was given up after the queue lifetime (including hosts that never answered)',
    'retry time(out)? (not reached|exceeded)|delivery time expired|message expired|envelope expired|expired after|too long in (the )?queue|in the queue too long',
    String.raw`could not be delivered (for|within) \d+|failed \d+ attempts|after \d+ (delivery )?attempts|will be retried|retried for \d+ more|exceeded (the )?(maximum )?(retry|queue) (time|lifetime)`,
    'connection timed out|timed out|did not accept our requests to connect|host (is )?(not |un)reachable|no route to host|network is unreachable|connection refused|unable to connect|could not connect|socket error',
  ),
];

/**
 * Broad words, consulted only after the operator's rules, the SMTP stage and the specific status codes found nothing:
 * built in rather than seeded, because a pattern list cannot say "after the status code".
 */
export const BROAD_RULES: readonly CategoryRule[] = [
  rules('spam-related', 'Spam and blocks', String.raw`\bspam|junk ?mail|bulk mail|unsolicited|blocked|\bblock\b`),
  rules('content-related', 'Content refused', 'content'),
  rules(
    'policy-related',
    'Refused by a local policy or filter',
    'polic(y|ies)|rejected|refused|denied|not allowed|prohibited|filter|not permitted',
  ),
];

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
