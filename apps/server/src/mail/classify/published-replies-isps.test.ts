import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check, continued: replies as ISPs' and large receivers' published error pages word them
 * (Comcast's and AT&T's SMTP error pages, Seznam, QQ Mail, NetEase's DT:/RP: codes, Microsoft's NDR reference, Gmail's
 * SMTP error reference, Yahoo's TSS codes, Proofpoint, Mimecast, Cisco Secure Email, Sophos, GoDaddy, Zoho, Orange,
 * Libero, Yandex, Mail.ru, Postfix's local delivery, Exim's attachment filter), with the category each page gives
 * them. Written before the rules were changed for them (see docs/list-hygiene.md for the figures).
 */
const ISPS: PublishedReply[] = [
  [
    '554 5.7.1 Comcast block for spam. Please see http://postmaster.comcast.net/smtp-error-codes.php#BL000000',
    'spam-related',
    false,
  ],
  ['421 4.7.0 Comcast RL000001 - Too many connections from your IP', 'policy-related', false],
  [
    '554 5.7.1 rejected - DNS PTR lookup for 192.0.2.1 failed (see http://postmaster.comcast.net/smtp-error-codes.php#554)',
    'policy-related',
    false,
  ],
  [
    '553 5.3.0 flpd - DNSBL:RBL 521< 192.0.2.1 >_is_blocked.For assistance forward this error to abuse_rbl@abuse-att.net',
    'spam-related',
    false,
  ],
  ['550 5.7.1 Mail from 192.0.2.1 rejected due to bad reputation', 'spam-related', false],
  ['550 Mailbox unavailable or access denied', 'bad-mailbox', true],
  ['554 DT:SPM 163 mx12, the content of this email is considered spam', 'spam-related', false],
  ['451 RP:QRC 163 mx21, too many mails in a short time', 'policy-related', false],
  [
    '550 5.7.512 Access denied, message must be RFC 5322 section 3.6.2 compliant and include a valid From address',
    'content-related',
    false,
  ],
  [
    '550 5.7.136 RESOLVER.RST.SenderNotAuthenticated; Delivery not authorized, message refused',
    'policy-related',
    false,
  ],
  [
    "550 5.1.90 Your message can't be sent because you've reached your daily limit for message recipients",
    'policy-related',
    false,
  ],
  ['550 5.4.6 Routing loop detected', 'routing-errors', false],
  ['550 5.4.312 DNS query failed', 'routing-errors', false],
  ['550 5.4.318 Message expired, connection reset', 'message-expired', false],
  ['550 5.6.11 SMTPSEND.BareLinefeedsAreIllegal; message contains bare linefeeds', 'content-related', false],
  [
    '554 5.6.211 Invalid MIME Content: Single text value size (32004) exceeded allowed maximum of 32000 for the X-Header header',
    'content-related',
    false,
  ],
  ['550 5.7.1 Messages with multiple addresses in From: header are not accepted.', 'content-related', false],
  ['552 5.7.0 Our system detected an illegal attachment on your message.', 'content-related', false],
  [
    '550 5.7.1 [192.0.2.1] Messages missing a valid address in From: header, or having no From: header, are not accepted.',
    'content-related',
    false,
  ],
  [
    '421 4.7.0 [192.0.2.1] Our system has detected that this message is suspicious due to the nature of the content and/or the links within.',
    'spam-related',
    false,
  ],
  ['553 5.1.3 The recipient address <a@example> is not a valid RFC 5321 address.', 'bad-mailbox', true],
  ['450 4.2.1 Peak SMTP relay limit exceeded for customer. This is a temporary error.', 'policy-related', false],
  [
    '553 5.7.2 [TSS11] All messages from 192.0.2.1 will be permanently deferred; Retrying will NOT succeed.',
    'spam-related',
    false,
  ],
  ['550 5.7.0 Blocked - see https://support.proofpoint.com/dnsbl-lookup.cgi?ip=192.0.2.1', 'spam-related', false],
  ['554 Sender Denied', 'invalid-sender', false],
  ['451 Open relay not allowed - https://community.mimecast.com/docs/DOC-1369#451', 'relaying-issues', false],
  [
    '550 Anti-Spoofing policy - Inbound not allowed - https://community.mimecast.com/docs/DOC-1369#550',
    'policy-related',
    false,
  ],
  ['550 #5.7.1 Your access to submit messages to this e-mail system has been rejected.', 'spam-related', false],
  ['550 5.7.1 Rejected by Sophos email security - sender reputation', 'spam-related', false],
  // Hosting providers, European and Asian webmail, local delivery agents, and the common texts of filtering gateways.
  [
    '554 p3plibsmtp02-04.prod.phx3.secureserver.net bizsmtp IB212 Connection refused. 192.0.2.1 is listed on the Exploit Blocklist (XBL)',
    'spam-related',
    false,
  ],
  ['550 5.1.1 User does not exist - <a@zoho.example>', 'bad-mailbox', true],
  ['550 5.1.1 Address does not exist', 'bad-mailbox', true],
  [
    '550 5.2.1 Le compte du destinataire est bloque. The recipient account is blocked. OFR_418 [418]',
    'inactive-mailbox',
    false,
  ],
  [
    '421 mwinf5c02 ME Trop de connexions, veuillez verifier votre configuration. Too many connections, slow down. OFR005_104 [104]',
    'policy-related',
    false,
  ],
  ['552 5.2.2 Boite pleine', 'quota-issues', false],
  ['550 5.1.1 <a@libero.example>: Utente inesistente', 'bad-mailbox', true],
  ['550 5.7.1 Policy rejection on the target address', 'policy-related', false],
  [
    '550 Message was not accepted -- invalid mailbox.  Local mailbox a@mail.example is unavailable: user is terminated',
    'inactive-mailbox',
    false,
  ],
  [
    '554 HL:IHU 163 mx12, the sending IP has been suspended for spam or abnormal connection behaviour',
    'spam-related',
    false,
  ],
  ['550 Unknown user a@docomo.example', 'bad-mailbox', true],
  ['message size 30000000 exceeds size limit 10240000 of server mx.example.test[192.0.2.1]', 'content-related', false],
  [
    'Command died with status 1: "/usr/bin/procmail". Command output: procmail: Quota exceeded while writing',
    'quota-issues',
    false,
  ],
  ['Command died with status 127: "/usr/local/bin/filter"', 'other', false],
  [
    'This message has been rejected because it has a potentially executable attachment "a.exe"',
    'content-related',
    false,
  ],
  ['554 5.3.0 unknown mailer error 1', 'other', false],
  ["The message was undeliverable because the recipient's mailbox is full", 'quota-issues', false],
  ['550 5.2.1 <a@example.test>... Mailbox disabled for this recipient', 'inactive-mailbox', false],
  [
    '554 5.7.1 The message from (<s@example.org>) with the subject of (Hi) matches a profile the Internet community may consider spam. Please revise your message before resending.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.1 Unable to deliver to a@example.test: the recipient has blocked all mail from your domain',
    'policy-related',
    false,
  ],
  [
    '550 5.7.1 Your email was rejected because the recipient does not accept mail from unknown senders',
    'policy-related',
    false,
  ],
  ['550 5.7.1 Recipient not authorized, your IP has been found on a block list', 'spam-related', false],
  ['550 5.1.1 <a@example.test>: Recipient address rejected: example.test', 'bad-mailbox', true],
  ['550 5.7.1 This email was rejected because it violates our security policy', 'policy-related', false],
  ['550 5.7.1 Sender IP address is not allowed', 'spam-related', false],
  ['550 Your IP is temporarily banned due to too many bad recipients', 'spam-related', false],
  ['554 5.7.1 Blocked by pattern match: url', 'spam-related', false],
  ['550 5.7.1 Reverse DNS lookup failed for host 192.0.2.1', 'policy-related', false],
  ['550 5.7.1 No PTR Record found.', 'policy-related', false],
  ['550 5.7.1 SPF check failed: 192.0.2.1 is not allowed to send for example.org', 'policy-related', false],
  ['550 5.7.26 DMARC policy violation', 'policy-related', false],
  ['550 5.1.2 Host unknown (Name server: example.invalid: host not found)', 'bad-domain', true],
  ['550 5.1.2 Domain not found', 'bad-domain', true],
  ['550 Domain example.invalid is not registered', 'bad-domain', true],
  [
    '550 5.7.1 <a@example.test>: Recipient address rejected: Recipient domain is not hosted here',
    'relaying-issues',
    false,
  ],
  ['550 5.7.367 Remote server returned not permitted to relay', 'relaying-issues', false],
  ['452 4.1.1 <a@example.test>: Recipient address rejected: User mailbox is overfull', 'quota-issues', false],
  ['552 5.2.2 Mailbox over quota (user has exceeded disk allocation)', 'quota-issues', false],
  ['550 5.1.1 Mailbox does not exist or is not enabled', 'bad-mailbox', true],
  ['550 This mailbox is dormant', 'inactive-mailbox', false],
  ['550 5.2.1 User account has been suspended for inactivity', 'inactive-mailbox', false],
  ['550 5.6.0 Lone CR or LF in headers (see RFC2822 section 2.3)', 'content-related', false],
  ['554 5.6.0 Message contains invalid header', 'content-related', false],
  ['550 5.7.1 Message rejected: attachment type not allowed', 'content-related', false],
  ['552 5.3.4 Message exceeds the maximum allowed size', 'content-related', false],
  ['554 5.7.0 Rejected, message contains malicious content', 'virus-related', false],
  ['554 5.7.1 Phishing message detected', 'spam-related', false],
  ['550 5.7.1 Rejected: message considered as phishing', 'spam-related', false],
  ['421 4.7.0 Connection refused, too many sessions from this IP', 'policy-related', false],
  ['450 4.7.1 Rate limit exceeded for sender', 'policy-related', false],
  ['451 4.7.1 Service unavailable - try again later (throttled)', 'policy-related', false],
  ['554 5.7.1 Sender address has been blacklisted', 'spam-related', false],
  ['550 5.1.8 Sender domain has no valid MX record', 'invalid-sender', false],
  ['553 5.1.7 The sender address is not a valid RFC 5321 address', 'invalid-sender', false],
  ['501 5.1.7 Invalid address in MAIL FROM', 'invalid-sender', false],
];

describe("S3-066 replies from ISPs' and large receivers' published error pages (issue 12)", () => {
  checkPublishedReplies(ISPS);
});
