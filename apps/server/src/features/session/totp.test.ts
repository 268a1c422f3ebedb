import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totp } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; 8-digit codes.
const RFC_SEED = Buffer.from('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s gives %s (RFC 6238 appendix B)', (seconds, expected) => {
    expect(hotp(RFC_SEED, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('RFC 4226 appendix D HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SEED, counter))).toEqual(expected);
  });

  it('base32 round-trips', () => {
    expect(base32Encode(RFC_SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(RFC_SEED)).toBe(true);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts one step of drift either way and nothing further', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totp(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totp(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totp(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    const url = otpauthUrl('ABCDEFGHIJKLMNOP', 'alice');
    expect(url).toBe(
      'otpauth://totp/Mailwright%3Aalice?secret=ABCDEFGHIJKLMNOP&issuer=Mailwright&algorithm=SHA1&digits=6&period=30',
    );
  });
});
