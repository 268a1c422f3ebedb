import { type IpCheck, parseIp } from '@mailwright/contract';
import type { DnsClient } from '../../mail/dns/resolver.ts';

/** The reverse-lookup name of an address: 4.3.2.1.in-addr.arpa, or the 32 nibbles under ip6.arpa (RFC 3596 2.5). */
export function reverseName(address: string): string {
  const ip = parseIp(address);
  if (!ip) throw new Error(`Not an IP address: ${address}`);
  if (ip.family === 4) return `${[...ip.bytes].reverse().join('.')}.in-addr.arpa`;
  const nibbles = ip.bytes.flatMap((byte) => [byte >> 4, byte & 0xf]).map((n) => n.toString(16));
  return `${nibbles.reverse().join('.')}.ip6.arpa`;
}

/**
 * Forward-confirmed reverse DNS (reference section 5): the PTR name of the address, and whether that name's A/AAAA
 * records contain the address again. Receivers check this; without it much mail is refused or filed as spam.
 */
export async function checkFcrdns(dns: DnsClient, address: string): Promise<IpCheck> {
  const ip = parseIp(address);
  if (!ip) return { match: false, host: null, message: `${address} is not an IP address` };
  const ptr = await dns.ptr(reverseName(ip.canonical));
  if (ptr.error) return { match: false, host: null, message: `The PTR lookup failed (${ptr.error}); try again later` };
  if (!ptr.values.length) {
    return { match: false, host: null, message: `${ip.canonical} has no PTR record: ask its network's owner for one` };
  }
  for (const host of ptr.values) {
    const forward = ip.family === 4 ? await dns.a(host) : await dns.aaaa(host);
    if (forward.values.some((value) => parseIp(value)?.canonical === ip.canonical)) {
      return { match: true, host, message: `${ip.canonical} → ${host} → ${ip.canonical}: forward-confirmed` };
    }
  }
  const host = ptr.values[0] as string;
  return {
    match: false,
    host,
    message: `${host} (the PTR name of ${ip.canonical}) does not resolve back to it: add an ${ip.family === 4 ? 'A' : 'AAAA'} record`,
  };
}
