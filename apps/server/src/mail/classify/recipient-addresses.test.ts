import { describe, expect, it } from 'vitest';
import { readInboundReport } from './inbound-report.ts';
import { parseStatusFields } from './status-fields.ts';
import { extractTextRecipients } from './text-bounce.ts';

/**
 * Issue 12's parser faults found by reading another project's collection of real bounces (GNU Mailman's bouncer
 * tests): which address a report is about, and which addresses in its text are not recipients at all.
 */
describe('the address a bounce is about', () => {
  it('takes the Original-Recipient when the Final-Recipient is an X.400 address or a gateway-internal name', () => {
    const fields = [
      'Reporting-MTA: dns; gw.example.net',
      '',
      'Original-Recipient: rfc822; jane@example.org',
      'Final-Recipient: x400; /S=jane/OU=example/PRMD=ORG/ADMD= /C=GB/',
      'Action: failed',
      'Status: 5.1.1',
      '',
      'Original-recipient: rfc822;joe@example.org',
      'Final-recipient: rfc822;joe@ims-ms-daemon',
      'Action: failed',
      'Status: 5.2.2 (recipient reached disk quota)',
      '',
      'Original-Recipient: rfc822; alias@example.org',
      'Final-Recipient: rfc822; mailbox@host.example.org',
      'Action: error',
      'Status: 5.0.0',
    ].join('\n');
    expect(parseStatusFields(fields).recipients).toMatchObject([
      { recipient: 'jane@example.org', originalRecipient: 'jane@example.org' },
      { recipient: 'joe@example.org', originalRecipient: 'joe@example.org' },
      // A real Internet address stays the Final-Recipient; "error" is an older MTA's word for "failed".
      { recipient: 'mailbox@host.example.org', originalRecipient: 'alias@example.org', action: 'failed' },
    ]);
  });

  it('keeps the address an alias was expanded from (Sendmail, Exim) and uses it when it is the only one named', () => {
    const sendmail = [
      '   ----- The following addresses had permanent fatal errors -----',
      'jane@mail.example.org',
      '    (expanded from: jane@example.org)',
      '   ----- Transcript of session follows -----',
      '554 Too many hops 26 (25 max): from list@example.com via localhost, to jane@example.org',
    ].join('\n');
    expect(extractTextRecipients(sendmail, new Set(['list@example.com']))).toEqual([
      {
        recipient: 'jane@mail.example.org',
        original: 'jane@example.org',
        text: expect.stringContaining('Too many hops'),
      },
    ]);
    const exim =
      'The following address(es) failed:\n\n  an undisclosed address\n    (ultimately generated from jane@example.org)\n';
    expect(extractTextRecipients(exim, new Set()).map((r) => r.recipient)).toEqual(['jane@example.org']);
  });

  it("reads an address out of quotes and out of Exchange's X.400 'SMTP=' attribute, and skips the site's contact and mailto links", () => {
    const text = [
      "The following message, addressed to 'jane@example.org', failed.",
      'c=US;a= ;p=EXAMPLE;o=Gw;dda:SMTP=joe@example.org; on Fri, 4 Oct 2002',
      '    The recipient name is not recognized',
      'For further assistance, please contact <postmaster@mx.example.net>',
      'System Contact: postmaster@example.net',
      'List-Unsubscribe: <mailto:unsub+jane=example.org@list.example.com>',
    ].join('\n');
    expect(extractTextRecipients(text, new Set()).map((r) => r.recipient)).toEqual([
      'jane@example.org',
      'joe@example.org',
    ]);
  });

  it('classifies the report by its recipient whatever the Final-Recipient was', () => {
    const bounce = [
      'From: MAILER-DAEMON@gw.example.net',
      'To: list-bounces@example.com',
      'Subject: Delivery Notification: Delivery has failed',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Your message cannot be delivered to the following recipients:',
      '  Recipient address: joe@ims-ms-daemon',
      '  Reason: recipient reached disk quota',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; gw.example.net',
      '',
      'Original-recipient: rfc822;joe@example.org',
      'Final-recipient: rfc822;joe@ims-ms-daemon',
      'Action: failed',
      'Status: 5.0.0 (recipient reached disk quota)',
      '--b--',
      '',
    ].join('\r\n');
    const report = readInboundReport(Buffer.from(bounce));
    expect(report.kind === 'bounce' ? report.recipients : []).toMatchObject([
      { recipient: 'joe@example.org', classification: { category: 'quota-issues' } },
    ]);
  });
});
