import { describe, expect, it } from 'vitest';
import { autoReplyReason } from './auto-reply.ts';
import { parseBounce, readMessage } from './dsn.ts';
import { decodeWords, parseHeaders, parseMime } from './mime.ts';
import { stageFromText } from './smtp-stage.ts';
import { parseStatusFields } from './status-fields.ts';
import { extractTextRecipients } from './text-bounce.ts';

describe('the forgiving MIME reader', () => {
  it('decodes RFC 2047 words, including adjacent ones', () => {
    expect(decodeWords('=?UTF-8?B?44GK44KT?= =?UTF-8?Q?_caf=C3=A9?=')).toBe('おん café');
    expect(decodeWords('=?iso-8859-1?Q?Delivery_Status_Notification_=28Failure=29?=')).toBe(
      'Delivery Status Notification (Failure)',
    );
  });

  it('keeps a continuation line that lost its leading space', () => {
    const headers = parseHeaders('Content-Type: multipart/alternative;\nboundary="b1"\nSubject: x');
    expect(headers.get('content-type')).toEqual(['multipart/alternative; boundary="b1"']);
  });

  it('finds the boundary a body really uses when the declared one never occurs', () => {
    const raw =
      'Content-Type: multipart/mixed; boundary="declared"\n\n--actual1\nContent-Type: text/plain\n\nhello\n--actual1--\n';
    expect(parseMime(raw).parts.map((p) => [p.type, p.text.trim()])).toEqual([['text/plain', 'hello']]);
  });

  it('reads quoted-printable and base64 bodies in their charset', () => {
    const qp = readMessage(
      'Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nr=E9sum=\n=E9',
    );
    expect(qp.text).toBe('résumé');
    const b64 = readMessage('Content-Transfer-Encoding: base64\n\nNTUwIDUuMS4xIFVzZXIgdW5rbm93bg==');
    expect(b64.text).toBe('550 5.1.1 User unknown');
  });

  it('reads Japanese text labelled ISO-2022-JP in the encoding its bytes really are (EUC-JP, Shift_JIS)', () => {
    const words = '宛先のメールアドレスが見つかりません';
    const bodies = {
      'iso-2022-jp': '1b244230384068244e2561213c256b25222549256c2539242c382b2444242b246a245e243b24731b2842',
      'euc-jp': 'b0b8c0e8a4cea5e1a1bca5eba5a2a5c9a5eca5b9a4acb8aba4c4a4aba4eaa4dea4bba4f3',
      shift_jis: '88b690e682cc8381815b838b83418368838c835882aa8ca982c282a982e882dc82b982f1',
    };
    for (const hex of Object.values(bodies)) {
      const raw = Buffer.concat([
        Buffer.from('Content-Type: text/plain; charset=ISO-2022-JP\n\n'),
        Buffer.from(hex, 'hex'),
      ]);
      expect(readMessage(raw).text).toBe(words);
    }
  });
});

describe('RFC 3464 fields', () => {
  it('maps non-standard actions, strips address types and ignores a bare mailer exit code', () => {
    const parsed = parseStatusFields(
      'Reporting-MTA: dns; mx.example.com\n\nFinal-Recipient: RFC822; <a@example.com>\nAction: expired\nStatus: 4.4.7 (timeout)\nDiagnostic-Code: X-Unix; 75',
    );
    expect(parsed).toEqual({
      reportingMta: 'mx.example.com',
      recipients: [{ recipient: 'a@example.com', action: 'failed', status: '4.4.7', diagnostic: '' }],
    });
  });

  it("takes Sendmail's '(reason: ...)' as the remote words when Diagnostic-Code is missing", () => {
    const raw = [
      'From: MAILER-DAEMON@mx.example.com',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      '',
      '----- The following addresses had permanent fatal errors -----',
      '<a@example.com>',
      '    (reason: 550 5.0.0 Insufficient permission)',
      '----- Transcript of session follows -----',
      'procmail: quota exceeded while writing',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.com',
      '',
      'Final-Recipient: RFC822; a@example.com',
      'Action: failed',
      'Status: 5.0.0',
      '--b--',
    ].join('\n');
    expect(parseBounce(raw).recipients).toMatchObject([
      { recipient: 'a@example.com', diagnostic: '550 5.0.0 Insufficient permission' },
    ]);
  });

  it('gives a status to a non-standard bounce from the DSN rules', () => {
    const raw =
      'From: MAILER-DAEMON@mx.example.com\nSubject: failure notice\nTo: me@sender.test\n\n<a@example.com>:\nSorry, no mailbox here by that name.\n';
    const report = parseBounce(raw, [{ id: 7, pattern: 'no mailbox here', status: '5.1.1', action: 'failed' }]);
    expect(report.recipients).toMatchObject([
      { recipient: 'a@example.com', status: '5.1.1', action: 'failed', dsnRule: { id: 7 } },
    ]);
  });
});

