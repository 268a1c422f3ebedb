import { rule, type SourcedCategoryRule } from './sourced-rule.ts';

// Default category rules about where the message could not go (part of the list category-rules.ts assembles).

/** Routing, network failures, queue expiry and rate limits: failures on the way. */
export const ROUTING_RULES: readonly SourcedCategoryRule[] = [
  // --- Where the message could not go ---
  rule(
    'relaying-issues',
    'The remote server refuses to relay for us',
    "Postfix 'Relay access denied'; Microsoft 550 5.7.54/5.4.1 'Relay Access Denied'; qmail 'sorry, that domain isn't in my list of allowed rcpthosts'; MDaemon/IMail 'This mail server requires authentication when attempting to send to a non-local e-mail address' (KumoMTA community rules); PowerMTA defaults (/\\brelay(ing)?/ relaying-issues); KumoMTA community rules; 'Recipient domain is not hosted here'; 'Relaying disallowed' (the same refusal with another verb); PHPMailer-BMH's rule samples (Exim's 'relaying to <a@b> prohibited by administrator', 'Unauthorized relay msg rejected', 'not local host ..., not a gateway'); Mail::DeliveryStatus::BounceParser's test corpus (MessageLabs' 'you are trying to use me [...] as a relay')",
    [
      // The refusal in either word order, whatever the MTA's exact phrase ("Relay access denied", "Relaying denied",
      // "relay not permitted", "No relaying", "unable to relay", "we do not relay", "isn't allowed to relay").
      String.raw`\brelay(ing)?( access)?( to <?[^\s<>]+>?)? (is |was )?(denied|disallowed|not (permitted|allowed|authori[sz]ed)|prohibited|refused|forbidden)`,
      String.raw`\b(no|not permitted to|unable to|not allowed to|refused to|do not|does not|cannot|can't|isn't allowed to|not authori[sz]ed to) relay(ing)?\b`,
      "(not|isn't) (in|on) my list of allowed rcpthosts|requires authentication when attempting to send to a non-local|domain (is )?not hosted (here|on this server)|unauthori[sz]ed relay(ing)?\\b|\\bnot a gateway\\b|trying to use me\\b.{0,100}\\bas a relay|\\b(use|using) (me|this (server|host|system)) as a relay",
    ],
  ),
  rule(
    'unreachable-mx',
    'The domain accepts no mail (null MX, no usable MX)',
    "RFC 7505 null MX (556 5.1.10 'Recipient address has null MX'); Postfix 'MX host ... has no address record', 'mail for ... loops back to myself'; KumoMTA community rules ('498 No MX for'); RFC 1846 521 'does not accept mail'; RFC 5321 3.1 ('554 No SMTP service here'); Exim 'all relevant MX records point to non-existent hosts', also said of one domain ('MX record of example.jp points to ...'); Microsoft NDR 5.4.8 ('MX record for <domain> points to a local host'); RFC 7505's null MX written as one word ('nullMX'); 'not accepting mail' only of a host or domain, or alone (not a recipient's setting about attachments)",
    [
      String.raw`null ?mx\b|mx (record )?((of|for) \S+ )?(points|pointing) to|mx records point to non-existent hosts`,
      // No mail host at all: "No MX found for domain", "no MX record", "couldn't find a mail exchanger or IP address"
      // (qmail), "has no usable MX".
      String.raw`\bno (usable |valid )?(mx|mail exchanger)s?\b( (record|host|found|for))?|(couldn't|could not|unable to|cannot|can't) find (a |an |any )?(mx|mail exchanger)`,
      // RFC 7504's 521/556 texts ("Host does not accept mail", "Domain does not accept mail"), RFC 1846, RFC 3463 X.3.2
      // ("System not accepting network messages"), RFC 5321 3.1 ("No SMTP service here"), RFC 7505 ("... indicated
      // no SMTP service"): a host or domain that takes no mail, said of itself.
      String.raw`(host|domain|server|system|site)( \S+)? (does not|doesn't|do not|will not) accept (any )?(e-?)?mail(\s*$|[.;,)]| (at all|here)\b)|accepts no mail|(host|domain|server|system|site)( \S+)? (is )?not accepting (network )?(mail|messages)|not accepting (network )?(mail|messages)(\s*$|[.;,)])|\bno (smtp|mail) service\b`,
      String.raw`loops back to myself|mail for \S+ loops back`,
    ],
  ),
  rule(
    'bad-domain',
    'The recipient domain does not exist',
    "RFC 3463 X.1.2 'Bad destination system address'; Postfix 'Host or domain name not found'; Exim 'Unrouteable address'; Sendmail 'Host unknown'; Gmail 553-5.1.2 'We weren't able to find the recipient domain'; Microsoft 'Invalid account. Tenant or Domain not found'; PowerMTA default patterns ('domain (retired|bad|invalid|unknown|illegal|unavailable)', 'domain no longer in use', 'domain ... obsolete'); Microsoft 5.4.310 'DNS domain ... does not exist' and 5.4.4 'SMTPSEND.DNS.NonExistentDomain; nonexistent domain'; the Japanese and Russian words for a domain not found; the resolver's own wording with the verb first (curl/getaddrinfo-style 'Could not resolve host', 'unable to resolve domain'); Exchange 2003 NDR ('could not be found in Domain Name Service (DNS)'); 'Invalid domain' (RFC 3463 X.1.2 in words); 'Domain ... is not registered'; PHPMailer-BMH's rule samples (Exim's 'unrouteable mail domain')",
    [
      String.raw`\bhost (\S+ )?(or domain name )?(not found|unknown)\b|(couldn't|could not|can't|cannot|unable to) find any host named|domain (name )?(not found|does not exist|unknown|is not valid|invalid|is not reachable)|no such (domain|host)|could not be found in (the )?domain name (service|system)|\binvalid (recipient |destination )?domain( name)?\b`,
      "unrouteable (mail )?(address|domain)|unknown (host|domain)|name or service not known|nxdomain|domain lookup failed|dns lookup fail|(weren't|were not) able to find the recipient domain",
      String.raw`domain (retired|bad|illegal|unavailable)\b|domain (\S+ )?(is )?not registered\b|domain no longer in use|domain (\S+ )?(is )?obsolete`,
      String.raw`domain \S+\.\S+ (does not exist|not found)|non-?existent ?domain`,
      // The resolver's failure said with the verb first ("Could not resolve host", "unable to resolve domain"): a
      // permanent one is the domain, a temporary one (4xx) becomes routing-errors like every DNS failure.
      String.raw`(could not|couldn't|cannot|can't|unable to|failed to) resolve (the )?(recipient )?(host|domain|hostname|mx|address|name)\b`,
      '(ドメイン|ホスト)(名)?が(見つかりません|存在しません)|домен\\S* не (найден|существует)',
    ],
  ),
  rule(
    'routing-errors',
    'Mail routing problem',
    "RFC 3463 X.4.6 'Routing loop detected', X.4.4 'Unable to route'; Microsoft 5.4.14 'Hop count exceeded', 5.4.6; qmail 'This message is looping: it already has my Delivered-To line'; PowerMTA defaults (/\\broute\\b/ routing-errors); strerror(3) of ENETUNREACH/EHOSTUNREACH ('Network is unreachable', 'No route to host') as Postfix and Exim report a failed connect; Exchange NDR 5.4.6 ('caused the message to bounce between two servers'); RFC 3834's auto-responder loops ('auto-responder loop')",
    [
      'mail ?loop|loop detected|is looping|too many hops|hop count|routing (error|loop|failure)|unroutable|bounce between (two )?servers|auto-?(responder|reply) loop',
      // Exim 'Too many "Received" headers - suspected mail loop' and Postfix 'mail forwarding loop for'; RFC 3463 X.4.4
      // 'Unable to route' in words.
      String.raw`forwarding loop|\bunable to route\b|\bno (valid )?route (found|for|to (the )?(destination|domain))`,
      // The kernel's words for a network without a way to the host (ENETUNREACH, EHOSTUNREACH as strerror puts them):
      // RFC 3463 X.4.4 'Unable to route', not the queue lifetime (that one names a time: 'expired', 'for 5 days').
      'no route to host|network is unreachable',
    ],
  ),
  rule(
    'routing-errors',
    'The DNS did not answer usably (not a proof that the domain is gone)',
    "RFC 3463 X.4.3 'Directory server failure' (e.g. DNS); Postfix 'Name service error for name=... type=...: Malformed or unexpected name server reply'; Sendmail 'host name lookup failure'; Sendmail's 'Name server timeout'",
    [
      'name ?server (timeout|timed out|failure|error)|name service error|(malformed|unexpected) name server reply|host ?name lookup failure|dns (error|failure|timeout|server failure|query failed)|servfail',
    ],
  ),
  rule(
    'policy-related',
    'Rate or volume limits of the recipient side',
    "Gmail 4.2.1/5.2.1 'receiving mail at a rate that prevents additional messages' and 450 4.2.1 'The user you are trying to contact is receiving mail too quickly'; Microsoft 5.2.121/5.2.122 'per hour message receive limit', RP-001; Yahoo [TS0x] deferrals; greylisting (RFC 6647); 'too many sessions from this IP'",
    [
      'receiving (mail|messages|e-?mail) (at a rate|too (quickly|fast))|receivingrate|too many (connections|sessions|messages|recipients|concurrent)|rate limit|rate.{0,20}exceeded|receive limit|greylist|gray ?list',
      // Outlook.com's published RP-001..RP-003 ('We have limits for how many messages can be sent per hour and per day').
      String.raw`\bRP-00[1-3]\b|limits? (for|on) how many messages`,
      // NetEase's published RP: codes ('RP:QRC', 'RP:TRC': too many mails in a short time), and the words themselves.
      String.raw`\bRP:[A-Z]{3}\b|too many (e-?)?(mails|messages) in a short (period of )?time`,
    ],
  ),
  rule(
    'protocol-errors',
    'SMTP protocol error',
    "RFC 5321 500/501/502/503/504 texts ('Syntax error', 'Bad sequence of commands', 'Command not implemented'); RFC 3463 X.5.x; Exim 'SMTP synchronization error' (RFC 2920 pipelining misuse)",
    [
      'syntax error|bad sequence|command (not )?(recogni[sz]ed|unrecognized|unknown|implemented)|not implemented|unrecognized command|protocol error|malformed address|synchroni[sz]ation error|pipelining (is )?not (allowed|permitted)',
    ],
  ),
  rule(
    'other',
    "The remote delivery agent failed (not the recipient's fault)",
    "Sendmail/qmail local delivery agent failures ('mailer error', procmail, 'command died with status')",
    ['mailer error|operating system error|procmail|lock failure|command died'],
  ),
  rule(
    'bad-configuration',
    'Remote misconfiguration or system error',
    "RFC 3463 X.3.0/X.3.5 'System incorrectly configured'; Exim 451 'Temporary local problem - please try later'; Postfix 'Temporary lookup failure', 'local configuration error'; sysexits.h EX_NOPERM 'Insufficient permission' (as Sendmail reports it)",
    [
      String.raw`configuration error|misconfigur|local configuration|config(uration)? problem|system (error|problem)|internal (server )?error|local error|(temporary )?local problem|write error|i/o error|insufficient permission`,
      String.raw`(unable to|cannot|can't|could not|failed to) (contact|connect to|reach|bind to) (the )?(ldap|directory)|(ldap|directory server) (error|failure|unavailable|not available|timeout|timed out|down)|ldap server (error|failure|unavailable|not available|timeout|timed out|down)|temporary lookup failure`,
    ],
  ),
  rule(
    'message-expired',
    'Delivery was given up after the queue lifetime (including hosts that never answered)',
    "RFC 3463 X.4.7 'Delivery time expired'; Microsoft 4.4.7 'QUEUE.Expired; message expired', 5.4.300/5.4.316; Sendmail 'Deferred: ... Connection timed out', 'could not be delivered for 5 days'; Postfix 'delivery temporarily suspended', 'Connection timed out', 'lost connection with ... while sending'; qmail 'I'm not going to try again; this message has been in the queue too long'; Exchange NDR ('has tried to deliver this message, without success, and has stopped trying'); Outlook.com's NDR ('Despite repeated attempts to deliver your message'); IIS SMTP's 'Delivery to the following recipients was aborted after N hour(s)'; Exim's 'all hosts have been failing for a long time' (its retry rule's give-up, BounceParser's test corpus)",
    [
      'retry time(out)? (not reached|exceeded)|cannot send message (for|within) \\d+|too long in (the )?queue|in the queue too long|(has )?stopped trying|despite repeated attempts',
      // "Message expired", "Envelope expired", "Delivery time expired", "message has expired", "expired after 5 days",
      // "queue lifetime expired": what expired is always the message's time in the queue.
      String.raw`\b(message|envelope|mail|delivery time|delivery|queue (life)?time|lifetime) (has )?expired\b|\bexpired (after|in (the )?queue)`,
      // Counted attempts or time ("failed 20 attempts", "after 5 delivery attempts", "could not be delivered for 5
      // days", "will be retried for 2 more days").
      String.raw`could not be delivered (for|within) \d+|have been failing for a long time|\baborted after \d+(\.\d+)? (hours?|hour\(s\)|days?|day\(s\))|\b\d+ (delivery )?(attempts|retries)\b|will be retried|retried for \d+ more|exceeded (the )?(maximum )?(retry|queue) (time|lifetime)`,
      'connection timed out|timed out|lost connection with|did not accept our requests to connect|host (is )?(not |un)reachable|connection refused|unable to connect|could not connect|socket error',
    ],
  ),
  rule(
    'message-expired',
    "DragonFly Mail Agent's expiry notice ('Could not deliver for the last N seconds')",
    'DragonFly Mail Agent bounce wording (seen in the corpus)',
    [String.raw`could not deliver for the last \d+`],
    ['lhost-dragonfly'],
  ),
  rule(
    'message-expired',
    "Amazon WorkMail's expiry notice ('unable to deliver in N minutes')",
    'Amazon WorkMail bounce wording (seen in the corpus)',
    [String.raw`unable to deliver in \d+ minutes`],
    ['lhost-amazonworkmail'],
  ),
];
