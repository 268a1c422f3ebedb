import { describe, expect, it } from 'vitest';
import { readInboundReport } from './inbound-report.ts';
import { remoteReply } from './mta-reply.ts';

/**
 * Bounces in the public templates of the common MTAs, written here from the templates themselves (Postfix bounce(8)
 * and its default bounce.cf, Exim's "Mail delivery failed" message, Sendmail's "Returned mail" report, qmail-send's
 * "Hi. This is the qmail-send program", Exchange's NDR "Diagnostic information for administrators"): what the parser
 * must take as the remote reply (never the template's boilerplate), and the stage and category that follow.
 */
const head = (from: string, subject: string) =>
  `From: ${from}\nTo: sender@example.org\nSubject: ${subject}\nDate: Tue, 24 Nov 2026 10:00:00 +0000\n\n`;

const POSTFIX = `${head('MAILER-DAEMON@mail.example.net (Mail Delivery System)', 'Undelivered Mail Returned to Sender')}This is the mail system at host mail.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

`;
const EXIM = `${head('Mail Delivery System <Mailer-Daemon@mail.example.net>', 'Mail delivery failed: returning message to sender')}This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

`;
const SENDMAIL = `${head('Mail Delivery Subsystem <MAILER-DAEMON@mail.example.net>', 'Returned mail: see transcript for details')}The original message was received at Tue, 24 Nov 2026 10:00:00 GMT
from localhost [127.0.0.1]

   ----- The following addresses had permanent fatal errors -----
`;
const QMAIL = `${head('MAILER-DAEMON@mail.example.net', 'failure notice')}Hi. This is the qmail-send program at mail.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

`;
const EXCHANGE = `${head('Microsoft Outlook <postmaster@example.net>', 'Undeliverable: hello')}Delivery has failed to these recipients or groups:

`;

type Row = [
  recipient: string,
  diagnostic: string,
  status: string | undefined,
  stage: string | undefined,
  category: string,
  hard: boolean,
];

function rows(raw: string): Row[] {
  const report = readInboundReport(raw);
  if (report.kind !== 'bounce') throw new Error(`not a bounce: ${report.kind}`);
  return report.recipients.map((r) => [
    r.recipient,
    r.diagnostic,
    r.status,
    r.stage,
    r.classification.category,
    r.classification.hard,
  ]);
}

