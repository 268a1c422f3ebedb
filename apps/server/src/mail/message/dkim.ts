import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { relaxedBody, relaxedHeader } from './dkim-canonical.ts';
import { type HeaderField, splitMessage } from './headers.ts';
import { endWithCrlf, toCrlf } from './line-ends.ts';

// The headers receivers rely on, signed when present (RFC 6376 5.4.1): mailauth's default list plus what our
// pipeline adds. RFC 8058 section 4 requires List-Unsubscribe and List-Unsubscribe-Post to be covered, and
// Feedback-ID is only trusted signed.
export const DKIM_SIGNED_HEADERS: readonly string[] = [
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
const SIGNED = new Set(DKIM_SIGNED_HEADERS);

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

/**
 * Returns the message with a DKIM-Signature header (RFC 6376, relaxed/relaxed, rsa-sha256) in front. Line ends are
 * made CRLF first (and a last line gets one) and the result carries them: the signature covers exactly the bytes that
 * go on the wire (a bare CR signed as it was and sent as CRLF would break the body hash; verifiers differ on trailing
 * whitespace of a last line without CRLF, which the DATA encoding ends with one anyway). Header fields are hashed as the bytes they are, so raw
 * UTF-8 headers (RFC 6532) are signed as the UTF-8 that is sent.
 */
export function signMessage(raw: Buffer, key: DkimKey, signedAt: Date = new Date()): Buffer {
  const { message, unsigned, data } = toSign(raw, key, signedAt);
  const signature = sign('sha256', data, keyObject(key.privateKeyPem));
  return withSignature(message, unsigned, signature);
}

/**
 * signMessage with the RSA operation (~0.2 ms of CPU, the largest single cost of a message at intake) on libuv's
 * thread pool instead of the event loop: the SMTP and HTTP intake's one thread keeps parsing and committing
 * while other cores sign. Same bytes as signMessage.
 */
export function signMessageAsync(raw: Buffer, key: DkimKey, signedAt: Date = new Date()): Promise<Buffer> {
  const { message, unsigned, data } = toSign(raw, key, signedAt);
  return new Promise((resolve, reject) =>
    sign('sha256', data, keyObject(key.privateKeyPem), (error, signature) =>
      error ? reject(error) : resolve(withSignature(message, unsigned, signature)),
    ),
  );
}

function toSign(raw: Buffer, key: DkimKey, signedAt: Date) {
  const message = endWithCrlf(toCrlf(raw));
  const { headers, body } = splitMessage(message, 'latin1');
  return { message, ...signingInput(headers, body, key, signedAt) };
}

function withSignature(message: Buffer, unsigned: string, signature: Buffer): Buffer {
  const field = `${unsigned}${foldBase64(signature.toString('base64'))}\r\n`;
  return Buffer.concat([Buffer.from(field, 'latin1'), message]);
}

/**
 * What the DKIM-Signature field's RSA signature covers, for a message split into header fields (one character per
 * byte: latin1) and body: the field without its b= value (`unsigned`; the body hash over the relaxed body in it), and
 * the relaxed signed headers followed by that field with an empty b= (`data`). The fields are signed bottom-up in
 * message order (RFC 6376 5.4.2), as mailauth's signer does, and the tags come in its order, so both sign the same
 * text: the differential test holds us to that.
 */
function signingInput(headers: readonly HeaderField[], body: Buffer, key: DkimKey, signedAt: Date) {
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  const signed = headers.filter((field) => SIGNED.has(field.key)).reverse();
  const names = signed.map((field) => headerName(field));
  const time = Math.floor(signedAt.getTime() / 1000);
  // Folded where FWS is allowed (between tags, around h= colons); b= last, so the signed text ends with "b=".
  const unsigned =
    `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domain};\r\n` +
    ` h=${foldList(names)};\r\n q=dns/txt; s=${key.selector}; t=${time};\r\n bh=${bodyHash};\r\n b=`;
  let data = '';
  for (const field of signed) data += `${relaxedHeader(field.line)}\r\n`;
  data += relaxedHeader(unsigned);
  return { unsigned, data: Buffer.from(data, 'latin1') };
}

/** The field name as written (DKIM compares names case-insensitively; keeping the sender's spelling is usual). */
function headerName(field: HeaderField): string {
  return field.line.slice(0, field.line.indexOf(':')).trim();
}

function foldList(names: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    if (line && line.length + name.length > 66) {
      lines.push(`${line}:`);
      line = name;
    } else line = line ? `${line}: ${name}` : name;
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
