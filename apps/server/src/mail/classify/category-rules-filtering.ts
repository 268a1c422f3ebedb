import { rule, type SourcedCategoryRule } from './sourced-rule.ts';

// Default category rules about filtering (part of the list category-rules.ts assembles, in its order).

/** The message judged as spam or carrying a virus; TLS; sender authentication and reverse DNS. */
export const FILTER_RULES: readonly SourcedCategoryRule[] = [
  // --- The message judged as spam, or carrying a virus ---
  rule(
    'spam-related',
    'The message was judged to be spam (before the authentication rules: such replies often advise setting up SPF)',
    "Gmail SMTP errors (5.7.1 'likely unsolicited mail'); Yandex ('Message rejected under suspicion of SPAM'); Mail.ru ('spam message rejected'); QQ Mail's published codes ('Mail content denied', 'Suspected spam sender'); KumoMTA community rules (SpamContent: 'Message rejected as spam', 'blocked due to spam content', 'message content rejected due to spam', 'rejected due to spam or virus classification', 'Message contains Spam Content', 'Blocked Using Spam Pattern'); Free.fr's postmaster refusal ('Too many spams from your IP'); Gmail 421 4.7.0 ('this message is suspicious due to the nature of the content'); NetEase's published DT:SPM code; phishing named as the verdict ('Phishing message detected', 'considered as phishing'), not Gmail's 'spam and phishing' boilerplate; the Russian 'спам'; Mail::DeliveryStatus::BounceParser's test corpus ('appears to be spam', 'SpamBouncer identified SPAM', 'failed several antispam checks', 'using a mass mailer', 'Rejected - bulk email', Mimecast's 'MCSpamSignature')",
    [
      '(scored|classified|detected|flagged|identified|rejected|considered|marked|blocked|denied) as (spam|junk)|\\b(appears|seems) to be (spam|junk)\\b|\\bidentified (as )?(spam|junk)\\b|failed (several |multiple |the |our )?anti-?spam (checks?|tests?|filters?)|\\bmass[- ]?mail(er|ing)?\\b|\\bbulk e-?mail\\b|spam ?signature|spam classification|looks like spam|spam (detected|message|content|pattern)|message is spam|too many spams?\\b|spams? from your (ip|host|server|network)|phishing (message|e-?mail|attempt|detected|content)|(considered|detected|classified|identified|flagged|suspected) (as |of )?phishing|спам|this message is suspicious|message (is|was) (considered |deemed |classified as )?suspicious|\\bDT:SPM\\b',
      String.raw`suspicion of spam|likely (to be )?(unsolicited|spam)|is spam\b|reject(ed)? spam|junk ?mail rejected|spam score|content (looks|appears|was) .{0,20}spam`,
      String.raw`(due to|because of) (suspected |possible )?spam\b|because it is spam|contains? spam|suspected (of )?spam|(spam|junk)( or virus)? classification|mail content denied`,
    ],
  ),
  rule(
    'virus-related',
    'Virus or malware found',
    "PowerMTA default bounce-category-patterns (/\\bvirus\\b/ virus-related); Gmail 552-5.7.0 'content presents a potential security issue'; the CBL (Composite Blocking List) calls a listed sending host 'infected': that one is a blocklist; 'malicious content/attachment' (Proofpoint, Mimecast and Microsoft Defender wordings); a gateway's footer 'has been scanned for all viruses' is no verdict (BounceParser's test corpus), so the plural counts only with what was found",
    [
      // "infected" only said of the message or a file: an "infected host" is a blocklist's word for our sending IP
      // (the CBL's listings), not a virus in this message.
      String.raw`\bvirus(es)? (found|detected|alert|warning)|(contains?|containing|infected (with|by)|detected|found|carr(y|ies|ying)) (an? |the |known |a known )?(virus|viruses)\b|\bvirus\b|malware|\binfected (with|by|attachment|file|message|content|e-?mail)\b|(message|attachment|file|content|e-?mail) (is |was )?infected\b|trojan|ransomware|dangerous attachment|malicious (content|attachment|file|code|software|payload)|potential security issue`,
    ],
  ),

  // --- TLS that could not be set up (before the authentication rules: "TLS is required" there is the remote's demand) ---
  rule(
    'bad-configuration',
    'TLS could not be negotiated, or our own TLS requirement was not met',
    "RFC 3207 (STARTTLS); Postfix smtp_tls_security_level=encrypt/verify ('TLS is required, but was not offered by host', 'Cannot start TLS: handshake failure', 'Server certificate not verified')",
    [
      String.raw`tls is required, but (was not offered|host \S+ refused)|cannot start tls|(starttls|tls) (negotiation |handshake )?(failed|failure|error)|server certificate not (verified|trusted)|certificate verification failed`,
    ],
  ),

  // --- Sender authentication, reverse DNS, TLS ---
  rule(
    'policy-related',
    'Sender authentication (SPF, DKIM, DMARC) or reverse DNS failed',
    "RFC 7372 (x.7.20-x.7.26 authentication codes); Gmail 5.7.25/5.7.26/5.7.27 texts; Microsoft 5.7.509/5.7.515 'does not pass DMARC verification'; Postfix reject_unknown_client_hostname ('cannot find your hostname'); GMX 'Bad DNS PTR resource record'; KumoMTA community rules (AuthenticationFailed)",
    [
      // The mechanism named with what went wrong, in either order: a header dump that only mentions it
      // ("DKIM-Signature:", "dkim=pass") around an unrelated reply says nothing about why it failed.
      String.raw`\b(dmarc|spf|dkim|sender policy framework)\b.{0,60}\b(fail|failed|failure|fails|softfail|hardfail|not pass|did not pass|does not pass|reject|rejected|polic(y|ies)|check|verification|alignment|records?|authenticat\S*|required|invalid|missing)\b`,
      String.raw`\b(fail|failed|failure|fails|not pass|did not pass|does not pass|reject|rejected|violat\S*|check|authenticate with)\b.{0,60}\b(dmarc|spf|dkim|sender policy framework)\b`,
      String.raw`5\.7\.(2[0-6]|29|509|51[05])\b|authentication information|fails to pass (authentication|spf|dkim)`,
      'unauthenticated (e-?mail|message|sender)|not authenticated|authentication (check )?failed|(smtp )?authentication (is )?required|turn on smtp authentication',
      String.raw`reverse (dns|lookup|address)|\bptr\b|\brdns\b|no reverse|does not have a reverse|hostname does not resolve|cannot find your (reverse )?hostname|reverse host ?name`,
      String.raw`must issue a starttls|tls (is )?required|requires? (a )?(secure|encrypted|tls) connection|encryption required`,
    ],
  ),
];

