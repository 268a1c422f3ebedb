import { describe, expect, it } from 'vitest';
import { type BounceReply, classifyBounce } from './classify.ts';

/**
 * The fourth version of the defaults (migration 0028, issue 12): replies written from the receivers' and MTAs' public
 * error pages and documented texts (named with each case), not copied from any sample. They pin what generalises: an
 * unknown address stays a bad mailbox without stage evidence, the directory's words mean an unknown recipient, and the
 * common wordings of a full mailbox and of a refused sender domain each have a rule.
 */
const PUBLIC_WORDINGS: [source: string, reply: BounceReply, category: string, hard: boolean][] = [
  // An address the server says does not exist, with nothing in the reply that says a filter spoke.
  [
    'RFC 5321 550 / Outlook.com 5.5.0',
    { text: '550 5.5.0 Requested action not taken: mailbox unavailable' },
    'bad-mailbox',
    true,
  ],
  [
    'Yahoo help SLN3444',
    { text: "554 delivery error: dd This user doesn't have a yahoo.com account (a@yahoo.com) [0]" },
    'bad-mailbox',
    true,
  ],
  ['Yahoo/AOL', { text: '552 1 Requested mail action aborted, mailbox not found' }, 'bad-mailbox', true],
  ['x.2.1 without a stage', { text: '550 5.2.1 <a@example.test>... User unknown' }, 'bad-mailbox', true],
  ['Apple iCloud', { text: '550 5.1.1 <a@icloud.example>: user does not exist' }, 'bad-mailbox', true],
  ['KumoMTA community rules', { text: '550 That recipient is not allowed' }, 'bad-mailbox', true],
  ['mailbox unknown', { text: '550 Mailbox unknown' }, 'bad-mailbox', true],
  [
    'Mimecast',
    { text: '550 Invalid Recipient - https://community.mimecast.com/docs/DOC-1369#550' },
    'bad-mailbox',
    true,
  ],
  ['Barracuda', { text: '550 No such user (a@example.test)' }, 'bad-mailbox', true],
  ['Cisco Secure Email', { text: '550 #5.1.0 Address rejected.' }, 'bad-mailbox', true],
  ['KumoMTA community rules (recipient ... denied)', { text: '550 <a@example.test>... Rejected' }, 'bad-mailbox', true],
  [
    'Mail.ru',
    {
      text: '550 Message was not accepted -- invalid mailbox. Local mailbox a@mail.example is unavailable: user not found',
    },
    'bad-mailbox',
    true,
  ],
  ['RFC 5321 550 put the other way', { text: '550 Mailbox not available' }, 'bad-mailbox', true],
  [
    'Exim recipient callout',
    { text: '550-Callout verification failed: 550 Recipient verify failed' },
    'bad-mailbox',
    true,
  ],
  // The directory's words: an unknown recipient, not a blocklist and not a broken server.
  [
    'Microsoft DBEB (5.4.1)',
    { text: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)' },
    'bad-mailbox',
    true,
  ],
  [
    'Postfix local_recipient_maps',
    { text: '550 5.1.1 <a@example.test>: Recipient address rejected: User unknown in local recipient table' },
    'bad-mailbox',
    true,
  ],
  [
    'LDAP gateway, then a blocked word',
    { text: '550 5.1.1 Recipient is not listed in our LDAP directory, message blocked' },
    'bad-mailbox',
    true,
  ],
  ['directory lookup', { text: '550 Recipient rejected (directory lookup failed)' }, 'bad-mailbox', true],
  [
    'an LDAP server that fails is the server',
    { text: '451 4.3.0 LDAP server unavailable, try again later' },
    'bad-configuration',
    false,
  ],
  [
    "someone's own address book is a filter, not the receiver's directory",
    { text: "550 Message rejected: sender not in the recipient's address book" },
    'policy-related',
    false,
  ],
  // Too many unknown recipients from our host is a block of the sender (Yahoo tags it x.1.8).
  [
    'Yahoo help SLN3444',
    { text: '451 VS1-IP Excessive unknown recipients - possible Open Relay (#4.1.8)' },
    'spam-related',
    false,
  ],
  // A full mailbox, however put.
  [
    'Gmail 452 4.2.2',
    {
      text: "452 4.2.2 The recipient's inbox is out of storage space. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp",
    },
    'quota-issues',
    false,
  ],
  [
    'Microsoft 5.2.2',
    { text: '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException' },
    'quota-issues',
    false,
  ],
  ['Microsoft NDR text', { text: '550 The mailbox you tried to reach is full' }, 'quota-issues', false],
  ['mailbox at its limit', { text: '552 The recipient mailbox has reached its limit' }, 'quota-issues', false],
  [
    'Yahoo help',
    {
      text: '554 delivery error: dd Sorry, your message to a@yahoo.com cannot be delivered. This account is over quota.',
    },
    'quota-issues',
    false,
  ],
  ['Apple iCloud', { text: '552 5.2.2 <a@icloud.example>: user is over quota' }, 'quota-issues', false],
  ['Portuguese', { text: '552 Caixa postal cheia' }, 'quota-issues', false],
  ["the recipient's quota", { text: '552 Message exceeds the recipient quota' }, 'quota-issues', false],
  ['over capacity', { text: '452 Mailbox over capacity' }, 'quota-issues', false],
  // The sender's domain or address refused.
  [
    'Sendmail check_mail',
    { text: '553 5.5.4 <s@example>... Domain name required for sender address s@example' },
    'invalid-sender',
    false,
  ],
  [
    'Postfix reject_unknown_sender_domain',
    { text: '450 4.1.8 <s@example.test>: Sender address rejected: Domain not found' },
    'invalid-sender',
    false,
  ],
  [
    'qmail-smtpd badmailfrom',
    { text: '553 sorry, your envelope sender is in my badmailfrom list (#5.7.1)' },
    'invalid-sender',
    false,
  ],
  ['the sender said not to exist', { text: '550 Sender address does not exist' }, 'invalid-sender', false],
  ['sender domain, adjective', { text: '501 Sender domain unresolvable' }, 'invalid-sender', false],
  ['sender refused, then why', { text: '550 5.7.1 Sender rejected: domain does not exist' }, 'invalid-sender', false],
  ['MAIL FROM domain', { text: '550 MAIL FROM domain has no MX record' }, 'invalid-sender', false],
  ['the sender addressed as "your domain"', { text: '550 5.1.8 Cannot resolve your domain' }, 'invalid-sender', false],
  // The sending IP named as what is refused, its reputation, or our HELO name refused: a block of our host.
  [
    'Gmail 421 4.7.0',
    { text: '421 4.7.0 IP not in whitelist for RCPT domain, closing connection.' },
    'spam-related',
    false,
  ],
  ['sender reputation', { text: '554 5.7.1 Rejected due to sender reputation' }, 'spam-related', false],
  [
    'Postfix reject_invalid_helo_hostname',
    { text: '504 5.5.2 <localhost>: Helo command rejected: need fully-qualified hostname' },
    'spam-related',
    false,
  ],
  [
    'CBL listing (an "infected" host is a blocklist word, not a virus)',
    { text: '554 5.7.1 Your host 192.0.2.1 is infected and listed on the CBL' },
    'spam-related',
    false,
  ],
  ['a virus in the message', { text: '552 Message infected with a virus' }, 'virus-related', false],
  ['IP literal refused', { text: '553 Mail from 192.0.2.1 not allowed' }, 'spam-related', false],
  ['return-path domain', { text: '550 Return-path domain example.test does not exist' }, 'invalid-sender', false],
  // The same facts in other languages: the Japanese notices' sender domain, Portuguese and Dutch unknown users.
  ['Japanese notice', { text: '550 送信者のドメインが存在しません' }, 'invalid-sender', false],
  ['Portuguese', { text: '550 Usuário desconhecido' }, 'bad-mailbox', true],
  ['Dutch', { text: '550 Gebruiker onbekend' }, 'bad-mailbox', true],
  // A network without a way to the host, or a loop, is a routing error; a time in the queue that ran out is expiry.
  [
    'RFC 3463 X.4.4',
    { text: 'connect to mx.example.test[192.0.2.1]:25: No route to host', action: 'failed' },
    'routing-errors',
    false,
  ],
  ['Postfix forwarding loop', { text: '554 5.4.6 mail forwarding loop for a@example.test' }, 'routing-errors', false],
  ['RFC 3463 X.4.4 in words', { text: '554 5.4.4 Unable to route to the recipient domain' }, 'routing-errors', false],
  ['Microsoft 5.4.316', { text: '550 5.4.316 Message expired, connection refused' }, 'message-expired', false],
];

