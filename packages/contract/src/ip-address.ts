/**
 * IP address parsing without node:net, so the console validates the IP form exactly like the server does.
 * canonicalIp answers the one spelling we store (IPv4 dotted quad; IPv6 in RFC 5952 form: lower case, longest run
 * of zero groups compressed), so "::1" and "0:0::1" are the same row and a duplicate is caught by UNIQUE.
 */

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => OCTET.test(part))) return null;
  return parts.map(Number);
}

/** Eight 16-bit groups, or null. Accepts "::" compression and a trailing dotted quad (::ffff:1.2.3.4). */
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  // A dotted quad may only end the address: the last piece of the last half.
  const groupsOf = (half: string, endsAddress: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        const v4 = endsAddress && index === pieces.length - 1 ? parseIpv4(piece) : null;
        if (!v4) return null;
        out.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(Number.parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groupsOf(halves[0] as string, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string, true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function formatIpv6(groups: number[]): string {
  // RFC 5952 4.2: compress the longest run of two or more zero groups (the first one on a tie).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export type ParsedIp = { family: 4 | 6; canonical: string; bytes: number[] };

export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4) return { family: 4, canonical: v4.join('.'), bytes: v4 };
  const v6 = parseIpv6(trimmed);
  if (!v6) return null;
  return { family: 6, canonical: formatIpv6(v6), bytes: v6.flatMap((group) => [group >> 8, group & 0xff]) };
}

/**
 * Why an address cannot be a sending address, or null when it can. Loopback and private ranges are allowed: an
 * operator's own addresses may sit behind NAT, and the tests send from 127.0.0.x.
 */
export function sendingIpProblem(text: string): string | null {
  const ip = parseIp(text);
  if (!ip) return 'Enter an IPv4 or IPv6 address, e.g. 192.0.2.10 or 2001:db8::10';
  const b = ip.bytes;
  if (ip.family === 4) {
    if (b[0] === 0) return 'Addresses in 0.0.0.0/8 (unspecified) cannot send mail';
    if ((b[0] as number) >= 224 && (b[0] as number) <= 239) return 'A multicast address cannot send mail';
    if (ip.canonical === '255.255.255.255') return 'The broadcast address cannot send mail';
    if ((b[0] as number) >= 240) return 'Addresses in 240.0.0.0/4 are reserved and cannot send mail';
    return null;
  }
  if (b.every((byte) => byte === 0)) return 'The unspecified address :: cannot send mail';
  if (isIpv4Mapped(ip)) return `Enter the IPv4 form of this address (${b.slice(12).join('.')})`;
  if (b[0] === 0xff) return 'A multicast address cannot send mail';
  return null;
}

/** Whether an IPv6 address is an IPv4-mapped one (::ffff:a.b.c.d), which sends as its IPv4 form. */
export const isIpv4Mapped = (ip: ParsedIp) =>
  ip.family === 6 &&
  ip.bytes.slice(0, 10).every((byte) => byte === 0) &&
  ip.bytes[10] === 0xff &&
  ip.bytes[11] === 0xff;