/** Blocks of our IP or domain, explicit policy refusals, and the message's own format and size. */
export const BLOCK_RULES: readonly SourcedCategoryRule[] = [
  // --- Blocks of our IP or domain, named by the list or by reputation ---
  rule(
    'spam-related',
    'The sending IP or domain is blocklisted or distrusted',
    "PowerMTA default bounce-category-patterns (/blacklist/, /\\b(open)?RBL\\b/, /realtime blackhole/); Postfix reject_rbl_client ('Client host [...] blocked using'); Microsoft 5.7.606-649 'banned sending IP', 5.7.708, 'on our block list' (S3150), 4.7.650 reputation; Yahoo [TS0x]/[BL21]/[GL01] (senders.yahooinc.com error codes); Mimecast 'Poor IP reputation'; 'not in our allowlist' and 'You are not allowed to connect' (the sending host refused before any message); iCloud/Proofpoint 'Blocked - see ... dnsbl-lookup'; Barracuda Reputation; Facebook POL-P1..P4/POL-T1..T3 (IP listed or not accepted); Orange OFR_999 (sending IP suspended after earlier breaches); Postfix 'Client host rejected', GMX 'IP address is black listed', Yahoo [BL21] 'Connections will not be accepted from' (the sending IP named as what is refused); Spamhaus's lists named without the word Spamhaus ('your IP is in the PBL', SBL, XBL, CSS, ZEN: spamhaus.org's zone names); Cloudmark CSI, the IP reputation service whose reset page receivers (Orange, Cox, Comcast) link to; Spamhaus PBL's advice to send through the ISP's mail server (smarthost) and the Japanese ISPs' Outbound Port 25 Blocking notices ('use the SMTP server of your ISP'); KumoMTA community rules (SpamBlock; SpamContent 'A URL in this email ... is listed on'); the sending IP literal named as refused ('Mail from 192.0.2.1 not allowed', as Exim ACLs and Sendmail's access map word it); Gmail SMTP errors (421 4.7.0 'IP not in whitelist for RCPT domain'); Postfix reject_invalid_helo_hostname/reject_non_fqdn_helo_hostname ('Helo command rejected'), RFC 5321 4.1.1.1; Yahoo [TSS11]; Cisco Secure Email ('Your access to submit messages to this e-mail system has been rejected'); Sophos ('sender reputation'); PHPMailer-BMH's rule samples ('denyip' pages naming the refused IP); URI blocklists named (URIBL, SURBL: 'breaches local URIBL policy', BounceParser's test corpus)",
    [
      String.raw`(black|block|deny) ?list|\bdeny ?ip\b|\b(uri|sur)bl\b|\bdnsbl|rbl\b|\b(is |are |was )?(listed )?(in|on) (the )?(pbl|sbl|xbl|css|zen)\b|realtime blackhole|spamhaus|spamcop|sorbs|abuseat|\bcbl\b|barracuda ?(central|reputation)|blocked using|dnsbl-lookup|ipcheck\.proofpoint|\bcloudmark\b`,
      String.raw`(ip|host|address|domain|sender|server|network|you|url|uri|link)\b.{0,30}\b(is|are|was|has been|have been) (currently )?listed\b|\blisted (at|on|in|by) .{0,40}(\bbl\b|rbl|block|black|spam|abuse|reputation)`,
      String.raw`banned sending ip|\bbanned (ip|host|sender|domain|server|network|address)\b|(ip|host|sender|domain|server|address|you)\b.{0,30}\b(is|are|has been|have been) banned|(poor|bad|low|negative) (ip |sender |sending |domain )?reputation|\b(ip|sender|sending|domain|host|server) reputation\b|reputation (of|is)|your access to (submit messages to )?this (e-?mail |mail )?system has been (rejected|denied|blocked)|due to (the )?(ip |sender |sending |domain )?reputation|ip not in (whitelist|allow ?list)|(ip|host|server|address|you)\b.{0,30}\bnot (in|on) (our |the |my )?(white|allow) ?list|(not (allowed|permitted|authori[sz]ed)|refused|denied) to connect\b|\bUBE\b|traffic not accepted from this ip|client host (\[\S*\] )?(rejected|blocked)|\bip (address )?(\S+ )?(has been |is )(blocked|rejected)`,
      'dynamic (ip|address)|dial-?up|residential (ip|address)|(ip|host) (address )?(is )?not (allowed|authori[sz]ed|permitted) to send|not authori[sz]ed to send (e-?mail|mail) directly',
      // The sending IP or host named as what is refused: Postfix 'Client host rejected', Gmail 'The IP you're using to
      // send mail is not authorized', Microsoft 'your IP ... has been blocked', GMX 'IP address is black listed', Yahoo
      // [BL21] 'Connections will not be accepted from 192.0.2.1'.
      String.raw`\b(ip|ip address|client host|sending (ip|host|server)|your (ip|host|server|mail server|network|domain))( address)?( \[?[0-9a-f.:]+\]?)?( \([^)]*\))? (has been |is |was |are )?(temporarily |permanently |currently )?(blocked|blacklisted|black listed|rejected|refused|denied|banned|not allowed|not accepted)`,
      String.raw`(mail|e-?mail|messages?|connections?) from \[?[0-9a-f]{1,4}[.:][0-9a-f.:]{5,}\]?:? (is |are |was |were |has been )?(not allowed|not accepted|refused|rejected|denied|blocked)|connections? (will not|won't|are not|is not|not) (be )?accepted from \[?[0-9a-f.:]{7,}\]?|(mail|messages|e-?mail|connections?) from (your |this |the )?(ip|host|server|network)\b.{0,40}\b(blocked|rejected|refused|denied|not (accepted|allowed))`,
      // Facebook POL-P2 ('will no longer accept mail from your mail server's IP Address') and the usual "does not
      // accept mail from your IP/server": our sending host is refused, not the recipient's domain.
      String.raw`(no longer|not|n't|will not|won't) accept(ing)? (any )?(e-?)?mail from (your|this) (mail )?(ip|host|server|network|address)`,
      // Our HELO/EHLO name refused (RFC 5321 4.1.1.1): at that point only our host can have been judged, as at the
      // greeting (Postfix 'Helo command rejected', Exim and Sendmail 'invalid HELO name').
      String.raw`\b(helo|ehlo) (command )?(rejected|refused|denied)|\b(invalid|bad|illegal|forged|bogus) (helo|ehlo)\b|\b(helo|ehlo) (name|host ?name|domain|greeting) (is )?(invalid|not allowed|rejected|refused)`,
      String.raw`user complaints|unexpected volume|\[TSS?\d\d\]|\[BL\d\d\]|\[GL0\d\]|\bRTR:|\bDYN:T|(SC|DY|OU)-00\d|\bPOL-[PT][1-4]\b|\bOFR_?999\b`,
      String.raw`(smtp|mail|outgoing) (server|relay) of your (isp|provider|internet service provider)|your (isp|provider|internet service provider)'?s? (smtp|mail|outgoing) (server|relay)|through your (isp|provider)|(use|through|via) (a |an |your |the )?(isp'?s? )?smarthost`,
    ],
  ),
  rule(
    'spam-related',
    "Yahoo's refusal of an IP not allowed to send for the sender's domain",
    'Yahoo bounce wording (seen in the corpus)',
    ['invalid ip for sending'],
    ['lhost-yahoo'],
  ),
  rule(
    'spam-related',
    "Orange's OFR_506 block code (sending IP refused)",
    'Orange postmaster error list (OFR_506)',
    [String.raw`\bofr_?506\b`],
    ['rhost-franceptt'],
  ),

  // An explicit policy refusal, after the rules that name what the policy is about (a blocklist, spam, the sender's
  // authentication, the mailbox): "for policy reasons" often goes on to say which ("... we do not accept mail from
  // dynamic IPs", "... your IP is listed on ..."), and the named reason is the more precise category.
  rule(
    'policy-related',
    "Refused by an explicit local policy or the recipient's own settings",
    "Yahoo SMTP error codes ('Message not accepted for policy reasons' 554 5.7.9); GMX/Web.de ('Reject due to policy restrictions'); Mimecast ('Email rejected due to security policies'); KumoMTA community rules (PolicyRelated); Outlook.com's NDR for RESOLVER.RST ('delivery to this address is restricted')",
    [
      String.raw`for policy reasons|policy (violation|restriction)|delivery to this (address|recipient) is restricted|violates .{0,30}polic|due to (local |security )?polic|rejected by (the )?(recipient'?s? )?(local )?polic|restricted by policy`,
      'content policy',
    ],
  ),
  rule(
    'policy-related',
    'A local policy refused without naming why (after the blocklist rules: such replies may go on to name a list)',
    "Exim ACL default 'rejected: administrative prohibition'; Mimecast 'Administrative prohibition - envelope blocked' (a policy blocks the sender or the recipient)",
    ['administrative prohibition|envelope blocked'],
  ),

  // --- The message itself: format, size, attachments ---
  rule(
    'content-related',
    'Message format, headers or size refused',
    "RFC 3463 X.3.4/X.6.x; RFC 5322 conformance wordings of Gmail (550-5.7.1 'multiple addresses in From: header', 554-5.6.0 'Mail message is malformed') and Microsoft (5.6.11); PowerMTA defaults (/message +content/, /content +rejected/); Gmail 552-5.3.4 'exceeded Google's message size limits'; Postfix 'message size exceeds fixed limit'; amavisd-new's banned contents ('Reject, id=... - BANNED: ...', 'BANNED CONTENTS ALERT'); Microsoft 5.7.512 ('message must be RFC 5322 section 3.6.2 compliant'), Gmail 5.7.1 ('Messages missing a valid address in From: header'); Exim's executable-attachment filter ('potentially executable attachment'); PHPMailer-BMH's rule samples ('MIME/REJECT: Invalid structure', 'Messages without To: fields are not accepted here', 'does not accept email in non-Western (non-Latin) character sets'); 'has exceeded the maximum incoming message size'; 'No Resent-From field given' (a header field the receiver requires); AOL's 'not accepting mail with attachments or embedded images' (BounceParser's test corpus)",
    [
      String.raw`not (rfc[- ]?)?(2?822 |5322 )?compliant|\brfc ?(2?822|5322)\b.{0,40}\bcompliant|rfc ?(2?822|5322) (violation|compliance|non-?compliant)|violates rfc|multiple (addresses|\S+ headers|from|sender)|duplicate header|header (syntax|too long|is too long|line too long)|headers? (\S+ )?(fail(ed|s)? (the )?syntax|(is |are )?(invalid|malformed))|line too long|bare lf|8-?bit (data|character)|invalid mime|mime (error|violation)|message is malformed|malformed (message|header)|\bmime/reject\b|invalid (mime |message )?structure|messages? without (a |an )?\S+:? (header|field)s?\b|\bno [\w-]+:? (header )?field given\b|(non-latin|non-western|unsupported) (\(non-latin\) )?(character sets?|charsets?)|(character set|charset) (is )?not (supported|accepted|allowed)|(missing|no|without|lacks?|having no) (a )?(valid )?(address in )?from:? header|from:? header (is )?(missing|invalid|malformed)`,
      'message (size )?(exceeds|too (big|large))|exceed(s|ed)? (the )?(maximum|max)( incoming| allowed| permitted)?( message)? size|(message|mail) size .{0,30}(exceed|limit|too)|size limit|exceeds (the )?(maximum|size)|too big for|message (length|size) exceeds',
      '(attachment|file type|extension|file name).{0,40}(not allowed|rejected|prohibited|blocked|forbidden)|(not|no longer) accept(ing|s)? (any )?(mail|e-?mail|messages) (with|containing) (attachments?|embedded images|images)|(prohibited|illegal|forbidden|disallowed|unacceptable) (attachment|file)|(potentially )?executable (attachment|file|content)|message content rejected|content rejected|- banned:|banned contents?|banned (file|attachment|name|type)',
    ],
  ),

  rule(
    'content-related',
    "DragonFly Mail Agent's 'media error'",
    'DragonFly Mail Agent bounce wording (seen in the corpus)',
    ['media error'],
    ['lhost-dragonfly'],
  ),
];
