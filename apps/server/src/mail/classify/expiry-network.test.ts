import { describe, expect, it } from 'vitest';
import { type BounceReply, classifyBounce } from './classify.ts';
import { readInboundReport } from './inbound-report.ts';

/**
 * Expiry versus network errors (docs/list-hygiene.md, order of evidence). RFC 3463 X.4.7 is "Delivery time expired",
 * X.4.1 "No answer from host", X.4.2 "Bad connection"; RFC 3464 2.3.3 says "failed" is final and "delayed" still
 * trying. The queue-lifetime texts are the MTAs' own: Exim "retry timeout exceeded", Sendmail "Cannot send message for
 * 5 days" / "Message could not be delivered for 5 days", qmail "I'm not going to try again; this message has been in
 * the queue too long", Microsoft "QUEUE.Expired; message expired"; Postfix writes no sentence of its own (its report
 * says "failed" over the last deferral: "delivery temporarily suspended: connect to ...: Connection timed out").
 */
const category = (reply: BounceReply) => classifyBounce(reply).category;

describe('expiry versus network errors (S3-066 categories)', () => {
  it('a report that gave up on a network failure is an expiry (Postfix, Exim, Sendmail, qmail, Microsoft)', () => {
    const failed = (status: string | undefined, text: string) =>
      category({ action: 'failed', text, ...(status ? { status } : {}) });
    expect(
      failed('4.4.1', 'delivery temporarily suspended: connect to mx.example.com[192.0.2.1]:25: Connection timed out'),
    ).toBe('message-expired');
    expect(failed(undefined, 'retry timeout exceeded host mx.example.com [192.0.2.1]: Connection timed out')).toBe(
      'message-expired',
    );
    expect(failed('4.4.7', 'Cannot send message for 5 days')).toBe('message-expired');
    expect(
      failed(
        '4.4.1',
        "Sorry, I wasn't able to establish an SMTP connection. (#4.4.1) I'm not going to try again; this message has been in the queue too long.",
      ),
    ).toBe('message-expired');
    expect(failed('5.4.7', "Remote Server returned '550 4.4.7 QUEUE.Expired; message expired'")).toBe(
      'message-expired',
    );
    expect(failed('4.4.2', 'lost connection with mx.example.com[192.0.2.1] while sending RCPT TO')).toBe(
      'message-expired',
    );
  });

  it('a delay report (still trying) that names only a network failure is that network error', () => {
    const delayed = (status: string, text: string) => category({ action: 'delayed', status, text });
    expect(
      delayed('4.4.1', 'delivery temporarily suspended: connect to mx.example.com[192.0.2.1]:25: Connection timed out'),
    ).toBe('no-answer-from-host');
    expect(delayed('4.4.2', 'lost connection with mx.example.com[192.0.2.1] while sending RCPT TO')).toBe(
      'bad-connection',
    );
    expect(delayed('4.0.0', 'connect to mx.example.com[192.0.2.1]:25: Connection refused')).toBe('no-answer-from-host');
  });

  it('words about the queue or X.4.7 keep an expiry even in a delay report', () => {
    expect(
      category({ action: 'delayed', status: '4.4.1', text: 'Connection timed out; will be retried for 2 more days' }),
    ).toBe('message-expired');
    expect(category({ action: 'delayed', status: '4.4.7', text: 'Connection timed out' })).toBe('message-expired');
    // Postfix's delay warning: the diagnostic names the network failure, the text around it the queue.
    const context =
      'Your message could not be delivered for more than 4 hour(s). It will be retried until it is 5 day(s) old.';
    expect(category({ action: 'delayed', status: '4.4.1', text: 'connect to mx: Connection timed out', context })).toBe(
      'message-expired',
    );
  });

  it('a live transient reply naming a broken connection is not an expiry; the same words as a final failure are', () => {
    expect(category({ code: 421, text: '421 4.4.2 mx.example.com Error: timeout exceeded' })).toBe('bad-connection');
    expect(category({ code: 421, status: '5.4.7', text: 'Connection timed out' })).toBe('message-expired');
  });

  it("reads a Sendmail expiry report: 'Message could not be delivered for 5 days' over a read error", () => {
    const raw = `From: Mail Delivery Subsystem <MAILER-DAEMON@mail.example.net>
To: sender@example.org
Subject: Returned mail: see transcript for details

The original message was received at Tue, 19 Nov 2026 10:00:00 GMT
from localhost [127.0.0.1]

   ----- The following addresses had permanent fatal errors -----
<slow@example.com>
    (reason: 451 4.4.1 reply: read error from mx.example.com.)

   ----- Transcript of session follows -----
slow@example.com... Deferred: Connection timed out with mx.example.com.
Message could not be delivered for 5 days
Message will be deleted from queue
`;
    const report = readInboundReport(raw);
    if (report.kind !== 'bounce') throw new Error(report.kind);
    expect(report.recipients.map((r) => [r.recipient, r.action, r.classification.category])).toEqual([
      ['slow@example.com', 'failed', 'message-expired'],
    ]);
  });
});
