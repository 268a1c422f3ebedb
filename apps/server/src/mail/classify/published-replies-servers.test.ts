import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check on the remote server's own state and rules: RFC 3463 and RFC 5321 texts for system
 * and configuration errors, unsupported parameters and routing loops, DNS failures as resolvers and MTAs word them,
 * the recipient organisation's and the recipient's own delivery restrictions (Exchange's "only accepts messages from
 * people in its organization", inbox rules), relay refusals and mailbox states. Written before the rules were changed
 * for them (see docs/list-hygiene.md for the figures).
 */
const SERVERS_AND_RESTRICTIONS: PublishedReply[] = [
  ['421 4.3.0 Temporary System Problem. Try again later.', 'bad-configuration', false],
  ['451 4.3.5 Server configuration problem', 'bad-configuration', false],
  ['554 5.3.5 System incorrectly configured', 'bad-configuration', false],
  ['451 4.3.0 Error: queue file write error', 'bad-configuration', false],
  ['454 4.7.0 TLS not available due to local problem', 'bad-configuration', false],
  ['555 5.5.4 Unsupported option: SMTPUTF8', 'protocol-errors', false],
  ['555 5.5.4 MAIL FROM parameters not recognized or not implemented', 'protocol-errors', false],
  ['500 5.5.2 Line too long', 'content-related', false],
  ['554 5.6.1 Body type not supported by remote host', 'content-related', false],
  ['550 5.4.6 Maximum forwarding loop count exceeded', 'routing-errors', false],
  ['554 5.4.6 Message probably in a routing loop', 'routing-errors', false],
  ['550 5.4.8 MX record points to a local host', 'unreachable-mx', true],
  ['Name server timeout', 'routing-errors', false],
  ['451 4.4.0 DNS temporary failure', 'routing-errors', false],
  ['connect to mx.example.test[192.0.2.1]:25: Network is unreachable', 'routing-errors', false],
  ['554 5.7.1 Service unavailable; Helo command [localhost] blocked using bl.example', 'spam-related', false],
  ['550 5.7.1 You are not allowed to send mail to this recipient', 'policy-related', false],
  ['550 5.7.1 This recipient does not accept mail from the Internet', 'policy-related', false],
  ['550 5.7.1 Recipient accepts mail only from internal senders', 'policy-related', false],
  ['550 5.7.1 The group a@example.test only accepts messages from people in its organization', 'policy-related', false],
  ["550 5.2.0 Mailbox unavailable: message rejected by the recipient's rules", 'policy-related', false],
  ['550 5.7.1 Message rejected by recipient inbox rules', 'policy-related', false],
  ['550 Rejected: auto-responder loop', 'routing-errors', false],
  ['550 5.7.1 Content filtering: message contains forbidden words', 'content-related', false],
  ['554 5.7.1 Message has been rejected as it exceeds the spam threshold', 'spam-related', false],
  ['550 5.7.1 Bulk mail not accepted', 'spam-related', false],
  ['550 5.7.1 Newsletter rejected by the recipient', 'policy-related', false],
  ['550 5.7.1 Unable to relay for a@example.test', 'relaying-issues', false],
  ['550 5.7.1 Relay not permitted from your IP', 'relaying-issues', false],
  ['550 5.2.1 The recipient mailbox is temporarily unavailable', 'inactive-mailbox', false],
  ['452 4.2.1 Mailbox temporarily disabled', 'inactive-mailbox', false],
  ['550 5.1.1 The recipient address does not exist on this server', 'bad-mailbox', true],
  ['550 5.1.1 Sorry, no such mailbox here', 'bad-mailbox', true],
  ['550 Invalid email address', 'bad-mailbox', true],
  ['550 5.1.1 Mailbox name invalid', 'bad-mailbox', true],
  ['553 5.1.1 Syntax error in recipient address', 'bad-mailbox', true],
  ['501 5.1.3 Bad recipient address syntax', 'bad-mailbox', true],
];

describe("S3-066 replies about the remote server's state and the recipient's restrictions (issue 12)", () => {
  checkPublishedReplies(SERVERS_AND_RESTRICTIONS);
});
