/**
 * A small, forgiving MIME reader for bounce reports (RFC 2045/2046/2047). Bounces are often malformed, so it never
 * throws: unknown charsets fall back to latin1, a missing closing boundary ends at the end of the message.
 */

export type Headers = Map<string, string[]>;

export type MimePart = {
  headers: Headers;
  /** Lower-case media type, "text/plain" when absent (RFC 2045 5.2). */
  type: string;
  params: Record<string, string>;
  /** The decoded body as text (transfer encoding and charset undone); empty for multiparts. */
  text: string;
  parts: MimePart[];
};

/** Splits a header block from its body at the first empty line. */
export function splitHeaderBody(raw: string): { head: string; body: string } {
  // A body part without header fields starts with the empty line itself (RFC 2046 5.1.1).
  const empty = /^\r?\n/.exec(raw);
  if (empty) return { head: '', body: raw.slice(empty[0].length) };
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** Parses an unfolded header block; names are lower-cased, repeated headers keep every value in order. */
export function parseHeaders(head: string): Headers {
  const headers: Headers = new Map();
  const unfolded = head.replace(/\r?\n(?=[ \t])/g, '');
  let last: { list: string[]; index: number } | undefined;
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0 || /\s/.test(line.slice(0, colon))) {
      // A continuation line that lost its leading space ("boundary=..." under Content-Type): keep it.
      if (last && line.trim()) last.list[last.index] += ` ${line.trim()}`;
      continue;
    }
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    const list = headers.get(name) ?? [];
    list.push(value);
    headers.set(name, list);
    last = { list, index: list.length - 1 };
  }
  return headers;
}

export function header(headers: Headers, name: string): string | undefined {
  return headers.get(name.toLowerCase())?.[0];
}

/** `type/subtype; a=b; c="d"` -> its lower-cased type and parameters (names lower-cased). */
export function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: 'text/plain', params: {} };
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const match of rest.join(';').matchAll(/(?<![\w*-])([\w*-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/g)) {
    const name = (match[1] ?? '').toLowerCase();
    const raw = match[2] ?? '';
    params[name] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  // Broken bounces fold "text/plain charset=..." without the semicolon: keep only the type/subtype token.
  const type = /^\s*([\w.+-]+\/[\w.+-]+)/.exec(first)?.[1]?.toLowerCase() ?? 'text/plain';
  return { type, params };
}

/**
 * Japanese mail is often mislabelled: ISO-2022-JP (RFC 1468) is a 7-bit encoding, yet carriers' and old MTAs' notices
 * declare it over EUC-JP or Shift_JIS bytes. A Japanese label whose bytes do not decode cleanly is tried as the other
 * two Japanese encodings (and UTF-8) before falling back to replacement characters.
 */
const JAPANESE = ['iso-2022-jp', 'euc-jp', 'shift_jis', 'utf-8'];
const JAPANESE_LABELS = /^(iso-2022-jp(-\d)?|euc-jp|x-euc-jp|shift[_-]?jis|x-sjis|sjis|windows-31j|cp932)$/;

export function decodeCharset(bytes: Uint8Array, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').toLowerCase().replace(/^"|"$/g, '');
  const name = label === 'us-ascii' || label === 'ascii' ? 'utf-8' : label;
  if (JAPANESE_LABELS.test(name)) {
    for (const candidate of [name, ...JAPANESE.filter((c) => c !== name)]) {
      const text = decodeStrictly(bytes, candidate);
      if (text !== undefined) return text;
    }
  }
  const japanese = unlabelledJapanese(bytes, name);
  if (japanese !== undefined) return japanese;
  try {
    return new TextDecoder(name).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** ISO-2022-JP's escape sequences into JIS X 0208 (ESC $ @, ESC $ B) and JIS X 0201 Roman (ESC ( J), RFC 1468. */
function hasJisEscape(bytes: Uint8Array): boolean {
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] !== 0x1b) continue;
    const [next, last] = [bytes[i + 1], bytes[i + 2]];
    if ((next === 0x24 && (last === 0x40 || last === 0x42)) || (next === 0x28 && last === 0x4a)) return true;
  }
  return false;
}
/** Hiragana or katakana: nearly every Japanese sentence has some; text in a Latin charset misread as Japanese has none. */
const KANA = /[\u3041-\u3096\u30a1-\u30fa]/;

