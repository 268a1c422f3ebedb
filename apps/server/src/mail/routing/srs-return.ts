import { randomBytes } from 'node:crypto';
import { type HeaderField, headerValue, safeHeaderValue } from '../message/headers.ts';

/**
 * The notice a bounce to one of our SRS addresses becomes: the Sender Rewriting Scheme sends a forward's bounce back
 * to the original sender. We cannot pass the remote report on as it is (its From is another system's, and intake
 * signs only the customer's domain), so the original sender gets a notice from the forwarding domain with the remote
 * report attached whole (message/rfc822), whatever it says.
 */
export function buildSrsReturn(options: {
  domain: string;
  originalSender: string;
  report: Buffer;
  reportHeaders: readonly HeaderField[];
}): Buffer {
  const boundary = `mw-${randomBytes(9).toString('hex')}`;
  const subject = safeHeaderValue(headerValue(options.reportHeaders, 'subject') ?? 'Delivery Status Notification');
  const head = [
    `From: Mail Delivery System <mailer-daemon@${options.domain}>`,
    `To: <${options.originalSender}>`,
    `Subject: Forwarded message returned: ${subject}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `A message you sent was forwarded by ${options.domain} and then returned by the next system.`,
    'Its report is attached.',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'utf8'), options.report, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]);
}
