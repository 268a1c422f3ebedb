import { randomBytes } from 'node:crypto';
import type { ComposeInput, Mailbox } from './compose.ts';

/**
 * The common API message (plain ASCII text and/or HTML, no attachments, short ASCII headers) written directly:
 * nodemailer's MailComposer streams every message through its MIME tree and encoders, ~0.3 ms of CPU for a
 * 2 KB message, a quarter of what intake costs. Anything else (non-ASCII, attachments, long lines that need folding
 * or encoding) answers null and goes to MailComposer. Message-ID and Date are left to intake's pipeline.
 */
export function composeSimple(input: ComposeInput): Buffer | null {
  if (input.attachments.length || (input.text === undefined && input.html === undefined)) return null;
  const headers: string[] = [];
  const from = mailboxList([input.from]);
  const to = mailboxList(input.to);
  const cc = mailboxList(input.cc);
  const replyTo = input.replyTo ? mailboxList([input.replyTo]) : '';
  if (from === null || to === null || cc === null || replyTo === null) return null;
  headers.push(`From: ${from}`);
  if (to) headers.push(`To: ${to}`);
  if (cc) headers.push(`Cc: ${cc}`);
  if (replyTo) headers.push(`Reply-To: ${replyTo}`);
  if (!isShortHeaderText(input.subject)) return null;
  headers.push(`Subject: ${input.subject}`);
  for (const [name, value] of Object.entries(input.headers)) {
    if (!isShortHeaderText(value)) return null;
    headers.push(`${name}: ${value}`);
  }
  headers.push('MIME-Version: 1.0');
  const text = input.text === undefined ? undefined : asciiBody(input.text);
  const html = input.html === undefined ? undefined : asciiBody(input.html);
  if (text === null || html === null) return null;
  for (const line of headers) if (line.length > 78) return null;

  let body: string;
  if (text !== undefined && html !== undefined) {
    const boundary = `--_mw_${randomBytes(12).toString('hex')}`;
    headers.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
    body =
      `--${boundary}\r\n${part('text/plain', text)}\r\n` +
      `--${boundary}\r\n${part('text/html', html)}\r\n` +
      `--${boundary}--\r\n`;
  } else {
    const [type, content] = text !== undefined ? ['text/plain', text] : ['text/html', html as string];
    headers.push(`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: 7bit');
    body = content;
  }
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}

const part = (type: string, content: string) =>
  `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${content}`;

// Printable ASCII only: anything else needs RFC 2047 encoding (MailComposer's job).
const PRINTABLE = /^[\x20-\x7e]*$/;
const isShortHeaderText = (value: string) => value.length <= 70 && PRINTABLE.test(value);

// RFC 5322 atext plus spaces: a display name that needs no quoting.
const PLAIN_NAME = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]+@[A-Za-z0-9.-]+$/;

function mailboxList(list: readonly Mailbox[]): string | null {
  const out: string[] = [];
  for (const { name, address } of list) {
    if (!PLAIN_ADDRESS.test(address)) return null;
    const trimmed = name?.trim();
    if (!trimmed) out.push(address);
    else if (PLAIN_NAME.test(trimmed)) out.push(`${trimmed} <${address}>`);
    else return null;
  }
  return out.join(', ');
}

/** 7bit content (RFC 2045 2.7): printable ASCII and tabs, CRLF line ends, lines of at most 998 octets, a final CRLF. */
function asciiBody(content: string): string | null {
  if (/[^\t\r\n\x20-\x7e]/.test(content)) return null;
  const crlf = content.replace(/\r?\n|\r/g, '\r\n');
  for (let start = 0, end = crlf.indexOf('\r\n'); ; start = end + 2, end = crlf.indexOf('\r\n', start)) {
    if ((end < 0 ? crlf.length : end) - start > 998) return null;
    if (end < 0) break;
  }
  return crlf.endsWith('\r\n') || crlf === '' ? crlf : `${crlf}\r\n`;
}
