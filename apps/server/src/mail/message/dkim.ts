import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { relaxedBody, relaxedHeader } from './dkim-canonical.ts';
import { type HeaderField, splitMessage } from './headers.ts';

// The headers receivers rely on, signed when present (RFC 6376 5.4.1): mailauth's default list plus what our
// pipeline adds. RFC 8058 section 4 requires List-Unsubscribe and List-Unsubscribe-Post to be covered, and
// Feedback-ID is only trusted signed.
const SIGNED_HEADERS = [
  'from',
  'sender',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'to',
  'cc',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-id',
  'content-description',
  'in-reply-to',
  'references',
  'list-id',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'feedback-id',
];

export interface DkimKey {
  domain: string;
  selector: string;
  privateKeyPem: string;
}

// Parsing the PEM for every message would cost OpenSSL its key setup (blinding, Montgomery) each time: ~0.3 ms more
// per signature. One KeyObject per PEM, a bounded cache (domains rotate keys; old PEMs age out when it is cleared).
const keys = new Map<string, KeyObject>();
function keyObject(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    if (keys.size >= 1000) keys.clear();
    key = createPrivateKey(pem);
    keys.set(pem, key);
  }
  return key;
}

/** Returns the message with a DKIM-Signature header (RFC 6376, relaxed/relaxed, rsa-sha256) in front. */
export function signMessage(raw: Buffer, key: DkimKey): Buffer {
  const { headers, body } = splitMessage(raw);
  return Buffer.concat([Buffer.from(dkimSignature(headers, body, key), 'latin1'), raw]);
}

/**
 * The DKIM-Signature field (with its CRLF) for a message already split into header fields and body: the body hash
 * over the relaxed body, then one RSA signature over the relaxed signed headers and this field with an empty b=.
 * Several fields of one name are signed bottom-up, each named once in h= (RFC 6376 5.4.2).
 */
export function dkimSignature(headers: readonly HeaderField[], body: Buffer, key: DkimKey): string {
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  const signed: HeaderField[] = [];
  for (const name of SIGNED_HEADERS) {
    for (let i = headers.length - 1; i >= 0; i--) {
      const field = headers[i] as HeaderField;
      if (field.key === name) signed.push(field);
    }
  }
  const names = signed.map((field) => headerName(field)).join(':');
  const time = Math.floor(Date.now() / 1000);
  // Folded where FWS is allowed (between tags, around h= colons); b= last, so the signed text ends with "b=".
  const unsigned =
    `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domain}; q=dns/txt;\r\n` +
    ` s=${key.selector}; t=${time}; bh=${bodyHash};\r\n` +
    ` h=${foldList(names)};\r\n b=`;
  let data = '';
  for (const field of signed) data += `${relaxedHeader(field.line)}\r\n`;
  data += relaxedHeader(unsigned);
  const signature = sign('sha256', Buffer.from(data, 'latin1'), keyObject(key.privateKeyPem)).toString('base64');
  return `${unsigned}${foldBase64(signature)}\r\n`;
}

/** The field name as written (DKIM compares names case-insensitively; keeping the sender's spelling is usual). */
function headerName(field: HeaderField): string {
  return field.line.slice(0, field.line.indexOf(':')).trim();
}

function foldList(names: string): string {
  const parts = names.split(':');
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line && line.length + part.length > 66) {
      lines.push(`${line}:`);
      line = part;
    } else line = line ? `${line}:${part}` : part;
  }
  lines.push(line);
  return lines.join('\r\n ');
}

// Whitespace inside b= is ignored by verifiers (RFC 6376 3.5), and b= is empty in what was signed.
function foldBase64(value: string): string {
  const lines: string[] = [];
  for (let at = 0; at < value.length; at += 72) lines.push(value.slice(at, at + 72));
  return lines.join('\r\n ');
}
