/**
 * Just enough RFC 5322 header handling for intake: split a raw message into header block and body, read a few
 * fields, drop some and prepend new ones. The body is never touched (the DKIM body hash stays what the client sent).
 */
export interface HeaderField {
  /** Lowercased field name. */
  key: string;
  /** The whole field as it appeared, folded lines included, without the final CRLF. */
  line: string;
}

export interface SplitMessage {
  headers: HeaderField[];
  /** Everything after the empty line that ends the header section (may be empty). */
  body: Buffer;
}

/**
 * Splits at the first empty line; bare LF line ends are accepted and rewritten as CRLF in the header part. Header
 * fields are read as UTF-8 (RFC 6532); 'latin1' keeps one character per byte, for a signer that must hash the bytes.
 */
export function splitMessage(raw: Buffer, encoding: 'utf8' | 'latin1' = 'utf8'): SplitMessage {
  let end = raw.indexOf('\r\n\r\n');
  let sepLength = 4;
  const lfEnd = raw.indexOf('\n\n');
  if (lfEnd >= 0 && (end < 0 || lfEnd < end)) {
    end = lfEnd;
    sepLength = 2;
  }
  if (raw.length && (raw[0] === 0x0a || (raw[0] === 0x0d && raw[1] === 0x0a))) {
    return { headers: [], body: raw.subarray(raw[0] === 0x0a ? 1 : 2) };
  }
  const head = (end < 0 ? raw : raw.subarray(0, end)).toString(encoding);
  const body = end < 0 ? Buffer.alloc(0) : raw.subarray(end + sepLength);
  return { headers: parseHeaderBlock(head), body };
}

function parseHeaderBlock(head: string): HeaderField[] {
  const fields: HeaderField[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = fields[fields.length - 1];
    if (/^[ \t]/.test(line) && last) {
      last.line += `\r\n${line}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue; // not a field (e.g. an mbox "From " line): dropped
    fields.push({ key: line.slice(0, colon).trim().toLowerCase(), line });
  }
  return fields;
}

/** The unfolded value of the first field with this name. */
export function headerValue(headers: readonly HeaderField[], name: string): string | undefined {
  const field = headers.find((h) => h.key === name);
  if (!field) return undefined;
  return field.line
    .slice(field.line.indexOf(':') + 1)
    .replace(/\r\n[ \t]/g, ' ')
    .trim();
}

export function countHeader(headers: readonly HeaderField[], name: string): number {
  return headers.filter((h) => h.key === name).length;
}

export const headerField = (name: string, value: string): HeaderField => ({
  key: name.toLowerCase(),
  line: `${name}: ${value}`,
});

export function joinMessage(headers: readonly HeaderField[], body: Buffer): Buffer {
  const head = headers.map((h) => `${h.line}\r\n`).join('');
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'utf8'), body]);
}

/** RFC 5322 3.2.3 atext-ish check for a header value we put in ourselves: no CR/LF may slip in. */
export const safeHeaderValue = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded-words ("=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=") for display, e.g. a subject in the logs. Whitespace
 * between two adjacent encoded-words is dropped (RFC 2047 section 6.2); an unknown charset is left as it was.
 */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(ENCODED_WORD, (word, charset: string, encoding: string, text: string) => {
      try {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : Buffer.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
                'latin1',
              );
        return new TextDecoder(charset.replace(/\*.*$/, '')).decode(bytes);
      } catch {
        return word;
      }
    });
}