describe('recipients named in a bounce text', () => {
  it('gives each address the lines up to the next one, skips senders and keeps an alias as the original', () => {
    const text = [
      'The following addresses failed:',
      '  one@example.com',
      '    (generated from alias@example.com)',
      '    550 5.1.1 User unknown',
      '  two@example.com',
      '    552 5.2.2 Mailbox full',
      'SMTP error after MAIL FROM:<me@sender.test>',
    ].join('\n');
    expect(extractTextRecipients(text, new Set(['me@sender.test']))).toEqual([
      {
        recipient: 'one@example.com',
        text: 'one@example.com (generated from alias@example.com) 550 5.1.1 User unknown',
        original: 'alias@example.com',
      },
      {
        recipient: 'two@example.com',
        text: 'two@example.com 552 5.2.2 Mailbox full SMTP error after MAIL FROM:<me@sender.test>',
      },
    ]);
  });

  it('gives a lone recipient the whole explanation, reason before or after it', () => {
    const text = 'Error: Invalid user address\n550 no such user here\nRCPT TO: x@example.com';
    expect(extractTextRecipients(text, new Set())).toEqual([
      { recipient: 'x@example.com', text: 'Error: Invalid user address 550 no such user here RCPT TO: x@example.com' },
    ]);
  });
});

describe('the SMTP stage of a refusal', () => {
  it.each([
    ['(in reply to end of DATA command)', 'DATA'],
    ['(in reply to RCPT TO command)', 'RCPT'],
    ['SMTP error from remote mail server after MAIL FROM:<a@b> SIZE=10:', 'MAIL'],
    ['host mx.example.com[192.0.2.1] refused to talk to me: 554 go away', 'CONNECT'],
    ['>>> MAIL From:<a@b>\n<<< 553 sender rejected', 'MAIL'],
    // PIPELINING: two replies after DATA, the first answered the RCPT TO sent with it; a lone reply answered DATA or the
    // content (Sendmail then adds its own "554 5.0.0 Service unavailable"; Courier names RCPT TO when that was refused),
    // as the real binaries write them (src/test/fixtures/mta-bounces), unless it is DATA's "no recipient left".
    ['>>> RCPT To:<a@b>\n>>> DATA\n<<< 550 User unknown\n<<< 503 Need RCPT', 'RCPT'],
    ['>>> RCPT To:<a@b>\n>>> DATA\n<<< 550 Unknown user a@b\n554 5.0.0 Service unavailable', 'DATA'],
    ['>>> DATA\n<<< 550 5.7.1 Message rejected', 'DATA'],
    ['>>> DATA\n<<< 550-5.7.1 Message rejected\n<<< 550 5.7.1 see https://example.com/why', 'DATA'],
    ['>>> DATA\n<<< 503 Error: need RCPT command', undefined],
    ['>>> DATA\n<<< 554 5.5.1 Error: no valid recipients', undefined],
    ['Remote host said: 550 5.2.1 <a@b>... User Unknown [RCPT_TO]', 'RCPT'],
    ['SMTP:RCPT host 192.0.2.8: 553 5.3.0 <a@b>... No such user here', 'RCPT'],
    ['550 <a@b>: Recipient address rejected: User unknown in local recipient table', 'RCPT'],
    ['Status: 5.0.0 (Remote SMTP server has rejected address)', 'RCPT'],
    ['550 user unknown', undefined],
    // Exim with PIPELINING, Postfix with CHUNKING (RFC 3030 BDAT), qmail-remote's own words, Yahoo's command tags.
    ['SMTP error from remote mail server after pipelined RCPT TO:<a@b>: 550 no such user', 'RCPT'],
    ['SMTP error from remote mail server after pipelined MAIL FROM:<a@b>: 553 sender rejected', 'MAIL'],
    ['SMTP error from remote mail server after pipelined end of data: 550 rejected', 'DATA'],
    ['(in reply to end of BDAT command)', 'DATA'],
    ['Connected to 192.0.2.1 but my name was rejected.', 'HELO'],
    ['192.0.2.1 failed after I sent the message.', 'DATA'],
    ['Remote host said: 554 Message not allowed [BODY]', 'DATA'],
    ['Remote host said: 553 Mail from 192.0.2.1 not allowed [MAIL_FROM]', 'MAIL'],
  ])('%s -> %s', (text, stage) => {
    expect(stageFromText(text)).toBe(stage);
  });
});

describe('RFC 3834 automatic replies', () => {
  const reason = (head: string) => autoReplyReason(parseHeaders(head));
  it.each([
    ['Auto-Submitted: auto-replied\nSubject: Re: hello', 'Auto-Submitted: auto-replied'],
    ['X-Autoreply: yes\nSubject: hello', 'X-Autoreply'],
    ['Precedence: auto_reply\nSubject: hello', 'Precedence: auto_reply'],
    ['Subject: Out of Office: hello', 'Subject'],
    ['Subject: =?UTF-8?B?6Ieq5YuV5b+c562U?= hello', 'Subject'],
    ['Subject: Re: hello\nAuto-Submitted: no', undefined],
    // vacation(1)'s header; a list's "bulk" says nothing; the subject's words in other languages, bracketed or not.
    ['Precedence: junk\nSubject: Re: test', 'Precedence: junk'],
    ['Precedence: bulk\nSubject: Re: test', undefined],
    ['Subject: [Automatyczna =?iso-8859-2?Q?odpowied=BC?=] test', 'Subject'],
    ['Subject: Automatische Antwort: test', 'Subject'],
    ['Subject: Réponse automatique : test', 'Subject'],
  ])('%j -> %s', (head, expected) => {
    expect(reason(head)).toBe(expected);
  });
});
