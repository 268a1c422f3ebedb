import { describe, expect, it } from 'vitest';
import { relaxedBody } from '../message/dkim-canonical.ts';
import { parseFeedbackReport } from './arf.ts';
import { firstAddress, parseBounce, readMessage } from './dsn.ts';
import { readInboundReport } from './inbound-report.ts';
import { parseContentType } from './mime.ts';
import { extractTextRecipients, splitOriginal, stripHtml } from './text-bounce.ts';

/**
 * Issue 10 item 6, the engine's own regular expressions over remote text (bounces anyone can send to the inbound MX)
 * and customers' messages: each of these inputs made one of them quadratic, i.e. held the single process for
 * minutes at this size (a run of `a`s searched for an @ from every position, `<` runs searched for `>`, two `\s*`
 * splitting a line of spaces, a run of empty lines before the end). Each now scans its input a bounded number of
 * times, and answers as before, but for two cases no real bounce has: an unclosed <script> or <style> hides the rest
 * of the text (as in a browser), and a tag holding a `<` is read from its last `<`.
 */
const N = 400_000;
const run = (text: string) => text.repeat(Math.ceil(N / text.length));

describe('issue 10 item 6: engine regular expressions stay linear on crafted remote text', () => {
  it('finds addresses in a bounce text after a long run of address characters', () => {
    const text = `${run('a')}\nThe following address failed: bob@example.net\n`;
    expect(extractTextRecipients(text, new Set()).map((r) => r.recipient)).toEqual(['bob@example.net']);
    expect(firstAddress(`${run('a')} <bob@example.net>`)).toBe('bob@example.net');
    expect(firstAddress(run('a.'))).toBeUndefined();
  });

  it('reads the reply lines above an address on a line of spaces, and a line of dashes', () => {
    const text = `${run(' ')}x\n<<< 550 5.1.1 unknown\nbob@example.net\n\ncarol@example.net: quota\n`;
    expect(extractTextRecipients(text, new Set())[0]).toEqual({
      recipient: 'bob@example.net',
      text: '<<< 550 5.1.1 unknown bob@example.net',
    });
    expect(splitOriginal(`Sorry.\n${run('-')}x\nmore`).explanation).toBe(`Sorry.\n${run('-')}x\nmore`);
    expect(splitOriginal('Sorry.\n------ This is a copy of the message\nSubject: x').explanation).toBe('Sorry.');
  });

  it('strips HTML with runs of < and unclosed <script> elements', () => {
    const text = `${run('<')} User unknown`;
    expect(stripHtml(text)).toBe(text);
    // An unclosed <script> now hides the rest of the text, as in a browser (the old search left it, quadratically).
    expect(stripHtml(`<p>User unknown</p>${run('<script ')}`).trim()).toBe('User unknown');
    expect(stripHtml('<p>a</p><script>x</script><style>y</style>b').replace(/\s+/g, ' ').trim()).toBe('a b');
  });

  it('reads Content-Type parameters and DSN fields after long runs', () => {
    expect(parseContentType(`text/plain; ${run('a')} charset=utf-8`).params).toEqual({ charset: 'utf-8' });
    const report = [
      'From: MAILER-DAEMON@mx.example.net',
      `To: ${run('a')} <bounce@mw.example>`,
      'Subject: Undelivered Mail',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Delivery failed.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      `Final-Recipient: rfc822; ${run('<')}bob@example.net>`,
      'Action: failed',
      'Status: 5.1.1',
      '--b--',
      '',
    ].join('\r\n');
    const parsed = parseBounce(report);
    expect(parsed.recipients.map((r) => r.recipient)).toEqual(['bob@example.net']);
    expect(readInboundReport(report).addressedTo).toEqual(['bounce@mw.example']);
  });

  it('reads the complaining recipient of a feedback report (RFC 5965) after a long run', () => {
    const arf = [
      'From: fbl@isp.example',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="b"',
      '',
      '--b',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      `Original-Rcpt-To: ${run('a')} <carol@example.net>`,
      '--b--',
      '',
    ].join('\r\n');
    expect(parseFeedbackReport(readMessage(arf))?.recipient).toBe('carol@example.net');
  });

  it('DKIM relaxed body: a long run of empty lines that is not at the end', () => {
    const body = Buffer.from(`a\t\r\n${run('\r\n')}x\r\n\r\n\r\n`, 'latin1');
    expect(relaxedBody(body).toString('latin1')).toBe(`a\r\n${run('\r\n')}x\r\n`);
  });
});
