/**
 * The one address grammar of every way mail comes in: the native, Mailgun- and SendGrid-shaped APIs and SMTP
 * submission (envelope and From header). A hand-written scanner that looks at each character a bounded number of
 * times, so its time is linear in the input whatever a client sends (no backtracking regular expression).
 *
 * - An address is an RFC 5321 (4.1.2) Mailbox: Dot-string "@" Domain. The local part is atoms of RFC 5322 atext or
 *   UTF-8 (RFC 6531) joined by single dots, at most 64 octets (RFC 5321 4.5.3.1.1). The domain is two or more labels
 *   of letters, digits and inner hyphens (UTF-8 U-labels allowed), each at most 63 characters, at most 253 in all, the
 *   last one starting with a letter. The whole address is at most 254 octets. Quoted local parts and address
 *   literals are refused: no client needs them and they are a favourite of injection attempts.
 * - A mailbox as a person writes it is RFC 5322 (3.4) `addr-spec` or `name-addr`: `[display-name] <addr>`, the
 *   display name being words (atoms, "." as in obs-phrase, or quoted-strings with quoted-pairs) separated by spaces.
 *   No comments, no groups, and no control character anywhere: a CR or LF never reaches a header.
 */
export interface ParsedMailbox {
  address: string;
  /** The display name, unquoted, words joined by one space; absent when none was given. */
  name?: string;
}

export type MailboxParse = { ok: true; mailbox: ParsedMailbox } | { ok: false; error: string };
export type MailboxListParse = { ok: true; mailboxes: ParsedMailbox[] } | { ok: false; error: string };

const MAX_ADDRESS_OCTETS = 254;
const MAX_LOCAL_OCTETS = 64;
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

// RFC 5322 3.2.3 atext, beyond letters and digits.
const ATEXT_SYMBOLS = new Set(Array.from("!#$%&'*+-/=?^_`{|}~", (c) => c.charCodeAt(0)));

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/**
 * C0 controls (CR and LF among them), DEL, C1 controls, the Unicode line and paragraph separators, and lone
 * surrogates (which have no UTF-8 form). Tab is a control too, unless `allowTab`: header text may hold it (WSP).
 */
function isControl(c: number, allowTab: boolean): boolean {
  if (c === 0x09) return !allowTab;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || isSurrogate(c);
}

/** RFC 6532 UTF8-non-ascii, less the controls above. */
const isUtf8NonAscii = (c: number) => c >= 0xa0 && !isControl(c, false);
const isAtext = (c: number) => isLetter(c) || isDigit(c) || ATEXT_SYMBOLS.has(c) || isUtf8NonAscii(c);

/** True when the text holds a control character (see isControl): such text is refused, never encoded. */
export function hasControlCharacter(value: string, options: { allowTab?: boolean } = {}): boolean {
  const allowTab = options.allowTab ?? false;
  for (let i = 0; i < value.length; i++) {
    const c = value.codePointAt(i) as number;
    if (c > 0xffff) i++;
    if (isControl(c, allowTab)) return true;
  }
  return false;
}

function utf8Length(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.codePointAt(i) as number;
    if (c > 0xffff) i++;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Dot-string (RFC 5321 4.1.2): atoms joined by single dots, no dot first or last. */
function isDotString(local: string): boolean {
  let atomLength = 0;
  for (let i = 0; i < local.length; i++) {
    const c = local.codePointAt(i) as number;
    if (c > 0xffff) i++;
    if (c === 0x2e) {
      if (atomLength === 0) return false;
      atomLength = 0;
    } else if (isAtext(c)) {
      atomLength++;
    } else {
      return false;
    }
  }
  return atomLength > 0;
}

const isLabelCharacter = (c: number) => isLetter(c) || isDigit(c) || c === 0x2d || isUtf8NonAscii(c);

function isDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL_LENGTH) return false;
    if (label.startsWith('-') || label.endsWith('-')) return false;
    for (let i = 0; i < label.length; i++) {
      const c = label.codePointAt(i) as number;
      if (c > 0xffff) i++;
      if (!isLabelCharacter(c)) return false;
    }
  }
  // The top-level label starts with a letter: "1.2.3.4" is not a domain.
  const top = (labels[labels.length - 1] as string).codePointAt(0) as number;
  return isLetter(top) || isUtf8NonAscii(top);
}

