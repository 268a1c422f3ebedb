import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** TOTP (RFC 6238) over HOTP (RFC 4226): SHA-1, 6 digits, 30-second steps, as every authenticator app expects. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const DIGITS = 6;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateSecret(): string {
  return base32Encode(randomBytes(20));
}

export function hotp(secret: Buffer, counter: number, digits = DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const counterAt = (unixMs: number) => Math.floor(unixMs / 1000 / STEP_SECONDS);

export function totp(secretBase32: string, unixMs = Date.now()): string {
  return hotp(base32Decode(secretBase32), counterAt(unixMs));
}

/**
 * Finds the time step a code belongs to, allowing one step of clock drift either way (RFC 6238 section 5.2).
 * Returns the matched counter so the caller can refuse a replay of the same or an older step.
 */
export function matchTotp(secretBase32: string, code: string, unixMs = Date.now()): number | null {
  const key = base32Decode(secretBase32);
  const now = counterAt(unixMs);
  for (const counter of [now, now - 1, now + 1]) {
    const expected = Buffer.from(hotp(key, counter));
    const given = Buffer.from(code.padStart(DIGITS, ' '));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return counter;
  }
  return null;
}

export function otpauthUrl(secret: string, account: string, issuer = 'Mailwright'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
