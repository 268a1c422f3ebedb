import { rule, type SourcedCategoryRule } from './sourced-rule.ts';

// Default category rules about our sending host and our sender (part of the list category-rules.ts assembles).

/** Too many unknown recipients from our host, the status codes that name the cause, then the sender's domain and address. */
export const SENDER_RULES: readonly SourcedCategoryRule[] = [
  // --- Refusals of our sending host for too many unknown recipients (before the status codes: Yahoo tags them x.1.8) ---
  rule(
    'spam-related',
    'Too many unknown recipients from our host: a block of the sender, not a bad address',
    "Yahoo Mail help SLN3444 ('451 VS1-IP Excessive unknown recipients - possible Open Relay (#4.1.8)', '451 VS1-MF ... (#4.4.5)', '553 VS99-IP1 deferred'); Cisco Secure Email (IronPort) and Proofpoint 'Directory Harvest Attack' prevention (a host that probes many unknown recipients is refused)",
    [String.raw`excessive unknown recipients|possible open relay|\bVS\d+-(IP|MF)\d*\b|directory harvest`],
  ),

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
    "PowerMTA default bounce-category-patterns (sender verify failed, requires valid sender domain, No MX for envelope sender domain, Domain of sender address, return MX does not exist); Postfix reject_unknown_sender_domain ('Sender address rejected: Domain not found') and reject_non_fqdn_sender; Exim 'Sender verify failed'; Sendmail 553 5.1.8 'Domain of sender address ... does not exist'; qmail 'sorry, your envelope sender domain must exist'; KumoMTA community rules ('Sender Domain Resolve Fail', 'has no A, AAAA, or MX DNS records', 'Domain may not exist or DNS check failed'); Facebook DNS-P1/DNS-P2 (MAIL FROM domain missing or without MX); RFC 7505 4.2 ('550 5.7.27 Sender address has null MX'); Exim 'Could not complete sender verify callout'; Amazon SES sending errors ('Email address is not verified. The following identities failed the check'); Yahoo 'unresolvable RFC.5321 from domain'; Microsoft 5.1.8 'Access denied, bad outbound sender'; Sendmail check_mail ('Domain name required for sender address'); qmail-smtpd badmailfrom ('your envelope sender is in my badmailfrom list'); RFC 5321 4.1.1.2 (the reverse-path refused: 'Sender address does not exist'); Exim's sender verification ('Verification failed for <...>', 'Could not complete sender verify'); 'the sender MX record does not exist'; Proofpoint's bare 'Sender Denied'; Postfix reject_unverified_sender's fact as an adjective ('unverifiable sender address', 'unverified sender'); PHPMailer-BMH's rule samples ('Verify mailfrom failed', 'Sender email is not in my domain')",
    [
      String.raw`sender (address |domain )?((verify|verification) failed|could not be verified|address rejected|domain must (exist|resolve))|sender verify callout|sender (address|domain) has (a )?null mx|\bsender (address )?(verify|verification)\b|could not complete sender verify|^[^;]*; [45]\d\d[ -]([45]\.\d{1,3}\.\d{1,3} )?verification failed for <`,
      String.raw`(unable|failed) to verify (the )?sender|\bverify (mail ?from|sender)( address)? failed|\bmail ?from (verify|verification) failed|\bsender (e-?mail |address )?(is )?not (in|from|of) (my|our|this|the local) domain|requires (a )?valid sender|bad sender'?s? (system )?address|no mx for (envelope )?sender`,
      String.raw`domain of sender address|sender'?s? domain (\S+ )?(not found|does not exist|is invalid|is unknown|resolve fail|has no)|envelope sender domain must exist|return mx does not exist`,
      String.raw`unresolvable rfc\.?5321 from domain|\bun(verifiable|verified) sender\b|bad outbound sender|sender address rejected|invalid sender|unknown sender([^s]|$)|sender (is )?(unknown|invalid)|fake sender`,
      String.raw`need fully-qualified address|your domain has no(t)? dns|no a, aaaa,? or mx|from domain .{0,40}(does not exist|not found|unresolvable|not resolvable|has no (valid )?(mx|a|dns))\b`,
      // "Domain of sender address x@y does not resolve", "sender domain example.org could not be resolved", "the
      // domain of your sender address has no DNS records", "sender's domain does not exist" (Postfix, Sendmail and
      // PowerMTA wordings of RFC 5321 4.1.1.2 sender checks).
      String.raw`\bsender('?s)? (address |e-?mail |mail )?(domain|host|mx)\b.{0,60}\b(does not|doesn't|did not|could not|cannot|can't) (be )?(resolve|resolved|exist)|\bdomain of (the |your )?sender\b`,
      String.raw`(could not|couldn't|cannot|can't|unable to|failed to) (resolve|verify|find) (the |your )?sender('?s)? (address |e-?mail )?(domain|host)`,
      // The same said with an adjective or after the refusal: 'Sender domain not resolvable', 'Sender rejected: domain
      // does not exist' (Postfix reject_unknown_sender_domain's fact in other MTAs' words).
      String.raw`\bsender('?s)? (address |e-?mail |mail )?domain (is )?(not resolvable|unresolvable)|\bsender (address )?(rejected|refused|denied)[:.,;]? (the )?domain (\S+ )?(does not exist|not found|unknown|unresolvable)`,
      String.raw`sender (address )?(<?[^\s<>]*@[^\s<>]+>?:? )?(is )?(not (a )?valid|invalid|unknown|not known|not allowed)|envelope sender (has been |is )?(denied|rejected|refused|not allowed)|^[^;]*; ([45]\d\d[ -]([45]\.\d{1,3}\.\d{1,3} )?)?sender (address )?(denied|refused|rejected)[.!]?\s*$|invalid mail from|email address is not verified|identities failed the check|domain may not exist or dns check failed|\bDNS-P[12]\b`,
      // Sendmail's check_mail ('Domain name required for sender address', 'Real domain name required for sender
      // address'); qmail-smtpd's badmailfrom ('sorry, your envelope sender is in my badmailfrom list'); the return-path
      // domain named as missing.
      // The Japanese notices' 'the sender's (domain/address) does not exist / is invalid' (送信者/差出人 = sender).
      '(送信者|送信元|差出人)の?(メールアドレス|アドレス|ドメイン)(名)?(が|は)?(存在しません|見つかりません|不正|無効)',
      // The sender's domain addressed as "your domain" ('Your domain does not exist', 'cannot resolve your domain').
      String.raw`\byour (sending |sender |mail |e-?mail )?domain\b.{0,30}\b(does not|doesn't|did not|could not|cannot|can't) (be )?(resolve|resolved|exist|found)|\b(cannot|can't|could not|couldn't|unable to|failed to) (resolve|find|verify) your (sending |mail |e-?mail )?domain\b`,
      // The sender's own address said not to exist ('Sender address does not exist'): our reverse-path, not the
      // recipient (the recipient rules below would read "address ... does not exist" as a bad mailbox).
      String.raw`\bsender('?s)? (e-?mail )?(address|mailbox|account|user)\b.{0,40}\b(does not|doesn't|did not) exist|\bsender (<?[^\s<>]*@[^\s<>]+>?:? )?(does not|doesn't) exist`,
      String.raw`domain name required for sender|badmailfrom|\breturn(-| )(address|path) domain\b.{0,40}\b(not found|does not exist|doesn't exist|unresolvable|invalid|unknown)`,
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
    "Gmail SMTP errors (550 5.4.5 'Daily user sending limit exceeded', 'Daily SMTP relay limit exceeded for customer'); Microsoft 5.2.2 'Submission quota exceeded' (the sender's submission quota); Microsoft 5.1.90 ('you've reached your daily limit for message recipients')",
    [
      '(daily|hourly) (user |smtp relay )?sending (quota|limit)|sending (quota|limit) exceeded|relay limit exceeded|submission quota|daily limit for (message )?recipients|reached (your|the) daily (sending |message )?limit',
    ],
  ),
];
