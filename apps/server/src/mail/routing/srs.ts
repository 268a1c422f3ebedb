import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Sender Rewriting Scheme (Shevek's SRS paper, as implemented by Mail::SRS and libsrs2), for mail a route
 * forwards: the envelope sender becomes an address at our own return-path host, so SPF at the next hop checks our
 * IPs (RFC 7208 asks the MAIL FROM domain), while the original sender stays recoverable for a bounce.
 *
 *   SRS0=HHHH=TT=example.org=alice@bounces.customer.test       a first forward of alice@example.org
 *   SRS1=HHHH=fwd.test==HHHH=TT=example.org=alice@bounces.…     a forward of an address another forwarder rewrote
 *
 * TT is the day number modulo 1024 in two base32 characters; HHHH the first 4 base64 characters of an HMAC-SHA1 over
 * what follows it, keyed with the mail secret, so nobody can make us relay to an address of their choice.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HASH_LENGTH = 4;
/** Mail::SRS's default: a bounce more than 21 days after the forward is refused. */
export const SRS_MAX_AGE_DAYS = 21;
const DAY_MS = 86_400_000;

const hashOf = (secret: Buffer, ...parts: string[]) =>
  createHmac('sha1', secret).update(parts.join('').toLowerCase()).digest('base64').slice(0, HASH_LENGTH);

/** Compared case-insensitively: some MTAs lowercase local parts on the way back. */
function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

function stampOf(now: Date): string {
  const day = Math.floor(now.getTime() / DAY_MS) % 1024;
  return `${BASE32[day >> 5]}${BASE32[day & 31]}`;
}

function stampAgeDays(stamp: string, now: Date): number | null {
  const hi = BASE32.indexOf((stamp[0] ?? '').toUpperCase());
  const lo = BASE32.indexOf((stamp[1] ?? '').toUpperCase());
  if (stamp.length !== 2 || hi < 0 || lo < 0) return null;
  const today = Math.floor(now.getTime() / DAY_MS) % 1024;
  return (today - ((hi << 5) | lo) + 1024) % 1024;
}

const splitAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
};

/**
 * The envelope sender to forward a message from `sender` with, at `host` (the domain's return-path host). The null
 * sender stays null (a bounce is never given an address to bounce to, RFC 5321 4.5.5).
 */
export function srsForward(secret: Buffer, sender: string, host: string, now = new Date()): string {
  if (!sender.includes('@')) return '';
  const { local, domain } = splitAddress(sender);
  const srs0 = /^SRS0[-+=](.+)$/i.exec(local);
  if (srs0) {
    // Already rewritten by a forwarder before us: SRS1 names that forwarder and keeps its SRS0 part as it was.
    const rest = `=${srs0[1]}`;
    return `SRS1=${hashOf(secret, domain, rest)}=${domain}=${rest}@${host}`;
  }
  const srs1 = /^SRS1[-+=]([^=]+)=([^=]+)==(.+)$/i.exec(local);
  if (srs1) {
    // A chain: SRS1 stays SRS1 pointing at the first forwarder (only the hash is ours).
    const [, , first, rest] = srs1 as unknown as [string, string, string, string];
    return `SRS1=${hashOf(secret, first, `=${rest}`)}=${first}==${rest}@${host}`;
  }
  const stamp = stampOf(now);
  return `SRS0=${hashOf(secret, stamp, domain, local)}=${stamp}=${domain}=${local}@${host}`;
}

/**
 * The address a bounce to an SRS address of ours goes back to, or null when the address is not one, was forged, or
 * is older than SRS_MAX_AGE_DAYS. An SRS1 address gives back the previous forwarder's SRS0 address.
 */
export function srsReverse(secret: Buffer, address: string, now = new Date()): string | null {
  const { local } = splitAddress(address);
  const srs0 = /^SRS0[-+=]([^=]+)=([^=]+)=([^=]+)=(.+)$/i.exec(local);
  if (srs0) {
    const [, hash, stamp, domain, user] = srs0 as unknown as [string, string, string, string, string];
    if (!sameHash(hash, hashOf(secret, stamp, domain, user))) return null;
    const age = stampAgeDays(stamp, now);
    if (age === null || age > SRS_MAX_AGE_DAYS) return null;
    return `${user}@${domain}`;
  }
  const srs1 = /^SRS1[-+=]([^=]+)=([^=]+)==(.+)$/i.exec(local);
  if (srs1) {
    const [, hash, first, rest] = srs1 as unknown as [string, string, string, string];
    if (!sameHash(hash, hashOf(secret, first, `=${rest}`))) return null;
    return `SRS0=${rest}@${first}`;
  }
  return null;
}
