import type { BounceCategory } from '@mailwright/contract/constants';
import type { CategoryRule } from './rule-types.ts';

/**
 * Mailwright's default bounce-category rules (seeded into bounce_category_patterns by migrations 0005 and 0011; the
 * pattern route test keeps the seed equal to this list). Rules see `<status>; <reply text>` and the first match wins,
 * so they are ordered by specificity: status codes that name the cause, then phrases that name one fact about the
 * sender, the recipient's mailbox or the message, then what the reply blames without naming a fact (a blocklist, a
 * loop, a rate), and last the words of failures on the way (network, expiry). Case-insensitive, RE2 syntax (no
 * lookaround, no backreferences): they run on the linear-time engine of patterns.ts.
 *
 * Every rule cites where its wording comes from (`from`). Public sources only: RFC 3463/5248 (enhanced status codes),
 * RFC 5321 (reply texts), the receivers' published error pages, the documented defaults of open MTAs and of
 * PowerMTA's bounce-category-patterns, and open rule sets (KumoMTA's classifier rules, node-bounce-handler's list).
 * `learnedFrom` names the families of the development corpus (file-name prefix, e.g. `lhost-exim`) whose samples
 * suggested a wording that no public source gave us: `npm run bench:bounces` switches those rules off when it scores
 * that family (leave-one-family-out), so a rule that only helps its own family shows up there.
 */
export type SourcedCategoryRule = CategoryRule & { from: string; learnedFrom?: readonly string[] };

const rule = (
  category: BounceCategory,
  note: string,
  from: string,
  patterns: string[],
  learnedFrom?: string[],
): SourcedCategoryRule => ({
  category,
  note,
  from,
  pattern: patterns.join('|'),
  ...(learnedFrom ? { learnedFrom } : {}),
});

