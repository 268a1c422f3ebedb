import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check, continued: replies as ISPs' and large receivers' published error pages word them
 * (Comcast's and AT&T's SMTP error pages, Seznam, QQ Mail, NetEase's DT:/RP: codes, Microsoft's NDR reference, Gmail's
 * SMTP error reference, Yahoo's TSS codes, Proofpoint, Mimecast, Cisco Secure Email, Sophos), with the category each
 * page gives them. Written before the rules were changed for them (see docs/list-hygiene.md for the figures).
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
];

describe("S3-066 replies from ISPs' and large receivers' published error pages (issue 12)", () => {
  checkPublishedReplies(ISPS);
});
