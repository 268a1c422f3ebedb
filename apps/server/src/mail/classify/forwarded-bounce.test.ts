import { describe, expect, it } from 'vitest';
import { readInboundReport } from './inbound-report.ts';
import { unquote } from './text-bounce.ts';

/**
 * Bounces someone forwarded under a subject of their own ("FYI"), in the shapes mail clients forward: Thunderbird's
 * "-------- Forwarded Message --------" with tab-separated headers, Outlook's rule of underscores over From/Sent/To/
 * Subject, a forward quoted with "> ", an attached message/rfc822, and RFC 3464 fields pasted into the text.
 */
const ndr = `Delivery has failed to these recipients or groups:

nobody@example.com
The email address you entered couldn't be found.

Diagnostic information for administrators:

Generating server: ex1.example.net

nobody@example.com
Remote Server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'
`;
const fromAlice = (body: string, extra = '') =>
  `From: Alice <alice@example.org>\nTo: bounces@example.org\nSubject: FYI\n${extra}\n${body}`;

function summary(raw: string) {
  const report = readInboundReport(raw);
  if (report.kind !== 'bounce') return report.kind;
  return report.recipients.map((r) => [r.recipient, r.status, r.classification.category, r.diagnostic]);
}

const EXPECTED = [['nobody@example.com', '5.1.1', 'bad-mailbox', '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found']];

describe('a bounce forwarded by a person (S3-066 categories)', () => {
  it("Thunderbird's inline forward", () => {
    const raw = fromAlice(
      `see below\n\n-------- Forwarded Message --------\nSubject: \tUndeliverable: hello\nDate: \tTue, 24 Nov 2026 10:00:00 +0000\nFrom: \tpostmaster@example.net\nTo: \tsender@example.org\n\n${ndr}`,
    );
    expect(summary(raw)).toEqual(EXPECTED);
  });

  it("Outlook's forward under a rule of underscores", () => {
    const raw = fromAlice(
      `FYI\n\n________________________________\nFrom: Microsoft Outlook <postmaster@example.net>\nSent: Tuesday, November 24, 2026 10:00 AM\nTo: Sender <sender@example.org>\nSubject: Undeliverable: hello\n\n${ndr}`,
    );
    expect(summary(raw)).toEqual(EXPECTED);
  });

  it('a forward whose text is quoted with "> "', () => {
    const quoted = ndr
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    const raw = fromAlice(
      `FYI\n\n---------- Forwarded message ---------\n> From: Mail Delivery System <MAILER-DAEMON@mail.example.net>\n> Subject: Undeliverable: hello\n>\n${quoted}`,
    );
    expect(summary(raw)).toEqual(EXPECTED);
  });

  it('a bounce attached as message/rfc822', () => {
    const raw = fromAlice(
      `--b1\nContent-Type: text/plain\n\nsee attached\n--b1\nContent-Type: message/rfc822\n\nFrom: postmaster@example.net\nTo: sender@example.org\nSubject: Undeliverable: hello\n\n${ndr}\n--b1--\n`,
      'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b1"\n',
    );
    expect(summary(raw)).toEqual(EXPECTED);
  });

  it('RFC 3464 fields pasted into the text, quoted', () => {
    const raw = fromAlice(
      '> Reporting-MTA: dns; mail.example.net\n>\n> Final-Recipient: rfc822; nobody@example.com\n> Action: failed\n> Status: 5.1.1\n> Diagnostic-Code: smtp; 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown\n',
    );
    expect(summary(raw)).toEqual([
      [
        'nobody@example.com',
        '5.1.1',
        'bad-mailbox',
        '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
      ],
    ]);
  });

  it('a person writing about a delivery, with no bounce in it, is not a bounce', () => {
    expect(summary(fromAlice('Hi, did my mail to bob@example.com arrive? It said 550 somewhere.\n'))).toBe('other');
  });

  it('unquote drops one quote level only when most lines carry one', () => {
    expect(unquote('> a\n>> b\n\n> c')).toBe('a\n> b\n\nc');
    expect(unquote('a\n> b\nc')).toBe('a\n> b\nc');
  });
});
