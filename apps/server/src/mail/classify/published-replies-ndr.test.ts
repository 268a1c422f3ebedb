import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check, eighth round: the texts of Microsoft's Exchange Online NDR reference (5.1.x
 * RESOLVER.ADR, 5.2.x quota and size, 5.4.x DNS, loops and expiry, 5.7.x authorisation, authentication, reputation and
 * banned senders) and of Gmail's SMTP error reference. Written before the rules were changed for them: 42 of 43 right
 * before (the NDR 5.4.8 'MX record for <domain> points to a local host'), all after; 7 arguable ones dropped.
 */
const NDR_REFERENCES: PublishedReply[] = [
  ['550 5.1.0 Sender denied (unknown recipient) RESOLVER.ADR.RecipNotFound', 'bad-mailbox', true],
  ['550 5.1.1 RESOLVER.ADR.ExRecipNotFound; not found', 'bad-mailbox', true],
  [
    '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient a@example.com not found by SMTP address lookup',
    'bad-mailbox',
    true,
  ],
  ['550 5.1.8 Access denied, bad outbound sender', 'invalid-sender', false],
  ['550 5.4.1 Recipient address rejected: Access denied. AS(201806281)', 'bad-mailbox', true],
  [
    '552 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded',
    'quota-issues',
    false,
  ],
  ['550 5.2.3 RESOLVER.RST.RecipSizeLimit; message too large for this recipient', 'quota-issues', false],
  ['550 5.3.4 ROUTING.SizeLimit; message size exceeds fixed maximum size for route', 'content-related', false],
  ['554 5.4.6 Hop count exceeded - possible mail loop', 'routing-errors', false],
  ['550 5.4.310 DNS domain example.invalid does not exist', 'bad-domain', true],
  ['550 5.4.300 Message expired', 'message-expired', false],
  ['554 5.4.312 DNS query failed', 'routing-errors', false],
  ['550 4.4.7 Message expired', 'message-expired', false],
  ['554 5.4.8 MX record for example.com points to a local host', 'unreachable-mx', true],
  [
    '550 5.7.12 RESOLVER.RST.SenderNotAuthenticated; Delivery restriction check failed as sender not authenticated',
    'policy-related',
    false,
  ],
  ['550 5.7.13 The recipient is disabled', 'inactive-mailbox', false],
  ['550 5.7.15 Access denied, this recipient has restricted this message.', 'policy-related', false],
  ['550 5.7.25 Access denied, the sending IP address must have a reverse DNS record', 'policy-related', false],
  ['530 5.7.57 Client not authenticated to send mail', 'policy-related', false],
  ['550 5.7.133 RESOLVER.RST.SenderNotAuthenticatedForGroup', 'policy-related', false],
  ['550 5.7.134 RESOLVER.RST.SenderNotAuthenticatedForMailbox', 'policy-related', false],
  ['550 5.7.501 Access denied, spam abuse detected', 'spam-related', false],
  ['550 5.7.503 Access denied, banned sender', 'spam-related', false],
  ['550 5.7.511 Access denied, banned sender', 'spam-related', false],
  [
    '550 5.7.509 Access denied, sending domain example.org does not pass DMARC verification and has a DMARC policy of reject',
    'policy-related',
    false,
  ],
  ['550 5.7.606 Access denied, banned sending IP [192.0.2.1]', 'spam-related', false],
  ['550 5.7.708 Access denied, traffic not accepted from this IP', 'spam-related', false],
  ['550 5.7.750 Service unavailable. Client blocked from sending from unregistered domains', 'spam-related', false],
  [
    '451 4.7.650 The mail server [192.0.2.1] has been temporarily rate limited due to IP reputation.',
    'spam-related',
    false,
  ],
  ['550 5.7.520 Access denied, Your organization does not allow external forwarding.', 'policy-related', false],
  [
    "550 5.7.1 Unfortunately, messages from [192.0.2.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3140).",
    'spam-related',
    false,
  ],
  [
    '550 5.7.1 [192.0.2.1] Our system has detected that this message is likely unsolicited mail.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.1 The user or domain that you are sending to (or from) has a policy that prohibited the mail that you sent.',
    'policy-related',
    false,
  ],
  [
    "550 5.7.26 Unauthenticated email from example.org is not accepted due to domain's DMARC policy.",
    'policy-related',
    false,
  ],
  [
    '550 5.7.26 This mail is unauthenticated, which poses a security risk to the sender and Gmail users, and has been blocked.',
    'policy-related',
    false,
  ],
  ['553 5.1.7 The sender address <s@example.org> is not a valid RFC 5321 address.', 'invalid-sender', false],
  ['421 4.7.28 Gmail has detected an unusual rate of unsolicited mail', 'spam-related', false],
  ['550 5.1.1 The email account that you tried to reach does not exist.', 'bad-mailbox', true],
  ["452 4.2.2 The recipient's inbox is out of storage space.", 'quota-issues', false],
  ["552 5.3.4 Your message exceeded Google's message size limits.", 'content-related', false],
  [
    '550 5.7.1 This message does not have authentication information or fails to pass authentication checks (SPF or DKIM).',
    'policy-related',
    false,
  ],
  ['554 5.6.0 Mail message is malformed. Not accepted.', 'content-related', false],
  ['555 5.5.2 Syntax error.', 'protocol-errors', false],
];

describe("S3-066 replies as Microsoft's NDR reference and Gmail's SMTP error reference word them (issue 12)", () => {
  checkPublishedReplies(NDR_REFERENCES);
});
