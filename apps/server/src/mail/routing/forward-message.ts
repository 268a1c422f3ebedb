import { randomBytes } from 'node:crypto';
import { parseAddressList } from '../message/addresses.ts';
import { type HeaderField, headerField, headerValue, joinMessage, safeHeaderValue } from '../message/headers.ts';

/** Our hop counter: a forward adds one; past MAX_ROUTE_HOPS the message is refused as a loop. */
export const HOPS_HEADER = 'X-Mailwright-Route-Hops';
export const MAX_ROUTE_HOPS = 5;
/** RFC 5321 6.3: a message with this many Received: fields is in a loop (the RFC suggests at least 100). */
export const MAX_RECEIVED = 100;

/** Why a message must not be routed again (a loop), or undefined. */
export function loopReason(headers: readonly HeaderField[]): string | undefined {
  const hops = Number.parseInt(headerValue(headers, HOPS_HEADER.toLowerCase()) ?? '0', 10) || 0;
  if (hops >= MAX_ROUTE_HOPS) return `forwarded ${hops} times already`;
  if (headers.filter((h) => h.key === 'received').length >= MAX_RECEIVED) return 'too many Received: fields';
  return undefined;
}

// The sender's signatures cover the From field we rewrite: they would fail, which RFC 6376 6.1 treats as no
// signature, so they are dropped rather than forwarded broken. Our own signature replaces them at intake.
const DROPPED = new Set(['dkim-signature', 'return-path', HOPS_HEADER.toLowerCase()]);

/**
 * The message a route forwards: the body as received, with the From field rewritten to the address that received it
 * ("Alice via support@…"), the original From kept in Reply-To (unless there is one) and X-Original-From. That is the
 * From rewriting of RFC 7960 4.1.3.1, which mailing lists use: our DKIM signature (d= the customer's domain) then
 * aligns with From, so the forward passes DMARC even when the original sender's domain publishes p=reject.
 */
export function buildForward(headers: readonly HeaderField[], body: Buffer, receivedBy: string): Buffer {
  const hops = Number.parseInt(headerValue(headers, HOPS_HEADER.toLowerCase()) ?? '0', 10) || 0;
  const from = headerValue(headers, 'from') ?? '';
  const original = parseAddressList(from)[0];
  const shown = safeHeaderValue(original?.name || original?.address || 'Unknown sender').replace(/["\\]/g, '');
  const kept: HeaderField[] = [];
  for (const field of headers) {
    if (DROPPED.has(field.key)) continue;
    if (field.key === 'from') {
      kept.push(headerField('From', `"${shown} via ${receivedBy}" <${receivedBy}>`));
      if (from) kept.push(headerField('X-Original-From', safeHeaderValue(from)));
      if (from && headerValue(headers, 'reply-to') === undefined) kept.push(headerField('Reply-To', from));
      continue;
    }
    kept.push(field);
  }
  if (!headers.some((h) => h.key === 'from')) kept.push(headerField('From', `<${receivedBy}>`));
  kept.push(headerField(HOPS_HEADER, String(hops + 1)));
  return joinMessage(kept, body);
}

/**
 * An RFC 3464 delivery status notification for a message a bounce-mode route refused after accepting it: a human
 * part, the machine-readable status, and the original's header section (RFC 6522 multipart/report).
 */
export function buildBounce(options: {
  domain: string;
  reportingMta: string;
  recipient: string;
  sender: string;
  headers: readonly HeaderField[];
  reason: string;
}): Buffer {
  const boundary = `mw-${randomBytes(9).toString('hex')}`;
  const original = joinMessage(options.headers, Buffer.alloc(0)).toString('utf8').trimEnd();
  const subject = safeHeaderValue(headerValue(options.headers, 'subject') ?? '');
  const lines = [
    `From: Mail Delivery System <mailer-daemon@${options.domain}>`,
    `To: <${options.sender}>`,
    `Subject: Undelivered Mail Returned to Sender${subject ? `: ${subject}` : ''}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your message to <${options.recipient}> was not delivered: ${options.reason}.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${options.reportingMta}`,
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: failed',
    'Status: 5.7.1',
    `Diagnostic-Code: smtp; 550 5.7.1 ${options.reason}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    original,
    '',
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/**
 * Whether a message may be answered with a bounce: not to the null sender, and not to an automatic message
 * (RFC 3834 2: Auto-Submitted other than "no"; list and bulk precedence), so two systems never bounce at each other.
 */
export function mayBounce(sender: string, headers: readonly HeaderField[]): boolean {
  if (!sender.includes('@') || /^(mailer-daemon|postmaster)@/i.test(sender)) return false;
  const auto = headerValue(headers, 'auto-submitted')?.toLowerCase();
  if (auto && auto !== 'no') return false;
  return !/^(bulk|list|junk)$/i.test(headerValue(headers, 'precedence') ?? '');
}