/** Operator-facing shape: what the migration seeds (the source stays in the code). */
export const DEFAULT_CATEGORY_RULES: readonly SourcedCategoryRule[] = [
  // --- Status codes that name the cause (RFC 3463 section 3.2) ---
  rule(
    'invalid-sender',
    "RFC 3463 x.1.7/x.1.8: the sender's address or domain is refused",
    'RFC 3463 3.2 (X.1.7 bad sender mailbox syntax, X.1.8 bad sender system address); KumoMTA iana.toml',
    [String.raw`^[45]\.1\.[78];`],
  ),
  rule(
    'quota-issues',
    "RFC 3463 x.2.3: larger than this recipient's limit",
    'RFC 3463 3.2 (X.2.3 message length exceeds administrative limit); KumoMTA iana.toml (552 x.2.3 QuotaIssues)',
    [String.raw`^[45]\.2\.3;`],
  ),

  // --- The sender: its domain, its address, its right to post ---
  rule(
    'invalid-sender',
    'The envelope sender or its domain does not check out',
    "PowerMTA default bounce-category-patterns (sender verify failed, requires valid sender domain, No MX for envelope sender domain, Domain of sender address, return MX does not exist); Postfix reject_unknown_sender_domain ('Sender address rejected: Domain not found') and reject_non_fqdn_sender; Exim 'Sender verify failed'; Sendmail 553 5.1.8 'Domain of sender address ... does not exist'; qmail 'sorry, your envelope sender domain must exist'; KumoMTA community rules ('Sender Domain Resolve Fail', 'has no A, AAAA, or MX DNS records', 'Domain may not exist or DNS check failed'); Facebook DNS-P1/DNS-P2 (MAIL FROM domain missing or without MX); RFC 7505 4.2 ('550 5.7.27 Sender address has null MX'); Exim 'Could not complete sender verify callout'; Amazon SES sending errors ('Email address is not verified. The following identities failed the check'); Yahoo 'unresolvable RFC.5321 from domain'; Microsoft 5.1.8 'Access denied, bad outbound sender'",
    [
      String.raw`sender (address |domain )?((verify|verification) failed|could not be verified|address rejected|domain must (exist|resolve))|sender verify callout|sender (address|domain) has (a )?null mx`,
      String.raw`(unable|failed) to verify (the )?sender|requires (a )?valid sender|bad sender'?s? (system )?address|no mx for (envelope )?sender`,
      String.raw`domain of sender address|sender'?s? domain (\S+ )?(not found|does not exist|is invalid|is unknown|resolve fail|has no)|envelope sender domain must exist|return mx does not exist`,
      String.raw`unresolvable rfc\.?5321 from domain|bad outbound sender|sender address rejected|invalid sender|unknown sender|sender (is )?(unknown|invalid)|fake sender`,
      String.raw`need fully-qualified address|your domain has no(t)? dns|no a, aaaa,? or mx|from domain .{0,40}(does not exist|not found|unresolvable)`,
      // "Domain of sender address x@y does not resolve", "sender domain example.org could not be resolved", "the
      // domain of your sender address has no DNS records", "sender's domain does not exist" (Postfix, Sendmail and
      // PowerMTA wordings of RFC 5321 4.1.1.2 sender checks).
      String.raw`\bsender('?s)? (address |e-?mail |mail )?(domain|host)\b.{0,60}\b(does not|doesn't|did not|could not|cannot|can't) (be )?(resolve|resolved|exist)|\bdomain of (the |your )?sender\b`,
      String.raw`(could not|couldn't|cannot|can't|unable to|failed to) (resolve|verify|find) (the |your )?sender('?s)? (address |e-?mail )?(domain|host)`,
      String.raw`sender (address )?(<?[^\s<>]*@[^\s<>]+>?:? )?(is )?(not (a )?valid|invalid|unknown|not known|not allowed)|envelope sender (has been |is )?(denied|rejected|refused|not allowed)|invalid mail from|email address is not verified|identities failed the check|domain may not exist or dns check failed|\bDNS-P[12]\b`,
    ],
  ),
  rule(
    'invalid-sender',
    'The sender may not post here, or is not who it claims to be',
    "Google Groups help ('you may not have permission to post'), Gmail 'Send mail as' help; Sender ID (RFC 4407) 'purported responsible address'",
    [
      String.raw`permission to post|'send mail as'|sending this from a different address or alias|purported responsible address`,
      // Microsoft 5.7.60 'SendAsDenied; ... not allowed to send as ...', 'Client does not have permissions to send as
      // this sender'; the usual 'not authorized to send on behalf of'.
      String.raw`send ?as ?denied|(not (allowed|authori[sz]ed|permitted)|no permissions?|not have permissions?) to send (as|on behalf of)`,
    ],
  ),
  rule(
    'invalid-sender',
    'A mailing list or group refuses posts from this sender',
    "Google Groups' refusal template, sent in the poster's language, always ending with its Help Center link ('visit the Help Center at https://groups.google.com/support/'); GNU Mailman ('Post by non-member to a members-only list'); L-Soft LISTSERV ('You are not authorized to send mail to the ... list'); Sympa/Majordomo-style 'not allowed to post to this list'",
    [
      String.raw`groups\.google\.com/support`,
      String.raw`not (allowed|authori[sz]ed|permitted) to (post|send (mail|messages?|e-?mail)) to (this|the) (\S+ )?(mailing )?(list|group|forum)|post by non-member|members-only (list|group)`,
    ],
  ),

  rule(
    'policy-related',
    "The sender's own sending limit was reached (a quota, but not the recipient's mailbox)",
    "Gmail SMTP errors (550 5.4.5 'Daily user sending limit exceeded', 'Daily SMTP relay limit exceeded for customer'); Microsoft 5.2.2 'Submission quota exceeded' (the sender's submission quota)",
    [
      '(daily|hourly) (user |smtp relay )?sending (quota|limit)|sending (quota|limit) exceeded|relay limit exceeded|submission quota',
    ],
  ),

  // --- The recipient's own settings ---
  rule(
    'policy-related',
    "The recipient's own preferences or filters refuse the message",
    "Facebook postmaster response codes (RCP-P2 'The attempted recipient's preferences prevent messages from being delivered', RCP-P3 privacy settings); QQ Mail's published SMTP codes ('Mail is rejected by recipients': a filter the recipient created, 'You are on this recipient's personal blacklist'); the Japanese carriers' '受信拒否' (reception refusal) settings pages (NTT docomo, au, SoftBank)",
    [
      String.raw`\bRCP-P[23]\b|recipient'?s? (own )?(preferences|privacy settings)|mail is rejected by recipients|受信拒否`,
      String.raw`(recipient|user|addressee)'?s? (personal |own )?(block ?list|black ?list|sender filters?|mail filters?|filtering rules?|blocked senders)`,
    ],
  ),
  rule(
    'policy-related',
    'Sending-frequency caps per IP, connection, domain or sender',
    "QQ Mail's published SMTP codes ('Ip frequency limited', 'Connection frequency limited', 'Domain frequency limited', 'Sender frequency limited'); Orange OFR004_104 'Too many connections, slow down'",
    [String.raw`(ip|connection|domain|sender) frequency limit|frequency limited`],
  ),

  rule(
    'policy-related',
    "au/KDDI answer '550 : User unknown' at DATA when the recipient's own filter refuses the sender",
    "KDDI au 'receiving refusal' settings (the reply seen in the corpus, from au directly and relayed by Gmail and Exchange Online; not documented publicly in English)",
    [String.raw`\b550 : user unknown`],
    ['rhost-kddi', 'lhost-ezweb', 'lhost-office365', 'rhost-gsuite', 'rfc3464'],
  ),

  // --- The message judged as spam, or carrying a virus ---
  rule(
    'spam-related',
    'The message was judged to be spam (before the authentication rules: such replies often advise setting up SPF)',
    "Gmail SMTP errors (5.7.1 'likely unsolicited mail'); Yandex ('Message rejected under suspicion of SPAM'); Mail.ru ('spam message rejected'); QQ Mail's published codes ('Mail content denied', 'Suspected spam sender'); KumoMTA community rules (SpamContent: 'Message rejected as spam', 'blocked due to spam content', 'message content rejected due to spam', 'rejected due to spam or virus classification', 'Message contains Spam Content', 'Blocked Using Spam Pattern')",
    [
      '(scored|classified|detected|flagged|identified|rejected|considered|marked|blocked|denied) as (spam|junk)|spam classification|looks like spam|spam (detected|message|content|pattern)|message is spam',
      String.raw`suspicion of spam|likely (to be )?(unsolicited|spam)|is spam\b|reject(ed)? spam|junk ?mail rejected|spam score|content (looks|appears|was) .{0,20}spam`,
      String.raw`(due to|because of) (suspected |possible )?spam\b|because it is spam|contains? spam|suspected (of )?spam|(spam|junk)( or virus)? classification|mail content denied`,
    ],
  ),
  rule(
    'virus-related',
    'Virus or malware found',
    "PowerMTA default bounce-category-patterns (/\\bvirus\\b/ virus-related); Gmail 552-5.7.0 'content presents a potential security issue'",
    [String.raw`\bvirus|malware|infected|trojan|ransomware|dangerous attachment|potential security issue`],
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

  // --- The recipient's mailbox: full, switched off, or not there ---
  rule(
    'bad-domain',
    'A common canned reply that names a missing account or domain first (and blocklisting only as a maybe)',
    "KumoMTA community rules ('The account or domain may not exist, they may be blacklisted, or missing the proper dns entries')",
    ['account or domain may not exist'],
  ),
  rule(
    'quota-issues',
    'Mailbox or server storage full',
    "RFC 5321 552 'exceeded storage allocation' and 452 'insufficient system storage'; Gmail 452-4.2.2/552-5.2.2 'The email account that you tried to reach is over quota', 'inbox is out of storage space'; Microsoft 'mailbox full' (STOREDRV 5.2.2); Dovecot 'Quota exceeded (mailbox for user is full)'; Postfix local(8) over mailbox_size_limit ('cannot update mailbox ... error writing message: File too large'); GNU Mailutils 'mailbox quota exceeded for this recipient'; the usual German, Italian, Spanish and French words for a full mailbox, and the Japanese ones ('容量超過', 'メールボックスが一杯') and the Russian ones ('ящик переполнен', 'превышен лимит') and the Chinese webmail ones ('邮箱已满', '空间不足'); KumoMTA community rules ('Mailbox is full / Blocks limit exceeded / Inode limit exceeded'); PowerMTA defaults (/quota/, /mailbox +(is +)?full/); KumoMTA community rules (QuotaIssues)",
    [
      String.raw`(mail ?box|inbox|mail ?folder|account|maildir|mail drop|recipient|user)('s)? (is |was |has become |appears to be )?(full|over ?quota|out of (storage|space)|over (the )?(storage|size) limit)`,
      String.raw`over ?quota|quota (exceeded|exceed|full|violation|usage exceeded)|(exceed(s|ed|ing)?|over) (the |his |her |their |its |your )?(storage|quota|mailbox|disk)|exceeded storage allocation`,
      String.raw`(storage|disk|space) (allocation|quota) exceeded|insufficient (disk |system |mail )?(space|storage)|not enough (disk )?space|out of (storage|disk) space|no space left`,
      String.raw`(mail ?box|inbox) (size |storage )?(limit|quota) (exceeded|reached)|mailbox size limit|user has (exceeded|too many messages)|too much mail|disk full|storage (full|exceeded|limit)`,
      // "has reached its storage limit", "reached the maximum mailbox size", "mailbox has reached its quota" (Gmail's
      // 'out of storage space', Microsoft's 'mailbox has reached its maximum size', Yahoo's 'over its storage limit').
      String.raw`reached (its|the|his|her|their) (maximum |max )?(allowed )?(storage|mailbox|quota|size|disk)( size| limit| quota| space)?|(not enough|insufficient|no more) (free )?(storage|disk|mailbox|quota) (space)?|mailbox (size )?(is )?exceeded|maildir over quota`,
      String.raw`full (mail ?box|inbox)|exceeds allowed size|mailbox limit|would exceed (the )?(maximum )?mailbox size|mailbox has exceeded|has exceeded (his|her|their|the) (quota|storage|limit)`,
      'postfach (ist )?voll|casella (di posta )?piena|buz.n lleno|bo.te (aux lettres )?pleine|(inode|blocks) limit exceeded|error writing message: file too large',
      '容量(を|が)?(超過|オーバー|超え)|(メールボックス|メールbox|受信箱|受信ボックス)(の容量)?が(一杯|いっぱい|満杯)',
      'ящик переполнен|переполнен|превышен (лимит|размер|квот)',
      // Chinese webmail notices: mailbox full, not enough space.
      '(邮箱|信箱|空间)(已满|容量不足|空间不足)|空间不足',
    ],
  ),
  rule(
    'inactive-mailbox',
    'The mailbox exists but is switched off',
    "RFC 3463 X.2.1 'Mailbox disabled, not accepting messages'; Gmail 550-5.2.1 'The email account that you tried to reach is disabled'; Yahoo 'This mailbox is disabled (554.30)'; Mail.ru 'account is disabled'; KumoMTA community rules (InactiveMailbox: 'Account is not active', 'account is suspended', 'Account Closed, Please Remove', 'DisabledUser'); PowerMTA default patterns ('(conta|usu.rio) inativ(a|o)'); Orange/La Poste's bilingual 'The recipient account is blocked'",
    [
      String.raw`(account|mail ?box|user|recipient|e-?mail address)\b.{0,40}\b(is|was|has been|been) (temporar(il)?y |currently |permanently )?(disabled|suspended|deactivated|inactive|closed|expired|locked|frozen|terminated|discontinued)`,
      '(disabled|suspended|inactive|deactivated|expired|closed|locked|terminated) (e-?mail )?(account|mailbox|user|recipient|address)|(account|mailbox|user) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|locked|frozen|expired|not activated)',
      String.raw`(user|account|mailbox) \S+ (temporar(il)?y )?locked|no longer (active|available|in use|valid|accepting|accepts)|account (is )?not (active|activated)|mailbox (is )?not enabled|disableduser`,
      String.raw`recipient'?s? (e-?mail )?account (is |has been )?(blocked|closed)|account closed|(conta|usu.rio) inativ[ao]`,
    ],
  ),
  rule(
    'bad-mailbox',
    'No such mailbox',
    "RFC 3463 X.1.1 'Bad destination mailbox address'; RFC 5321 550 'mailbox unavailable'; Gmail 550-5.1.1 'The email account that you tried to reach does not exist'; Microsoft 5.1.1/5.1.10 'RESOLVER.ADR.RecipNotFound', 'Recipient not found by SMTP address lookup'; Yahoo 'This user doesn't have a yahoo.com account'; iCloud 'user does not exist'; Mail.ru 'invalid mailbox ... user not found'; Yandex 'No such user!'; Sendmail 'Addressee unknown'; Mimecast/Barracuda 'Invalid Recipient', 'No such user'; Lotus Domino 'User not listed in public Name & Address Book'; Outlook.com 'The email address you entered couldn't be found'; RFC 5321 553 'mailbox name not allowed'; KumoMTA community rules (InvalidRecipient: 'I cannot deliver mail for', 'sorry, no mailbox here by that name', 'Address invalid', 'No such ID', 'recipient unrecognized', 'User ... unknown'); PowerMTA default patterns ('(user|mailbox|recipient|rcpt|local part|address|account|addressee) (x@y )?(not valid|not known|not here|not found|does not exist|invalid|unknown|illegal)', 'my badrcptto list'); Facebook RCP-P1; QQ Mail 'Mailbox not found'; the Japanese carriers' and webmail notices ('メールアドレスが見つかりません', 'ユーザは存在しません', '宛先不明': address not found, no such user, unknown destination); the Russian words of Mail.ru's and Yandex's notices ('пользователь не найден', 'нет такого пользователя'); the Chinese webmail notices of QQ Mail, NetEase and Sina ('用户不存在', '收件人不存在': user, recipient does not exist); node-bounce-handler's hard list (Italian 'sconosciuto', 'inesistente', Polish 'nie istnieje', 'Nie ma takiego konta') and the usual French, German, Spanish and Portuguese words for an unknown address",
    [
      '(user(name)?|address(ee)?) (is )?unknown|unknown (user|recipient|local[- ]?part|address|mailbox|e-?mail|account|alias)|no such (user|mailbox|recipient|address|account|person|local user|e-?mail)',
      String.raw`(user|mailbox|recipient|address|account|addressee|e-?mail)\b.{0,40}\b(does not|doesn't|did not|not) exists?|(mailbox|recipient|user|address|account|addressee) (was )?not found|recip(ient)?notfound`,
      'not a (valid|known|registered) (user|mailbox|recipient|address)|invalid (recipient|mailbox|user|address|final delivery userid|userid|account)|recipient (address )?(is )?(invalid|unknown|not recogni[sz]ed)',
      "(recipient|user|addressee) (name )?(is )?not (recogni[sz]ed|listed|local|known)|(mailbox|user|recipient) (is )?unavailable|unrecognized recipient|no mailbox (here|by that name)|(address|user) (not|isn't) (known|listed)",
      String.raw`not (listed |found )?in (the |our )?(public )?(directory|address book|name (&|and) address book)|not listed in domino directory`,
      String.raw`undeliverable address|bad destination (mailbox|address)|not our customer|no valid recipients|user not exist|doesn't have an? \S+ account|no longer on (this |the )?server|has moved|no one (with that|by that)`,
      String.raw`address (you entered )?(couldn't|could not|can't|cannot) be found|mailbox name not allowed|(unknown|illegal|invalid) (or illegal )?alias`,
      String.raw`recipient address(es)? rejected ?: access denied|(recipient )?address rejected\.?( <?[^\s<>]+@[^\s<>]+>?)?\.?\s*$`,
      String.raw`utilisateur inconnu|destinataire inconnu|n'existe pas|unbekannt|existiert nicht|sconosciuto|inesistente|inexistente|no existe|desconocido|nie istnieje|nie ma takiego|пользовател[ья] не найден|нет такого (пользователя|адреса|ящика)|(адрес|ящик|адресат)\S* не существует`,
      String.raw`(user|mailbox|recipient|rcpt|local part|address|account|addressee) <?[^\s<>]+@[^\s<>]+>?:? (is )?(not (a )?valid|not known|not here|not found|does not exist|invalid|unknown|illegal)\b|<?[^\s<>]+@[^\s<>]+>?:? (is )?(not (a )?valid|not known|not here|does not exist)\b`,
      String.raw`no mail-?box here by that name|sorry, no mailbox|i cannot deliver mail for|address invalid|no such id\b|recipient unrecogni[sz]ed|my badrcptto list|\bRCP-P1\b`,
      // The Chinese webmail notices (QQ Mail, NetEase 163/126, Sina): user, recipient, mailbox or account does not exist.
      '(用户|收件人|邮箱|帐户|账户|帐号|账号|地址)(名)?(不存在|无效)',
      'アドレスが見つかりません|宛先が見つかりません|存在しない(ユーザ|アドレス|メールアドレス|宛先)|(ユーザ|ユーザー|アドレス|メールアドレス|宛先)(は|が)?存在しません|宛先不明|ユーザ(ー)?不明',
    ],
  ),

  // --- Blocks of our IP or domain, named by the list or by reputation ---
  rule(
    'spam-related',
    'The sending IP or domain is blocklisted or distrusted',
    "PowerMTA default bounce-category-patterns (/blacklist/, /\\b(open)?RBL\\b/, /realtime blackhole/); Postfix reject_rbl_client ('Client host [...] blocked using'); Microsoft 5.7.606-649 'banned sending IP', 5.7.708, 'on our block list' (S3150), 4.7.650 reputation; Yahoo [TS0x]/[BL21]; iCloud/Proofpoint 'Blocked - see ... dnsbl-lookup'; Barracuda Reputation; Facebook POL-P1..P4/POL-T1..T3 (IP listed or not accepted); Orange OFR_999 (sending IP suspended after earlier breaches); Postfix 'Client host rejected', GMX 'IP address is black listed', Yahoo [BL21] 'Connections will not be accepted from' (the sending IP named as what is refused); Cloudmark CSI, the IP reputation service whose reset page receivers (Orange, Cox, Comcast) link to; Spamhaus PBL's advice to send through the ISP's mail server (smarthost) and the Japanese ISPs' Outbound Port 25 Blocking notices ('use the SMTP server of your ISP'); KumoMTA community rules (SpamBlock; SpamContent 'A URL in this email ... is listed on')",
    [
      String.raw`(black|block|deny) ?list|\bdnsbl|rbl\b|realtime blackhole|spamhaus|spamcop|sorbs|abuseat|barracuda ?(central|reputation)|blocked using|dnsbl-lookup|ipcheck\.proofpoint|\bcloudmark\b`,
      String.raw`(ip|host|address|domain|sender|server|network|you|url|uri|link)\b.{0,30}\b(is|are|was|has been|have been) (currently )?listed\b|\blisted (at|on|in|by) .{0,40}(\bbl\b|rbl|block|black|spam|abuse|reputation)`,
      String.raw`banned sending ip|\bbanned (ip|host|sender|domain|server|network|address)\b|(ip|host|sender|domain|server|address|you)\b.{0,30}\b(is|are|has been|have been) banned|(poor|bad|low) reputation|reputation (of|is)|due to (ip )?reputation|\bUBE\b|traffic not accepted from this ip|client host (\[\S*\] )?(rejected|blocked)|\bip (address )?(\S+ )?(has been |is )(blocked|rejected)`,
      'dynamic (ip|address)|dial-?up|residential (ip|address)|(ip|host) (address )?(is )?not (allowed|authori[sz]ed|permitted) to send|not authori[sz]ed to send (e-?mail|mail) directly',
      // The sending IP or host named as what is refused: Postfix 'Client host rejected', Gmail 'The IP you're using to
      // send mail is not authorized', Microsoft 'your IP ... has been blocked', GMX 'IP address is black listed', Yahoo
      // [BL21] 'Connections will not be accepted from 192.0.2.1'.
      String.raw`\b(ip|ip address|client host|sending (ip|host|server)|your (ip|host|server|mail server|network|domain))( address)?( \[?[0-9a-f.:]+\]?)?( \([^)]*\))? (has been |is |was |are )?(temporarily |permanently |currently )?(blocked|blacklisted|black listed|rejected|refused|denied|banned|not allowed|not accepted)`,
      String.raw`connections? (will not|won't|are not|is not|not) (be )?accepted from \[?[0-9a-f.:]{7,}\]?|(mail|messages|e-?mail|connections?) from (your |this |the )?(ip|host|server|network)\b.{0,40}\b(blocked|rejected|refused|denied|not (accepted|allowed))`,
      // Facebook POL-P2 ('will no longer accept mail from your mail server's IP Address') and the usual "does not
      // accept mail from your IP/server": our sending host is refused, not the recipient's domain.
      String.raw`(no longer|not|n't|will not|won't) accept(ing)? (any )?(e-?)?mail from (your|this) (mail )?(ip|host|server|network|address)`,
      String.raw`user complaints|unexpected volume|\[TSS?0\d\]|\[BL\d\d\]|\bRTR:|\bDYN:T|(SC|DY|OU)-00\d|\bPOL-[PT][1-4]\b|\bOFR_?999\b`,
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
    "Yahoo SMTP error codes ('Message not accepted for policy reasons' 554 5.7.9); GMX/Web.de ('Reject due to policy restrictions'); Mimecast ('Email rejected due to security policies'); KumoMTA community rules (PolicyRelated)",
    [
      String.raw`for policy reasons|policy (violation|restriction)|violates .{0,30}polic|due to (local |security )?polic|rejected by (the )?(recipient'?s? )?(local )?polic|restricted by policy`,
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
    "RFC 3463 X.3.4/X.6.x; RFC 5322 conformance wordings of Gmail (550-5.7.1 'multiple addresses in From: header', 554-5.6.0 'Mail message is malformed') and Microsoft (5.6.11); PowerMTA defaults (/message +content/, /content +rejected/); Gmail 552-5.3.4 'exceeded Google's message size limits'; Postfix 'message size exceeds fixed limit'; amavisd-new's banned contents ('Reject, id=... - BANNED: ...', 'BANNED CONTENTS ALERT')",
    [
      String.raw`not (rfc[- ]?)?(2?822 |5322 )?compliant|rfc ?(2?822|5322) (violation|compliance|non-?compliant)|violates rfc|multiple (addresses|\S+ headers|from|sender)|duplicate header|header (syntax|too long|is too long|line too long)|line too long|bare lf|8-?bit (data|character)|invalid mime|mime (error|violation)|message is malformed|malformed (message|header)`,
      'message (size )?(exceeds|too (big|large))|(message|mail) size .{0,30}(exceed|limit|too)|size limit|exceeds (the )?(maximum|size)|too big for|message (length|size) exceeds',
      '(attachment|file type|extension|file name).{0,40}(not allowed|rejected|prohibited|blocked|forbidden)|(prohibited|illegal|forbidden|disallowed|unacceptable) (attachment|file)|message content rejected|content rejected|- banned:|banned contents?|banned (file|attachment|name|type)',
    ],
  ),

  rule(
    'content-related',
    "DragonFly Mail Agent's 'media error'",
    'DragonFly Mail Agent bounce wording (seen in the corpus)',
    ['media error'],
    ['lhost-dragonfly'],
  ),

  // --- Where the message could not go ---
  rule(
    'relaying-issues',
    'The remote server refuses to relay for us',
    "Postfix 'Relay access denied'; Microsoft 550 5.7.54/5.4.1 'Relay Access Denied'; qmail 'sorry, that domain isn't in my list of allowed rcpthosts'; MDaemon/IMail 'This mail server requires authentication when attempting to send to a non-local e-mail address' (KumoMTA community rules); PowerMTA defaults (/\\brelay(ing)?/ relaying-issues); KumoMTA community rules",
    [
      // The refusal in either word order, whatever the MTA's exact phrase ("Relay access denied", "Relaying denied",
      // "relay not permitted", "No relaying", "unable to relay", "we do not relay", "isn't allowed to relay").
      String.raw`\brelay(ing)?( access)? (is |was )?(denied|not (permitted|allowed|authori[sz]ed)|prohibited|refused|forbidden)`,
      String.raw`\b(no|not permitted to|unable to|not allowed to|refused to|do not|does not|cannot|can't|isn't allowed to|not authori[sz]ed to) relay(ing)?\b`,
      "(not|isn't) (in|on) my list of allowed rcpthosts|requires authentication when attempting to send to a non-local",
    ],
  ),
  rule(
    'unreachable-mx',
    'The domain accepts no mail (null MX, no usable MX)',
    "RFC 7505 null MX (556 5.1.10 'Recipient address has null MX'); Postfix 'MX host ... has no address record', 'mail for ... loops back to myself'; KumoMTA community rules ('498 No MX for'); RFC 1846 521 'does not accept mail'; RFC 5321 3.1 ('554 No SMTP service here'); Exim 'all relevant MX records point to non-existent hosts'",
    [
      'null mx|mx (record )?(points|pointing) to|mx records point to non-existent hosts',
      // No mail host at all: "No MX found for domain", "no MX record", "couldn't find a mail exchanger or IP address"
      // (qmail), "has no usable MX".
      String.raw`\bno (usable |valid )?(mx|mail exchanger)s?\b( (record|host|found|for))?|(couldn't|could not|unable to|cannot|can't) find (a |an |any )?(mx|mail exchanger)`,
      // RFC 7504's 521/556 texts ("Host does not accept mail", "Domain does not accept mail"), RFC 1846, RFC 3463 X.3.2
      // ("System not accepting network messages"), RFC 5321 3.1 ("No SMTP service here"), RFC 7505 ("... indicated
      // no SMTP service"): a host or domain that takes no mail, said of itself.
      String.raw`(host|domain|server|system|site)( \S+)? (does not|doesn't|do not|will not) accept (any )?(e-?)?mail(\s*$|[.;,)]| (at all|here)\b)|accepts no mail|not accepting (network )?(mail|messages)|\bno (smtp|mail) service\b`,
      String.raw`loops back to myself|mail for \S+ loops back`,
    ],
  ),
  rule(
    'bad-domain',
    'The recipient domain does not exist',
    "RFC 3463 X.1.2 'Bad destination system address'; Postfix 'Host or domain name not found'; Exim 'Unrouteable address'; Sendmail 'Host unknown'; Gmail 553-5.1.2 'We weren't able to find the recipient domain'; Microsoft 'Invalid account. Tenant or Domain not found'; PowerMTA default patterns ('domain (retired|bad|invalid|unknown|illegal|unavailable)', 'domain no longer in use', 'domain ... obsolete'); Microsoft 5.4.310 'DNS domain ... does not exist' and 5.4.4 'SMTPSEND.DNS.NonExistentDomain; nonexistent domain'; the Japanese and Russian words for a domain not found; the resolver's own wording with the verb first (curl/getaddrinfo-style 'Could not resolve host', 'unable to resolve domain')",
    [
      String.raw`\bhost (\S+ )?(or domain name )?(not found|unknown)\b|(couldn't|could not|can't|cannot|unable to) find any host named|domain (name )?(not found|does not exist|unknown|is not valid|invalid|is not reachable)|no such (domain|host)`,
      "unrouteable (address|domain)|unknown (host|domain)|name or service not known|nxdomain|domain lookup failed|dns lookup fail|(weren't|were not) able to find the recipient domain",
      String.raw`domain (retired|bad|illegal|unavailable)\b|domain no longer in use|domain (\S+ )?(is )?obsolete`,
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
    "RFC 3463 X.4.6 'Routing loop detected', X.4.4 'Unable to route'; Microsoft 5.4.14 'Hop count exceeded', 5.4.6; qmail 'This message is looping: it already has my Delivered-To line'; PowerMTA defaults (/\\broute\\b/ routing-errors)",
    ['mail ?loop|loop detected|is looping|too many hops|hop count|routing (error|loop|failure)|unroutable'],
  ),
  rule(
    'routing-errors',
    'The DNS did not answer usably (not a proof that the domain is gone)',
    "RFC 3463 X.4.3 'Directory server failure' (e.g. DNS); Postfix 'Name service error for name=... type=...: Malformed or unexpected name server reply'; Sendmail 'host name lookup failure'",
    [
      'name service error|(malformed|unexpected) name server reply|host ?name lookup failure|dns (error|failure|timeout|server failure|query failed)|servfail',
    ],
  ),
  rule(
    'policy-related',
    'Rate or volume limits of the recipient side',
    "Gmail 4.2.1/5.2.1 'receiving mail at a rate that prevents additional messages'; Microsoft 5.2.121/5.2.122 'per hour message receive limit', RP-001; Yahoo [TS0x] deferrals; greylisting (RFC 6647)",
    [
      'receiving mail at a rate|receivingrate|too many (connections|messages|recipients|concurrent)|rate limit|rate.{0,20}exceeded|receive limit|greylist|gray ?list',
      // Outlook.com's published RP-001..RP-003 ('We have limits for how many messages can be sent per hour and per day').
      String.raw`\bRP-00[1-3]\b|limits? (for|on) how many messages`,
    ],
  ),
  rule(
    'protocol-errors',
    'SMTP protocol error',
    "RFC 5321 500/501/502/503/504 texts ('Syntax error', 'Bad sequence of commands', 'Command not implemented'); RFC 3463 X.5.x",
    [
      'syntax error|bad sequence|command (not )?(recogni[sz]ed|unrecognized|unknown|implemented)|not implemented|unrecognized command|protocol error|malformed address',
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
    "RFC 3463 X.3.0/X.3.5 'System incorrectly configured'; Postfix 'Temporary lookup failure', 'local configuration error'; sysexits.h EX_NOPERM 'Insufficient permission' (as Sendmail reports it)",
    [
      String.raw`configuration error|misconfigur|local configuration|config(uration)? problem|system (error|problem)|internal (server )?error|local error|write error|i/o error|insufficient permission`,
      String.raw`(unable to|cannot|can't|could not|failed to) (contact|connect to|reach|bind to) (the )?(ldap|directory)|(ldap|directory) (server )?(error|failure|unavailable|not available|timeout|timed out|down)|temporary lookup failure`,
    ],
  ),
  rule(
    'message-expired',
    'Delivery was given up after the queue lifetime (including hosts that never answered)',
    "RFC 3463 X.4.7 'Delivery time expired'; Microsoft 4.4.7 'QUEUE.Expired; message expired', 5.4.300/5.4.316; Sendmail 'Deferred: ... Connection timed out', 'could not be delivered for 5 days'; Postfix 'delivery temporarily suspended', 'Connection timed out', 'lost connection with ... while sending'; qmail 'I'm not going to try again; this message has been in the queue too long'",
    [
      'retry time(out)? (not reached|exceeded)|cannot send message (for|within) \\d+|too long in (the )?queue|in the queue too long',
      // "Message expired", "Envelope expired", "Delivery time expired", "message has expired", "expired after 5 days",
      // "queue lifetime expired": what expired is always the message's time in the queue.
      String.raw`\b(message|envelope|mail|delivery time|delivery|queue (life)?time|lifetime) (has )?expired\b|\bexpired (after|in (the )?queue)`,
      // Counted attempts or time ("failed 20 attempts", "after 5 delivery attempts", "could not be delivered for 5
      // days", "will be retried for 2 more days").
      String.raw`could not be delivered (for|within) \d+|\b\d+ (delivery )?(attempts|retries)\b|will be retried|retried for \d+ more|exceeded (the )?(maximum )?(retry|queue) (time|lifetime)`,
      'connection timed out|timed out|lost connection with|did not accept our requests to connect|host (is )?(not |un)reachable|no route to host|network is unreachable|connection refused|unable to connect|could not connect|socket error',
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

/**
 * Broad words, consulted only after the operator's rules, the SMTP stage and the specific status codes found nothing:
 * built in rather than seeded, because a pattern list cannot say "after the status code". PowerMTA's default list ends
 * the same way (/spam/, /blocked/, /rejected/ ... matched after the narrower ones).
 */
export const BROAD_RULES: readonly SourcedCategoryRule[] = [
  rule(
    'spam-related',
    'Spam and blocks',
    'PowerMTA default bounce-category-patterns (/spam/, /junk mail/, /blocked/, /unsolicited/)',
    [String.raw`\bspam|junk ?mail|bulk mail|unsolicited|blocked|\bblock\b`],
  ),
  rule(
    'content-related',
    'Content refused',
    'PowerMTA default bounce-category-patterns (/message +content/)',
    // Not the returned message's Content-Type/-Transfer-Encoding headers quoted around a reply.
    [String.raw`\bcontent([^-\w]|$)`],
  ),
  rule(
    'policy-related',
    'Refused by a local policy or filter',
    "PowerMTA default bounce-category-patterns (/rejected/, /denied/ policy-related); RFC 5321's 550 text ('command rejected for policy reasons')",
    ['polic(y|ies)|rejected|refused|denied|not allowed|prohibited|filter|not permitted'],
  ),
];
