import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check on wordings no corpus file gave: replies as the receivers' and MTAs' published error
 * pages and documentation word them (Gmail's SMTP error reference, Microsoft's NDR pages, Yahoo's and Apple's
 * postmaster pages, Proofpoint, Mimecast, Barracuda, Cisco, GMX, Mail.ru, Yandex), with the category each page gives them.
 */
const RECEIVERS: PublishedReply[] = [
  // Gmail SMTP error reference
  [
    '450 4.2.1 The user you are trying to contact is receiving mail too quickly. Please resend your message at a later time.',
    'policy-related',
    false,
  ],
  [
    '452 4.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp',
    'quota-issues',
    false,
  ],
  ['452 4.5.3 Your message has too many recipients.', 'policy-related', false],
  [
    "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces.",
    'bad-mailbox',
    true,
  ],
  ['550 5.2.1 The email account that you tried to reach is disabled.', 'inactive-mailbox', false],
  [
    '550 5.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered.',
    'policy-related',
    false,
  ],
  ['552 5.2.2 The email account that you tried to reach is over quota and inactive.', 'quota-issues', false],
  [
    "553 5.1.2 We weren't able to find the recipient domain. Please check for any spelling errors, and make sure you didn't enter any spaces, periods, or other punctuation after the recipient's email address.",
    'bad-domain',
    true,
  ],
  ['554 5.6.0 Mail message is malformed. Not accepted.', 'content-related', false],
  [
    '550 5.7.1 Our system has detected an unusual rate of unsolicited mail originating from your IP address. To protect our users from spam, mail sent from your IP address has been blocked.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.1 The user or domain that you are sending to (or from) has a policy that prohibited the mail that you sent.',
    'policy-related',
    false,
  ],
  [
    '550 5.7.26 This mail is unauthenticated, which poses a security risk to the sender and Gmail users, and has been blocked.',
    'policy-related',
    false,
  ],
  [
    "550 5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy.",
    'policy-related',
    false,
  ],
  [
    '421 4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.25 The IP address sending this message does not have a PTR record setup, or the corresponding forward DNS entry does not point to the sending IP.',
    'policy-related',
    false,
  ],
  ['550 5.7.0 Mail relay denied.', 'relaying-issues', false],
  [
    '550 5.7.1 Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked.',
    'spam-related',
    false,
  ],
  [
    '552 5.7.0 This message was blocked because its content presents a potential security issue.',
    'virus-related',
    false,
  ],
  ['550 5.1.1 The email account that you tried to reach does not exist.', 'bad-mailbox', true],
  ['454 4.5.0 SMTP protocol violation, see RFC 2821', 'protocol-errors', false],
  [
    '421 4.7.0 This message is suspicious due to the very low reputation of the sending IP address.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.1 This message is likely suspicious due to the very low reputation of the sending domain.',
    'spam-related',
    false,
  ],
  // Microsoft
  ['550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup', 'bad-mailbox', true],
  ['550 5.1.1 RESOLVER.ADR.RecipNotFound; not found', 'bad-mailbox', true],
  [
    "550 5.7.1 Unfortunately, messages from [192.0.2.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
    'spam-related',
    false,
  ],
  [
    '550 5.7.606 Access denied, banned sending IP [192.0.2.1]. To request removal from this list please visit https://sender.office.com/',
    'spam-related',
    false,
  ],
  ['550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.', 'spam-related', false],
  [
    '451 4.7.650 The mail server [192.0.2.1] has been temporarily rate limited due to IP reputation.',
    'spam-related',
    false,
  ],
  [
    '550 5.7.509 Access denied, sending domain example.com does not pass DMARC verification and has a DMARC policy of reject.',
    'policy-related',
    false,
  ],
  [
    "550 5.7.515 Access denied, sending domain example.com doesn't meet the required authentication level.",
    'policy-related',
    false,
  ],
  ['554 5.4.14 Hop count exceeded - possible mail loop ATTR34', 'routing-errors', false],
  ['550 5.4.310 DNS domain example.invalid does not exist', 'bad-domain', true],
  ['550 5.4.300 Message expired', 'message-expired', false],
  ['550 5.7.57 SMTP; Client was not authenticated to send anonymous mail during MAIL FROM', 'policy-related', false],
  ['550 5.7.133 RESOLVER.RST.SenderNotAuthenticatedForGroup; authentication required', 'policy-related', false],
  ['550 5.7.1 RESOLVER.RST.NotAuthorized; not authorized', 'policy-related', false],
  ['552 5.3.4 Message size exceeds fixed maximum message size', 'content-related', false],
  ['550 5.4.316 Message expired, connection refused(Socket error code 10061)', 'message-expired', false],
  [
    '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded',
    'quota-issues',
    false,
  ],
  ['550 5.7.520 Access denied, Your organization does not allow external forwarding.', 'policy-related', false],
  ['554 5.7.1 Message rejected due to content restrictions', 'content-related', false],
  // Yahoo / AOL
  [
    "553 5.7.1 [BL21] Connections will not be accepted from 192.0.2.1, because the ip is in Spamhaus's list; see http://postmaster.yahoo.com/errors/550-bl21.html",
    'spam-related',
    false,
  ],
  [
    '421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints',
    'spam-related',
    false,
  ],
  ['554 30 Sorry, your message size exceeds 41943040 bytes.', 'content-related', false],
  [
    '554 delivery error: dd Sorry your message to a@yahoo.com cannot be delivered. This mailbox is disabled (554.30).',
    'inactive-mailbox',
    false,
  ],
  [
    '550 5.7.9 This mail has been blocked because the sender is unauthenticated. Yahoo requires all senders to authenticate with either SPF or DKIM.',
    'policy-related',
    false,
  ],
  [
    '554 5.7.9 Message not accepted for policy reasons.  See https://senders.yahooinc.com/error-codes',
    'policy-related',
    false,
  ],
  [
    '421 4.7.0 [TSS09] All messages from 192.0.2.1 will be permanently deferred; Retrying will NOT succeed.',
    'spam-related',
    false,
  ],
  ['553 Mailbox name not allowed', 'bad-mailbox', true],
  // Apple
  ['550 5.7.1 Mail from IP 192.0.2.1 was rejected due to listing in Spamhaus SBL.', 'spam-related', false],
  ['550 5.1.1 <a@icloud.com>: inactive email address', 'inactive-mailbox', false],
  ['554 5.7.1 [CS01] Message rejected due to local policy.', 'policy-related', false],
  // Proofpoint / Mimecast / Barracuda / Cisco
  [
    '554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using dnsbl.example; Blocked',
    'spam-related',
    false,
  ],
  ['550 5.7.1 Message blocked due to spam content in the message.', 'spam-related', false],
  ['550 5.7.0 Local Policy Violation', 'policy-related', false],
  ['554 5.7.0 Reject, id=12345 - spam', 'spam-related', false],
  ['550 Rejected by header based Anti-Spoofing policy: a@example.com', 'policy-related', false],
  [
    '554 Email rejected due to security policies - https://community.mimecast.com/docs/DOC-1369#554',
    'policy-related',
    false,
  ],
  ['550 Rejected by Mimecast IP reputation (Poor IP reputation)', 'spam-related', false],
  ['554 Message contains a virus and has been rejected', 'virus-related', false],
  [
    '554 Service unavailable; Client host [192.0.2.1] blocked using Barracuda Reputation; http://www.barracudanetworks.com/reputation/?r=1&ip=192.0.2.1',
    'spam-related',
    false,
  ],
  ['550 5.7.1 Message rejected due to SPF failure', 'policy-related', false],
  [
    "554 5.7.1 Your access to this mail system has been rejected due to the sending MTA's poor reputation.",
    'spam-related',
    false,
  ],
  ['550 5.1.1 Recipient address rejected: User unknown in virtual mailbox table', 'bad-mailbox', true],
  ['554 Message size exceeds limit', 'content-related', false],
  // GMX / Web.de / Mail.ru / Yandex
  [
    '554-gmx.net (mxgmx) Nemesis ESMTP Service not available 554-No SMTP service 554 Bad DNS PTR resource record',
    'policy-related',
    false,
  ],
  ['552 Requested mail action aborted: exceeded storage allocation', 'quota-issues', false],
  [
    '550 spam message rejected. Please visit http://help.mail.ru/notspam-support/id?c=abc or report details to abuse@corp.mail.ru.',
    'spam-related',
    false,
  ],
  ['554 5.7.1 Message rejected under suspicion of SPAM; https://ya.cc/1IrBc', 'spam-related', false],
  ['552 5.2.2 Mailbox size limit exceeded', 'quota-issues', false],
  [
    '550 Message was not accepted -- invalid mailbox.  Local mailbox a@mail.ru is unavailable: account is disabled',
    'inactive-mailbox',
    false,
  ],
  ['550 5.2.1 Mailbox unavailable. This account has been disabled or discontinued', 'inactive-mailbox', false],
];

describe("S3-066 replies from the large receivers' published error pages (issue 12)", () => {
  checkPublishedReplies(RECEIVERS);
});
