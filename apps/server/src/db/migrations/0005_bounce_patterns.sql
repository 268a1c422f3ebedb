-- Operator rule lists of the mail engine (issue 5): SMTP patterns (what to do with a remote reply), DSN patterns
-- (status and action for bounces that are not RFC 3464 reports) and bounce-category patterns (why a delivery failed).
-- Each list is ordered by position; the first enabled pattern that matches wins. Patterns are regular expressions,
-- case-insensitive unless written as /.../flags. Seeded with Mailwright's defaults (mail/classify/default-rules.ts,
-- kept equal to this seed by a test).

CREATE TABLE smtp_patterns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pattern text NOT NULL,
  action text NOT NULL CHECK (action IN ('retry', 'bounce', 'backoff')),
  -- backoff only: how long the destination stays throttled unless a delivery succeeds first.
  backoff_minutes integer CHECK (backoff_minutes IS NULL OR backoff_minutes > 0),
  note text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX smtp_patterns_position_idx ON smtp_patterns (position, id);

CREATE TABLE dsn_patterns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pattern text NOT NULL,
  -- RFC 3463 enhanced status the matching bounce gets, e.g. 5.1.1.
  status text NOT NULL CHECK (status ~ '^[245]\.[0-9]{1,3}\.[0-9]{1,3}$'),
  -- RFC 3464 2.3.3 action.
  action text NOT NULL CHECK (action IN ('failed', 'delayed', 'delivered')),
  note text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dsn_patterns_position_idx ON dsn_patterns (position, id);

CREATE TABLE bounce_category_patterns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pattern text NOT NULL,
  category text NOT NULL CHECK (category IN ('bad-mailbox', 'inactive-mailbox', 'bad-domain', 'invalid-mailbox',
    'quota-issues', 'spam-related', 'policy-related', 'content-related', 'routing-errors', 'unreachable-mx',
    'message-expired', 'no-answer-from-host', 'protocol-errors', 'relaying-issues', 'virus-related', 'bad-connection',
    'bad-configuration', 'invalid-sender', 'other')),
  -- NULL: hard/soft follows the category and the reply class; true/false overrides it.
  hard boolean,
  note text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bounce_category_patterns_position_idx ON bounce_category_patterns (position, id);

INSERT INTO smtp_patterns (position, pattern, action, backoff_minutes, note) VALUES
  (1, '^4\d\d.{0,80}(reputation|black ?list|block ?list|spamhaus|\brbl\b|dnsbl|unusual (rate|volume)|high volume|complaints|\[TS0\d\]|4\.7\.65[01])', 'backoff', 60, 'Temporary block of our IP or domain'),
  (2, '^5\d\d.{0,80}(black ?list|block ?list|spamhaus|\brbl\b|dnsbl|poor reputation|listed (at|on|in))', 'backoff', 120, 'Our IP is listed: slow this destination down while it is cleared'),
  (3, 'too many (connections|concurrent|sessions|messages|errors)|connection (rate )?limit|rate limit|rate.{0,20}exceeded|throttl|try again later|slow down|temporarily (deferred|rate limited)|exceeded .{0,20}(rate|limit)', 'backoff', 30, 'Destination asks us to send more slowly'),
  (4, '^4\d\d.{0,80}(user unknown|no such user|mailbox (not found|unavailable)|does not exist)', 'retry', NULL, 'Temporary unknown-user replies (greylisting, verification) are retried, not bounced');

INSERT INTO dsn_patterns (position, pattern, status, action, note) VALUES
  (1, '(will|shall) (continue|keep) (to )?(try|trying|retry)|delivery (is|has been) delayed|has not yet been delivered|warning: (message|could not)|still trying|will be retried', '4.0.0', 'delayed', 'Delay warning, not a failure'),
  (2, 'user(name)? (is )?unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|(mailbox|recipient|user) (does not|doesn''t) exist|not (a )?(valid|known) (user|recipient|mailbox)|recipient name is not recogni[sz]ed', '5.1.1', 'failed', 'No such mailbox'),
  (3, 'host (or domain name )?(not found|unknown)|domain (not found|does not exist)|no such domain|unrouteable address', '5.1.2', 'failed', 'No such domain'),
  (4, 'mailbox (is )?full|over ?quota|quota exceeded|exceeds allowed size|insufficient (disk )?space', '5.2.2', 'failed', 'Mailbox full'),
  (5, '(account|mailbox) (is )?(disabled|suspended|inactive|deactivated)', '5.2.1', 'failed', 'Mailbox disabled'),
  (6, 'message (size )?(exceeds|too (big|large))|size limit', '5.3.4', 'failed', 'Message too big'),
  (7, '(retry )?time(out)? (exceeded|expired)|too long in (the )?queue|giving up|could not be delivered (for|within)', '4.4.7', 'failed', 'Queue lifetime exhausted'),
  (8, 'relay(ing)? (access )?denied|unable to relay', '5.7.1', 'failed', 'Relaying denied'),
  (9, 'spam|blocked|black ?list|block ?list|policy|rejected|refused|denied', '5.7.1', 'failed', 'Refused by the remote side');

