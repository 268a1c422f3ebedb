import { describe, expect, it } from 'vitest';
import { type BounceReply, classifyBounce, joinReplyLines, ruleSubject } from './classify.ts';
import { DEFAULT_SMTP_RULES } from './default-rules.ts';
import type { CategoryRule } from './rule-types.ts';
import { decideSmtpAction } from './smtp-action.ts';
import { statusFromText } from './status-codes.ts';

/** Replies in the wording of common MTAs and providers (authored samples), with the category and hard/soft we want. */
const REPLIES: [reply: BounceReply, category: string, hard: boolean][] = [
  [
    { text: '550 5.1.1 <a@example.com>: Recipient address rejected: User unknown in local recipient table' },
    'bad-mailbox',
    true,
  ],
  [
    {
      text: '550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking',
    },
    'bad-mailbox',
    true,
  ],
  [{ text: '550 No such user here', stage: 'RCPT' }, 'bad-mailbox', true],
  // An address the server says does not exist is a bad mailbox, with or without a stage or a status to back it...
  [{ text: '550 No such user here' }, 'bad-mailbox', true],
  [{ text: '550 No such user here', status: '5.1.1', statusInferred: true }, 'bad-mailbox', true],
  [{ text: '550 No such user here', status: '5.1.1' }, 'bad-mailbox', true],
  // ...and a mailbox status (x.2.0/x.2.1) with no stage known does not turn it into a filter's refusal (issue 12: that
  // guess was wrong on most replies from receivers it had not been written for)...
  [{ text: '550 No such user here', status: '5.2.0' }, 'bad-mailbox', true],
  [{ text: '550 5.2.1 <a@example.com>... User Unknown' }, 'bad-mailbox', true],
  // ...unless the reply itself says a filter spoke: an x.7.x status, or a refusal after DATA.
  [{ text: '550 5.2.1 <a@example.com>... User Unknown (in reply to end of DATA command)' }, 'policy-related', false],
  [
    { text: "554 delivery error: dd This user doesn't have a example.com account (a@example.com) [0]", stage: 'RCPT' },
    'bad-mailbox',
    true,
  ],
  [{ text: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)' }, 'bad-mailbox', true],
  [{ text: '550 Requested action not taken: mailbox unavailable', stage: 'RCPT' }, 'bad-mailbox', true],
  [{ text: 'Remote host said: 550 5.2.1 <a@example.com>... User Unknown [RCPT_TO]' }, 'bad-mailbox', true],
  [{ text: '550 5.1.6 recipient no longer on server: a@example.com' }, 'bad-mailbox', true],
  // Microsoft's Exchange Online NDR reference (5.1.10); Lotus Domino's directory wording, once read as a blocklist
  // listing ("listed in"); Mail.ru's and Yandex's published texts; the directory words before the LDAP/config rule.
  [
    { text: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup' },
    'bad-mailbox',
    true,
  ],
  [{ text: '550 5.1.1 <a@example.com>... User not listed in public Name & Address Book' }, 'bad-mailbox', true],
  [{ text: '550 Recipient a@example.com is not listed in the directory' }, 'bad-mailbox', true],
  [
    {
      text: '550 Message was not accepted -- invalid mailbox. Local mailbox a@example.com is unavailable: user not found',
    },
    'bad-mailbox',
    true,
  ],
  [{ text: '550 5.1.1 <a@example.com>: User unknown in LDAP directory' }, 'bad-mailbox', true],
  [{ text: "550 5.1.1 The email address you entered couldn't be found" }, 'bad-mailbox', true],
  [{ text: '553 Requested action not taken: mailbox name not allowed' }, 'bad-mailbox', true],
  [{ text: '550 Empfänger existiert nicht' }, 'bad-mailbox', true],
  [{ text: '552 Postfach ist voll' }, 'quota-issues', false],
  [{ text: 'Unable to contact LDAP server. (#4.4.3)', action: 'failed' }, 'bad-configuration', false],
  [{ text: '451 4.3.0 <a@example.com>: Temporary lookup failure' }, 'bad-configuration', false],
  // RFC 3463 X.3.0: the destination system exists but something about it failed.
  [{ text: '451 4.3.0 Please try again later' }, 'bad-configuration', false],
  [{ text: '553 5.3.0 <a@example.com>... Addressee unknown, relay=[192.0.2.1]' }, 'bad-mailbox', true],
  [
    { text: 'This message is looping: it already has my Delivered-To line. (#5.4.6)', action: 'failed' },
    'routing-errors',
    false,
  ],
  [{ text: '552 5.2.2 <a@example.com>: Mailbox full' }, 'quota-issues', false],
  [{ text: "452 4.2.2 The recipient's inbox is out of storage space" }, 'quota-issues', false],
  // Full-mailbox wordings of Gmail, Dovecot, GNU Mailutils, RFC 5321's 552 text and common webmail replies.
  [{ text: '552-5.2.2 The email account that you tried to reach is over quota.' }, 'quota-issues', false],
  [{ text: '554 Quota exceeded (mailbox for user is full)' }, 'quota-issues', false],
  [{ text: '550 The user’s inbox is full' }, 'quota-issues', false],
  [{ text: '552 Requested mail action aborted: exceeded storage allocation' }, 'quota-issues', false],
  [{ text: '452 Mailbox has exceeded the limit' }, 'quota-issues', false],
  [{ text: '550 Not enough space on the disk for this mailbox' }, 'quota-issues', false],
  [{ text: '550 5.2.1 The email account that you tried to reach is disabled.' }, 'inactive-mailbox', false],
  [{ text: '554 5.2.1 Mailbox disabled for this recipient' }, 'inactive-mailbox', false],
  [
    {
      text: 'Host or domain name not found. Name service error for name=nope.example type=A: Host not found',
      action: 'failed',
    },
    'bad-domain',
    true,
  ],
  [
    {
      text: 'Host or domain name not found. Name service error for name=nope.example type=A: Host not found, try again',
      status: '4.4.3',
    },
    'routing-errors',
    false,
  ],
  [{ text: '556 5.1.10 Recipient address has null MX' }, 'unreachable-mx', true],
  // A DNS failure (RFC 3463 X.4.3) says nothing about the domain's mail: routing, not "accepts no mail".
  [
    {
      text: 'Name service error for name=example.org type=MX: Malformed or unexpected name server reply',
      action: 'failed',
    },
    'routing-errors',
    false,
  ],
  [{ text: 'example.net: host name lookup failure', action: 'failed' }, 'routing-errors', false],
  [
    { text: '550 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org' },
    'spam-related',
    false,
  ],
  [{ text: '554 5.7.1 This message has been scored as spam' }, 'spam-related', false],
  [
    {
      text: '421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints',
    },
    'spam-related',
    false,
  ],
  [
    { text: "550 5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy" },
    'policy-related',
    false,
  ],
  [{ text: '450 4.7.1 Client host rejected: cannot find your hostname, [192.0.2.1]' }, 'policy-related', false],
  [{ text: '451 4.7.1 Greylisting in action, please come back later' }, 'policy-related', false],
  [{ text: '550 5.7.1 <a@example.com>: User unknown' }, 'policy-related', false],
  [{ text: '550 : User unknown' }, 'policy-related', false],
  [{ text: '554 5.4.6 Hop count exceeded - possible mail loop' }, 'routing-errors', false],
  [{ text: '552 5.3.4 Message size exceeds fixed limit' }, 'content-related', false],
  [{ text: '550 5.7.1 Messages with multiple addresses in From: header are not accepted' }, 'content-related', false],
  [{ text: '554 5.7.1 Message rejected: the message contains a virus (Eicar-Test-Signature)' }, 'virus-related', false],
  [{ text: '554 5.7.1 <a@example.com>: Relay access denied' }, 'relaying-issues', false],
  [{ text: '553 5.1.8 <news@sender.test>: Sender address rejected: Domain not found' }, 'invalid-sender', false],
  // Sender-domain refusals without an x.1.8 status: Exim's sender verification, qmail's envelope-sender check (its
  // x.7.1 says policy, the words say which), Yahoo's published 451 text, PowerMTA's default wordings.
  [{ text: '550-Verification failed for <news@sender.test> 550 Sender verify failed' }, 'invalid-sender', false],
  [{ text: '553 sorry, your envelope sender domain must exist (#5.7.1)' }, 'invalid-sender', false],
  [{ text: '451 Message temporarily deferred due to unresolvable RFC.5321 from domain' }, 'invalid-sender', false],
  [{ text: '550 No MX for envelope sender domain sender.test' }, 'invalid-sender', false],
  [{ text: '501 5.5.4 Syntax error in parameters or arguments' }, 'protocol-errors', false],
  [{ text: '451 4.3.0 Temporary system problem, try again later' }, 'bad-configuration', false],
  [
    { text: 'connect to mx.example.com[192.0.2.1]:25: Connection timed out', action: 'failed' },
    'message-expired',
    false,
  ],
  [{ text: '', status: '4.4.7' }, 'message-expired', false],
  // A final report on a transient network status gave up because the queue lifetime ran out (RFC 3464 2.3.3).
  [{ text: '', status: '4.4.1', action: 'failed' }, 'message-expired', false],
  [{ text: '', status: '4.4.1' }, 'no-answer-from-host', false],
  [{ text: '', status: '5.1.1' }, 'bad-mailbox', true],
  [{ text: '550 Access denied', stage: 'MAIL' }, 'invalid-sender', false],
  [{ text: '554 Access denied', stage: 'CONNECT' }, 'spam-related', false],
  [{ text: '550 5.1.1 User unknown', stage: 'DATA' }, 'policy-related', false],
  [{ text: '550 Message refused' }, 'policy-related', false],
  [{ text: '554 Transaction failed' }, 'other', false],
  [{ text: '' }, 'other', false],
];

describe('classifyBounce with the default rules', () => {
  it.each(REPLIES)('%o -> %s (hard %s)', (reply, category, hard) => {
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });

  it('says what decided: a rule, the status code, or nothing', () => {
    expect(classifyBounce({ text: '550 5.1.1 User unknown' })).toMatchObject({
      source: 'rule',
      status: '5.1.1',
      permanent: true,
    });
    expect(classifyBounce({ code: 452, status: '4.2.2', text: '' })).toMatchObject({
      source: 'status',
      permanent: false,
    });
    expect(classifyBounce({ text: 'it failed' })).toMatchObject({ category: 'other', source: 'none' });
  });

  it('reads code and status out of the text and a 4xx class as temporary', () => {
    const result = classifyBounce({
      text: '450 4.1.1 <a@example.com>: Recipient address rejected: unverified address',
    });
    expect(result).toMatchObject({ category: 'bad-mailbox', hard: false, permanent: false, status: '4.1.1' });
  });
});

describe('statusFromText', () => {
  it.each([
    ['550 5.1.1 <a@example.com>: User unknown', '5.1.1'],
    ['Sorry, no mailbox here by that name. (#5.1.1)', '5.1.1'],
    ['status=bounced (dsn=5.1.1, host said: 550 No such user)', '5.1.1'],
    ['Delivery failed with <5.2.2> from the remote host', '5.2.2'],
    ['Message expired after 5 days: 4.4.7.', '4.4.7'],
    // A version number is not a status: RFC 3463 defines subjects 0 to 7 only.
    ['Exim 4.94.2 could not deliver the message', undefined],
  ])('%s -> %s', (text, status) => {
    expect(statusFromText(text)).toBe(status);
  });
});

describe('operator rules', () => {
  const rules: CategoryRule[] = [
    { id: 1, pattern: 'mailbox full', category: 'quota-issues', enabled: false },
    { id: 2, pattern: String.raw`^5\.2\.2;`, category: 'inactive-mailbox', hard: true },
    { id: 3, pattern: 'nonsense (', category: 'other' },
  ];
  it('skip disabled and invalid patterns, can test the status and override hard/soft', () => {
    const result = classifyBounce({ text: '552 5.2.2 Mailbox full' }, rules);
    expect(result).toMatchObject({ category: 'inactive-mailbox', hard: true, rule: { id: 2 } });
  });
  it('fall back to the status code when none matches', () => {
    expect(classifyBounce({ text: '550 5.1.2 bad host' }, rules)).toMatchObject({
      category: 'bad-domain',
      source: 'status',
    });
  });
});

describe('the line rules see', () => {
  it('is "<status>; <reply>" with multi-line prefixes folded', () => {
    expect(
      joinReplyLines('550-5.7.1 Messages with multiple\n550-5.7.1 addresses in From: are\n550 5.7.1 not accepted'),
    ).toBe('550-5.7.1 Messages with multiple addresses in From: are not accepted');
    expect(
      joinReplyLines(
        'did not like our final DATA:\n550-5.7.1 The IP you are using is not authorized to\n550-5.7.1 send email directly\n550 5.7.1 https://x',
      ),
    ).toBe(
      'did not like our final DATA: 550-5.7.1 The IP you are using is not authorized to send email directly https://x',
    );
    expect(joinReplyLines('Error 550 at 12:00, code 550 again')).toBe('Error 550 at 12:00, code 550 again');
    expect(ruleSubject('5.1.1', '550 5.1.1  User\n unknown')).toBe('5.1.1; 550 5.1.1 User unknown');
    expect(ruleSubject(undefined, 'x')).toBe('; x');
  });
});

describe('decideSmtpAction (SMTP patterns)', () => {
  it.each([
    ['421 4.7.0 Too many connections from your IP', 'backoff', 30],
    ['421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to user complaints', 'backoff', 60],
    ['554 5.7.1 Client host [192.0.2.1] blocked using zen.spamhaus.org', 'backoff', 120],
    ['450 4.1.1 <a@example.com>: Recipient address rejected: User unknown', 'retry', undefined],
    ['451 4.3.0 Temporary failure', 'retry', undefined],
    ['550 5.1.1 User unknown', 'bounce', undefined],
  ] as const)('%s -> %s', (text, action, minutes) => {
    const decision = decideSmtpAction({ text }, DEFAULT_SMTP_RULES);
    expect(decision.action).toBe(action);
    expect(decision.backoffMinutes).toBe(minutes);
  });

  it('prefixes a code given apart so ^4xx patterns still see it', () => {
    expect(decideSmtpAction({ code: 421, text: 'Too many concurrent SMTP connections' }).action).toBe('backoff');
    expect(decideSmtpAction({ code: 550, text: 'nope' }, [{ pattern: '^550 nope$', action: 'retry' }]).action).toBe(
      'retry',
    );
  });
});