describe("S3-066 the status read: the reply's own, unless the report speaks of the delivery as a whole", () => {
  it.each([
    // Sendmail and many relays write "Status: 5.0.0" whatever the remote reply said (RFC 3463 X.0.0: undefined).
    [{ text: '550 5.2.2 <a@example.test>... Over limit', status: '5.0.0' }, 'quota-issues', '5.2.2'],
    // The report's class stays: it gave up for good, the reply (a 4xx) says why.
    [{ text: '452 4.2.2 <a@example.test>... Over limit', status: '5.0.0' }, 'quota-issues', '5.2.2'],
    [{ text: '550 5.1.2 <a@example.test>... Refused', status: '5.7.1', statusInferred: true }, 'bad-domain', '5.1.2'],
    // Sendmail 8.17 reports "Status: 5.1.1" for any 5xx at RCPT TO; the remote's own code says why (captured from the
    // real binary: src/test/fixtures/mta-bounces/sendmail).
    [{ text: '550 5.1.2 Bad destination system address', status: '5.1.1' }, 'bad-domain', '5.1.2'],
    [{ text: '550 5.7.1 Message rejected due to content restrictions', status: '5.1.1' }, 'content-related', '5.7.1'],
    // A report about the delivery as a whole (X.4.x, here the time in the queue) keeps its status.
    [{ text: '451 4.3.0 Try again later', status: '4.4.7' }, 'message-expired', '4.4.7'],
    [{ text: '550 5.1.1 <a@example.test>... User unknown' }, 'bad-mailbox', '5.1.1'],
  ] as const)('%o -> %s (%s)', (reply, category, status) => {
    const result = classifyBounce(reply);
    expect({ category: result.category, status: result.status }).toEqual({ category, status });
  });
});

describe('S3-066 public wordings the fourth default list knows (issue 12)', () => {
  it.each(PUBLIC_WORDINGS)('%s: %o -> %s (hard %s)', (_source, reply, category, hard) => {
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });
});
