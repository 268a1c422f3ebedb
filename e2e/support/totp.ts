import { createHmac } from 'node:crypto';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30-second steps), written here so the journeys do not borrow the server's code. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_MS = 30_000;

function decodeBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code an authenticator app shows at `unixMs` (RFC 4226 dynamic truncation over the time-step counter). */
export function totp(secret: string, unixMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMs / TOTP_STEP_MS)));
  const mac = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A 6-digit code that is none of the codes accepted around now (one step of drift either way). */
export function wrongCode(secret: string, unixMs = Date.now()): string {
  const valid = new Set([-1, 0, 1, 2].map((step) => totp(secret, unixMs + step * TOTP_STEP_MS)));
  for (const candidate of ['000000', '111111', '222222', '333333', '444444']) {
    if (!valid.has(candidate)) return candidate;
  }
  throw new Error('unreachable: five candidates cannot all be valid codes');
}