INSERT INTO bounce_category_patterns (position, pattern, category, hard, note) VALUES
  (1, '^[45]\.1\.[78];', 'invalid-sender', NULL, 'RFC 3463 x.1.7/x.1.8: the sender''s address or domain is refused'),
  (2, 'permission to post|groups\.google\.com|''send mail as''|sending this from a different address or alias|purported responsible address', 'invalid-sender', NULL, 'The sender may not post here, or is not who it claims to be'),
  (3, 'for policy reasons|policy violation|violates .{0,30}polic|recipient''?s? preferences|frequency limit', 'policy-related', NULL, 'Refused by an explicit local policy or the recipient''s own settings'),
  (4, '\b550 : user unknown', 'policy-related', NULL, 'au/KDDI answer ''550 : User unknown'' at DATA when the recipient''s own filter refuses the sender'),
  (5, '(scored|classified|detected|flagged|identified|rejected|considered) as (spam|junk)|spam classification|looks like spam|spam (detected|message)|message is spam', 'spam-related', NULL, 'The message was judged to be spam (before the authentication rules: such replies often advise setting up SPF)'),
  (6, 'dmarc|\bspf\b|dkim|sender policy framework|5\.7\.(2[0-6]|29|509|51[05])\b|authentication information|fails to pass (authentication|spf|dkim)|unauthenticated (e-?mail|message|sender)|not authenticated|authentication (check )?failed|(smtp )?authentication (is )?required|turn on smtp authentication|reverse (dns|lookup|address)|\bptr\b|\brdns\b|no reverse|does not have a reverse|hostname does not resolve|cannot find your hostname', 'policy-related', NULL, 'Sender authentication (SPF, DKIM, DMARC) or reverse DNS failed'),
  (7, 'account or domain may not exist', 'bad-domain', NULL, 'A common canned reply that names a missing account or domain first (and blocklisting only as a maybe)'),
  (8, '\bvirus|malware|infected|trojan|ransomware|dangerous attachment', 'virus-related', NULL, 'Virus or malware found'),
  (9, 'black ?list|block ?list|deny ?list|\bdnsbl|rbl\b|spamhaus|spamcop|barracuda|sorbs|abuseat|cloudmark|proofpoint|listed (at|on|in|by)|\bbanned\b|poor reputation|bad reputation|low reputation|reputation (of|is)|\bUBE\b|use the smtp server of your isp|dynamic (ip|address)|dial-?up|residential (ip|address)|invalid ip for sending|(ip|host) (address )?(is )?not (allowed|authori[sz]ed|permitted) to send|user complaints|unexpected volume|\[TSS?0\d\]|\bofr_?506\b', 'spam-related', NULL, 'The sending IP or domain is blocklisted or distrusted'),
  (10, '^[45]\.2\.3;', 'quota-issues', NULL, 'RFC 3463 x.2.3: larger than this recipient''s limit'),
  (11, 'not (rfc[- ]?)?(2?822 |5322 )?compliant|rfc ?(2?822|5322) (violation|compliance|non-?compliant)|violates rfc|multiple (addresses|\S+ headers|from|sender)|duplicate header|header (syntax|too long|is too long|line too long)|line too long|bare lf|8-?bit (data|character)|invalid mime|mime (error|violation)|message (size )?(exceeds|too (big|large))|(message|mail) size .{0,30}(exceed|limit|too)|size limit|exceeds (the )?(maximum|size)|too big for|(attachment|file type|extension|file name).{0,40}(not allowed|rejected|prohibited|blocked|forbidden)|media error', 'content-related', NULL, 'Message format, headers or size refused'),
  (12, 'mailbox (is |was )?full|(mail)?box (is )?over|over ?quota|quota (exceeded|exceed|full|violation)|exceed(s|ed)? (the |his |her |their )?(storage|quota|mailbox)|(storage|disk|space) (allocation|quota) exceeded|insufficient (disk |system )?(space|storage)|out of (storage|disk) space|mailbox size limit|user has (exceeded|too many messages)|mail ?box (size )?(limit )?exceeded|too much mail|disk full|no space left|storage (full|exceeded|limit)|full mailbox|exceeds allowed size|mailbox limit', 'quota-issues', NULL, 'Mailbox or server storage full'),
  (13, '(account|mailbox|user|address)\b.{0,40}\b(is|was|has been|been) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|expired|locked|frozen|blocked)|(disabled|suspended|inactive|deactivated|expired|closed|locked) (e-?mail )?(account|mailbox|user|recipient|address)|(account|mailbox|user) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|locked|frozen)|(user|account|mailbox) \S+ (temporar(il)?y )?locked|no longer (active|available|in use|valid|accepting)|not active|account (is )?not activated|mailbox (is )?not enabled|compte du destinataire est bloque', 'inactive-mailbox', NULL, 'The mailbox exists but is switched off'),
  (14, 'user(name)? (is )?unknown|unknown (user|recipient|local[- ]?part|address|mailbox|e-?mail)|no such (user|mailbox|recipient|address|account|person|local user)|(user|mailbox|recipient|address|account|addressee)\b.{0,40}\b(does not|doesn''t|did not|not) exist|(mailbox|recipient|user|address|account) (was )?not found|recipnotfound|not a (valid|known) (user|mailbox|recipient)|invalid (recipient|mailbox|user|address|final delivery userid|userid)|recipient (address )?(is )?(invalid|unknown|not recogni[sz]ed)|(recipient|user|addressee) (name )?(is )?not (recogni[sz]ed|listed|local|known)|(mailbox|user|recipient) unavailable|unrecognized recipient|no mailbox here|(address|user) (not|isn''t) (known|listed)|undeliverable address|bad destination (mailbox|address)|not our customer|no valid recipients|user not exist|doesn''t have an? \S+ account|no longer on (this |the )?server|has moved|recipient address rejected: access denied|(recipient )?address rejected\.?\s*$|utilisateur inconnu|unbekannt|destinataire inconnu', 'bad-mailbox', NULL, 'No such mailbox'),
  (15, 'relay(ing)? (access )?(denied|not (permitted|allowed))|(not permitted|unable|not allowed|refused) to relay|we do not relay|no relaying|isn''t allowed to relay|relaying (is )?prohibited|not (in|on) my list of allowed rcpthosts|relay not permitted', 'relaying-issues', NULL, 'The remote server refuses to relay for us'),
  (16, 'null mx|no mx (record|host|found)|mx (record )?(points|pointing) to|indicated no smtp service|(couldn''t|could not|unable to) find a mail exchanger|type=mx|does not accept mail|accepts no mail|not accepting (network )?messages|loops back to myself|mail for \S+ loops back', 'unreachable-mx', NULL, 'The domain accepts no mail (null MX, no usable MX)'),
  (17, 'host (or domain name )?(not found|unknown)|host \S+ not found|(couldn''t|could not|can''t|cannot|unable to) find any host named|domain (name )?(not found|does not exist|unknown|is not valid|invalid|is not reachable)|no such (domain|host)|unrouteable (address|domain)|unknown (host|domain)|name or service not known|nxdomain|domain lookup failed|dns lookup fail', 'bad-domain', NULL, 'The recipient domain does not exist'),
  (18, 'mail loop|loop detected|too many hops|hop count|routing (error|loop|failure)|unroutable', 'routing-errors', NULL, 'Mail routing problem'),
  (19, 'receiving mail at a rate|receivingrate|too many (connections|messages|recipients|concurrent)|rate limit|rate.{0,20}exceeded|greylist|gray ?list', 'policy-related', NULL, 'Rate or volume limits of the recipient side'),
  (20, 'syntax error|bad sequence|command (not )?(recogni[sz]ed|unrecognized|unknown|implemented)|not implemented|unrecognized command|protocol error|malformed address', 'protocol-errors', NULL, 'SMTP protocol error'),
  (21, 'mailer error|operating system error|procmail|lock failure|command died', 'other', NULL, 'The remote delivery agent failed (not the recipient''s fault)'),
  (22, 'configuration error|misconfigur|local configuration|config(uration)? problem|system (error|problem)|internal error|local error|\bldap\b|write error|i/o error', 'bad-configuration', NULL, 'Remote misconfiguration or system error'),
  (23, 'retry time(out)? (not reached|exceeded)|delivery time expired|message expired|envelope expired|expired after|too long in (the )?queue|in the queue too long|could not be delivered (for|within) \d+|failed \d+ attempts|after \d+ (delivery )?attempts|will be retried|retried for \d+ more|exceeded (the )?(maximum )?(retry|queue) (time|lifetime)|connection timed out|timed out|did not accept our requests to connect|host (is )?(not |un)reachable|no route to host|network is unreachable|connection refused|unable to connect|could not connect|socket error', 'message-expired', NULL, 'Delivery was given up after the queue lifetime (including hosts that never answered)');
