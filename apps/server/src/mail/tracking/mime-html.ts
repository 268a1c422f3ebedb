import { type HeaderField, headerField, headerValue, joinMessage, splitMessage } from '../message/headers.ts';
import { encodeQuotedPrintable } from '../message/transfer-encoding.ts';

/** The media type and parameters of a Content-Type value (RFC 2045 5.1), lowercased except parameter values. */
function parseContentType(value: string | undefined): { mime: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { mime: type.trim().toLowerCase(), params };
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes = text.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === '=' ? bytes.slice(i + 1, i + 3) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(bytes.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

function decodeBody(body: Buffer, encoding: string): Buffer {
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.toString('latin1'));
  if (encoding === 'base64') return Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64');
  return body;
}

/** The text of an HTML part in its charset; null for a charset this runtime cannot decode (then it is left as is). */
function decodeText(bytes: Buffer, charset: string | undefined): string | null {
  try {
    return new TextDecoder(charset || 'us-ascii', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const isAttachment = (headers: readonly HeaderField[]) =>
  /^\s*attachment/i.test(headerValue(headers, 'content-disposition') ?? '');

function transformHtml(headers: HeaderField[], body: Buffer, transform: (html: string) => string): Buffer | null {
  const encoding = (headerValue(headers, 'content-transfer-encoding') ?? '7bit').toLowerCase();
  const html = decodeText(
    decodeBody(body, encoding),
    parseContentType(headerValue(headers, 'content-type')).params.charset,
  );
  if (html === null) return null;
  const next = transform(html);
  if (next === html) return null;
  // Re-encoded as UTF-8 quoted-printable: rewritten links make lines longer than 7bit/8bit allow (RFC 5322 2.1.1).
  const kept = headers.filter((h) => h.key !== 'content-type' && h.key !== 'content-transfer-encoding');
  const replaced = [
    ...kept,
    headerField('Content-Type', 'text/html; charset=utf-8'),
    headerField('Content-Transfer-Encoding', 'quoted-printable'),
  ];
  return joinMessage(replaced, Buffer.from(encodeQuotedPrintable(Buffer.from(next, 'utf8')), 'latin1'));
}

function transformMultipart(body: Buffer, boundary: string, transform: (html: string) => string): Buffer | null {
  const text = body.toString('latin1');
  const quoted = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${quoted}(--)?[ \\t]*(?=\\r?\\n|$)`, 'g');
  let out = '';
  let last = 0;
  let inPart = false;
  let changed = false;
  for (const match of text.matchAll(delimiter)) {
    const segment = text.slice(last, match.index);
    if (inPart) {
      const newline = segment.match(/^\r?\n/)?.[0] ?? '';
      const part = Buffer.from(segment.slice(newline.length), 'latin1');
      const next = transformHtmlParts(part, transform);
      changed ||= next !== part;
      out += newline + next.toString('latin1');
    } else out += segment;
    out += match[0];
    last = (match.index ?? 0) + match[0].length;
    inPart = !match[1];
    if (match[1]) break;
  }
  return changed ? Buffer.from(out + text.slice(last), 'latin1') : null;
}

/**
 * Applies `transform` to every inline text/html part of a MIME message (or entity), nested multiparts included, and
 * answers the message with those parts re-encoded; the very same Buffer when nothing changed. Everything else (other
 * parts, preambles, boundaries) is kept byte for byte.
 */
export function transformHtmlParts(raw: Buffer, transform: (html: string) => string): Buffer {
  const { headers, body } = splitMessage(raw);
  const type = parseContentType(headerValue(headers, 'content-type'));
  let next: Buffer | null = null;
  if (type.mime.startsWith('multipart/') && type.params.boundary) {
    const parts = transformMultipart(body, type.params.boundary, transform);
    next = parts ? joinMessage(headers, parts) : null;
  } else if (type.mime === 'text/html' && !isAttachment(headers)) {
    next = transformHtml(headers, body, transform);
  }
  return next ?? raw;
}
