/**
 * DKIM "relaxed" canonicalization (RFC 6376 3.4.2 and 3.4.4), over bytes read as latin1 (one character per byte) so
 * that 8-bit content, raw UTF-8 headers included, is hashed as the bytes it is. A bare LF counts as a line end.
 */

/**
 * One header field (folded lines included): name in ASCII lowercase, unfolded, runs of WSP (space and tab only) as
 * one space, no WSP around the colon or at the end. Other whitespace (e.g. a no-break space) is content.
 */
export function relaxedHeader(line: string): string {
  const colon = line.indexOf(':');
  const name = line
    .slice(0, colon)
    .replace(/\r?\n/g, '')
    .replace(/^[ \t]+|[ \t]+$/g, '')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
  const value = line
    .slice(colon + 1)
    .replace(/\r?\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/^ | $/g, '');
  return `${name}:${value}`;
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * The body with trailing whitespace of every line removed, inner whitespace runs as one space, empty lines at the end
 * dropped and a final CRLF; empty when nothing is left.
 */
export function relaxedBody(body: Buffer): Buffer {
  if (isAlreadyRelaxed(body)) return trimEmptyEnd(body);
  // Whole-body regular expressions (native loops) rather than line by line: format=flowed text ends every line but
  // the last of a paragraph with a space, so this path is common.
  const text = body
    .toString('latin1')
    .replace(/\r?\n/g, '\r\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/ (?=\r\n|$)/g, '')
    // Only from the start of a run of line ends: tried at every CRLF of a long run that is not at the end, the search
    // was quadratic (a 1 MB body of empty lines and one tab held the process for minutes; issue 10 item 6).
    .replace(/(?<!\r\n)(\r\n)+$/, '');
  return Buffer.from(text ? `${text}\r\n` : '', 'latin1');
}

/**
 * Most bodies need no rewriting: CRLF line ends only, no tab, no double space, no space before a line end. Checked
 * with native searches; the rare body that fails goes the slow way.
 */
function isAlreadyRelaxed(body: Buffer): boolean {
  if (body.length === 0) return true;
  if (body[body.length - 1] !== LF || body[body.length - 2] !== CR) return false;
  if (body.indexOf(0x09) >= 0 || body.indexOf('  ') >= 0 || body.indexOf(' \r\n') >= 0) return false;
  for (let at = body.indexOf(LF); at >= 0; at = body.indexOf(LF, at + 1)) if (body[at - 1] !== CR) return false;
  return true;
}

/** A body in canonical form except for empty lines at its end. */
function trimEmptyEnd(body: Buffer): Buffer {
  let end = body.length;
  while (end >= 2 && body[end - 1] === LF && body[end - 2] === CR && (end === 2 || body[end - 3] === LF)) end -= 2;
  return body.subarray(0, end);
}