/** An RFC 5321 Mailbox (see the module comment): "local@domain", nothing around it. */
export function isMailboxAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0 || utf8Length(address) > MAX_ADDRESS_OCTETS) return false;
  const local = address.slice(0, at);
  return utf8Length(local) <= MAX_LOCAL_OCTETS && isDotString(local) && isDomain(address.slice(at + 1));
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09;

/** Reads a quoted-string starting at `start` (the opening quote); answers its content and the index after it. */
function readQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text.codePointAt(i) as number;
    const width = c > 0xffff ? 2 : 1;
    if (c === 0x22) return { value, end: i + 1 };
    if (c === 0x5c) {
      // quoted-pair: a backslash and the character it stands for (VCHAR or WSP, RFC 5322 3.2.1).
      const next = text.codePointAt(i + 1);
      if (next === undefined) return null;
      const nextWidth = next > 0xffff ? 2 : 1;
      value += text.slice(i + 1, i + 1 + nextWidth);
      i += nextWidth;
      continue;
    }
    value += text.slice(i, i + width);
    i += width - 1;
  }
  return null;
}

/** One mailbox: "a@example.com", "<a@example.com>", "Ann Example <a@example.com>", "\"Example, Ann\" <a@…>". */
export function parseMailbox(input: string): MailboxParse {
  if (hasControlCharacter(input, { allowTab: true })) {
    return { ok: false, error: 'must not contain line breaks or control characters' };
  }
  const text = trimSpaces(input);
  if (!text.endsWith('>')) {
    return isMailboxAddress(text)
      ? { ok: true, mailbox: { address: text } }
      : { ok: false, error: `${quote(text)} is not a valid address` };
  }
  const words: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.codePointAt(i) as number;
    if (isSpace(c)) {
      i++;
    } else if (c === 0x22) {
      const quoted = readQuoted(text, i);
      if (!quoted) return { ok: false, error: 'has an unterminated quoted display name' };
      words.push(quoted.value);
      i = quoted.end;
    } else if (c === 0x3c) {
      break;
    } else {
      const start = i;
      while (i < text.length) {
        const d = text.codePointAt(i) as number;
        // An atom, or "." as obsolete phrases (RFC 5322 4.1) allow: "J. Smith <js@example.com>".
        if (!isAtext(d) && d !== 0x2e) break;
        i += d > 0xffff ? 2 : 1;
      }
      if (i === start) {
        return { ok: false, error: `has ${quote(String.fromCodePoint(c))} in the display name: quote the name` };
      }
      words.push(text.slice(start, i));
    }
  }
  if (i >= text.length) return { ok: false, error: `${quote(text)} is not a valid address` };
  const address = text.slice(i + 1, -1);
  if (!isMailboxAddress(address)) return { ok: false, error: `${quote(address)} is not a valid address` };
  const name = words.join(' ');
  return { ok: true, mailbox: name ? { address, name } : { address } };
}

/** Comma-separated mailboxes (RFC 5322 mailbox-list, no groups): "a@x.example, Bee <b@y.example>". */
export function parseMailboxList(input: string): MailboxListParse {
  const mailboxes: ParsedMailbox[] = [];
  let start = 0;
  let inQuotes = false;
  for (let i = 0; i <= input.length; i++) {
    const c = input.charCodeAt(i);
    if (inQuotes && c === 0x5c) {
      i++; // the escaped character cannot end the quotes
    } else if (c === 0x22) {
      inQuotes = !inQuotes;
    } else if (i === input.length || (c === 0x2c && !inQuotes)) {
      const parsed = parseMailbox(input.slice(start, i));
      if (!parsed.ok) {
        return trimSpaces(input.slice(start, i)) === '' ? { ok: false, error: 'has an empty entry' } : parsed;
      }
      mailboxes.push(parsed.mailbox);
      start = i + 1;
    }
  }
  return { ok: true, mailboxes };
}

function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isSpace(value.charCodeAt(start))) start++;
  while (end > start && isSpace(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

const quote = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