/**
 * Japanese text sent without a Japanese label (no charset, us-ascii or utf-8): the carriers' and old MTAs' notices.
 * ISO-2022-JP shows itself by its escape sequences; 8-bit bytes that are not UTF-8 are tried as Shift_JIS and EUC-JP,
 * and kept only when they read as Japanese (some kana), so a Latin-1 body stays Latin-1.
 */
function unlabelledJapanese(bytes: Uint8Array, name: string): string | undefined {
  if (name !== 'utf-8' && name !== 'utf8') return undefined;
  const ascii = !bytes.some((b) => b > 0x7f);
  if (ascii) {
    return hasJisEscape(bytes) ? decodeStrictly(bytes, 'iso-2022-jp') : undefined;
  }
  if (decodeStrictly(bytes, 'utf-8') !== undefined) return undefined;
  for (const candidate of ['shift_jis', 'euc-jp']) {
    const text = decodeStrictly(bytes, candidate);
    if (text !== undefined && KANA.test(text)) return text;
  }
  return undefined;
}

function decodeStrictly(bytes: Uint8Array, label: string): string | undefined {
  try {
    const text = new TextDecoder(label, { fatal: true }).decode(bytes);
    // ISO-2022-JP's decoder passes 8-bit bytes through as they are: only 7-bit data is really ISO-2022-JP.
    return label.startsWith('iso-2022-jp') && bytes.some((b) => b > 0x7f) ? undefined : text;
  } catch {
    return undefined;
  }
}

function decodeQuotedPrintable(body: string): Uint8Array {
  const binary = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(binary, 'latin1');
}

function decodeTransfer(body: string, encoding: string | undefined): Uint8Array {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** RFC 2047 encoded words (=?charset?B|Q?...?=), as found in Subject and From of non-English bounces. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    });
}

/**
 * Parses a whole message. Input is the message as a latin1 string (one char per byte), so that 8-bit bodies survive
 * until their charset is known.
 */
export function parseMime(raw: string, depth = 0): MimePart {
  const { head, body } = splitHeaderBody(raw);
  const headers = parseHeaders(head);
  const { type, params } = parseContentType(header(headers, 'content-type'));
  const part: MimePart = { headers, type, params, text: '', parts: [] };
  if (depth > 8) return part;
  if (type.startsWith('multipart/') && params.boundary) {
    let sections = splitMultipart(body, params.boundary);
    const guessed = sections.length === 0 ? guessBoundary(body) : undefined;
    if (guessed) sections = splitMultipart(body, guessed);
    if (sections.length > 0) {
      part.parts = sections.map((section) => parseMime(section, depth + 1));
      return part;
    }
    // A multipart without a single delimiter line: read the body as the plain text it really is.
    part.type = 'text/plain';
  }
  const bytes = decodeTransfer(body, header(headers, 'content-transfer-encoding'));
  part.text = decodeCharset(bytes, params.charset);
  if (type === 'message/rfc822' || type === 'message/global' || type === 'text/rfc822-headers') {
    // The returned original: keep it parsed so its headers (Message-ID, To) can be read.
    part.parts = [
      parseMime(
        type === 'text/rfc822-headers'
          ? `${Buffer.from(bytes).toString('latin1')}\n\n`
          : Buffer.from(bytes).toString('latin1'),
        depth + 1,
      ),
    ];
  }
  return part;
}

function splitMultipart(body: string, boundary: string): string[] {
  const sections: string[] = [];
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  let current: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) sections.push(current.join('\n'));
      current = trimmed === delimiter ? [] : null;
      if (!current) break;
      continue;
    }
    current?.push(line);
  }
  if (current) sections.push(current.join('\n'));
  return sections;
}

/** A boundary the body really uses, when the declared one never occurs (mangled by a relay or an anonymiser). */
function guessBoundary(body: string): string | undefined {
  const counts = new Map<string, number>();
  for (const match of body.matchAll(/^--(\S{6,}?)(--)?\s*$/gm)) {
    const boundary = match[1] ?? '';
    counts.set(boundary, (counts.get(boundary) ?? 0) + 1);
  }
  return [...counts.entries()].find(([, count]) => count >= 2)?.[0];
}

/** Every leaf part, depth first, not descending into returned originals (message/rfc822). */
export function leafParts(part: MimePart): MimePart[] {
  if (part.type.startsWith('multipart/')) return part.parts.flatMap(leafParts);
  return [part];
}