describe('the remote reply inside MTA bounce templates (S3-066 categories)', () => {
  it("Postfix: the reply folded after 'host ... said:', not the template above it", () => {
    const raw = `${POSTFIX}<nobody@example.com>: host mx.example.com[192.0.2.10] said: 550 5.1.1
    <nobody@example.com>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)
`;
    expect(rows(raw)).toEqual([
      [
        'nobody@example.com',
        '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table (in reply to RCPT TO command)',
        '5.1.1',
        'RCPT',
        'bad-mailbox',
        true,
      ],
    ]);
  });

  it('Postfix: each recipient its own reply and stage; its own reason when no remote host answered', () => {
    const raw = `${POSTFIX}<full@example.com>: host mx.example.com[192.0.2.10] said: 552 5.2.2 Mailbox
    full (in reply to RCPT TO command)

<spam@example.net>: host mx.example.net[192.0.2.11] said: 550 5.7.1 Message
    rejected as spam by Content Filter (in reply to end of DATA command)

<slow@example.org>: connect to mx.example.org[192.0.2.12]:25: Connection timed
    out
`;
    expect(
      rows(raw).map(([recipient, diagnostic, , stage, category]) => [recipient, diagnostic, stage, category]),
    ).toEqual([
      ['full@example.com', '552 5.2.2 Mailbox full (in reply to RCPT TO command)', 'RCPT', 'quota-issues'],
      [
        'spam@example.net',
        '550 5.7.1 Message rejected as spam by Content Filter (in reply to end of DATA command)',
        'DATA',
        'spam-related',
      ],
      [
        'slow@example.org',
        'connect to mx.example.org[192.0.2.12]:25: Connection timed out',
        undefined,
        'message-expired',
      ],
    ]);
  });

  it("Exim: 'SMTP error from remote mail server after RCPT TO:<...>:' gives the reply and the stage", () => {
    const raw = `${EXIM}  nobody@example.com
    host mx.example.com [192.0.2.10]
    SMTP error from remote mail server after RCPT TO:<nobody@example.com>:
    550 5.1.1 No such user here

------ This is a copy of the message, including all the headers. ------

Return-path: <sender@example.org>
Subject: hello
`;
    expect(rows(raw)).toEqual([
      ['nobody@example.com', '550 5.1.1 No such user here', '5.1.1', 'RCPT', 'bad-mailbox', true],
    ]);
  });

  it('Exim: an unknown user refused at MAIL FROM (with SIZE=) names our sender', () => {
    const raw = `${EXIM}  someone@example.com
    host mx.example.com [192.0.2.10]
    SMTP error from remote mail server after MAIL FROM:<sender@example.org> SIZE=1234:
    550 No such user here
`;
    expect(rows(raw)).toEqual([
      ['someone@example.com', '550 No such user here', '5.1.1', 'MAIL', 'invalid-sender', false],
    ]);
  });

  it("Sendmail: '(reason: ...)' is the reply, the transcript's '>>> RCPT To' the stage", () => {
    const raw = `${SENDMAIL}<nobody@example.com>
    (reason: 550 Requested action not taken: mailbox unavailable)

   ----- Transcript of session follows -----
... while talking to mx.example.com.:
>>> MAIL From:<sender@example.org> SIZE=120
<<< 250 2.1.0 <sender@example.org>... Sender ok
>>> RCPT To:<nobody@example.com>
<<< 550 Requested action not taken: mailbox unavailable
550 5.1.1 <nobody@example.com>... User unknown
`;
    expect(rows(raw)).toEqual([
      [
        'nobody@example.com',
        '550 Requested action not taken: mailbox unavailable',
        '5.1.1',
        'RCPT',
        'bad-mailbox',
        true,
      ],
    ]);
  });

  it("qmail: 'Remote host said:' is the reply; 'Giving up on <ip>' after a 5xx is not a queue expiry", () => {
    const raw = `${QMAIL}<nobody@example.com>:
192.0.2.10 does not like recipient.
Remote host said: 550 sorry, no mailbox here by that name
Giving up on 192.0.2.10.

<someone@example.net>:
192.0.2.11 failed after I sent the message.
Remote host said: 554 Message refused
Giving up on 192.0.2.11.

--- Below this line is a copy of the message.

Return-Path: <sender@example.org>
`;
    const found = rows(raw);
    expect(found[0]).toEqual([
      'nobody@example.com',
      '550 sorry, no mailbox here by that name',
      '5.0.0',
      'RCPT',
      'bad-mailbox',
      true,
    ]);
    expect(found[1]?.slice(0, 4)).toEqual(['someone@example.net', '554 Message refused', '5.7.1', 'DATA']);
    expect(found[1]?.[4]).not.toBe('message-expired');
  });

  it("Exchange: 'Remote Server returned' and the '#<host #5.0.0 smtp; ...> #SMTP#' diagnostic", () => {
    const returned = `${EXCHANGE}nobody@example.com
The email address you entered couldn't be found.

Diagnostic information for administrators:

Generating server: ex1.example.net

nobody@example.com
Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'

Original message headers:

Received: from ex2.example.net by ex1.example.net
`;
    expect(rows(returned)[0]?.slice(1, 3)).toEqual([
      '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      '5.1.10',
    ]);
    expect(
      remoteReply('someone@example.com mx.example.com #<mx.example.com #5.0.0 smtp; 550 Mailbox unavailable> #SMTP#'),
    ).toBe('550 Mailbox unavailable');
    expect(remoteReply('mx.example.com #550 5.1.1 RESOLVER.ADR.RecipNotFound; not found ##')).toBe(
      '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found',
    );
  });

  it('finds no reply in text that quotes none (the whole text stays the words)', () => {
    expect(
      remoteReply('This message was created automatically by mail delivery software. retry timeout exceeded'),
    ).toBeUndefined();
  });
});
