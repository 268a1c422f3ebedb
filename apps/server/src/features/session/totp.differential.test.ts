import fc from 'fast-check';
import { HOTP, Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totp } from './totp.ts';

// Our TOTP (RFC 6238) is hand-written; it stays only while it agrees with the otpauth library over generated secrets
// and times: the codes, the base32 secrets and the otpauth:// URI an authenticator app reads.

const secretBytes = fc.uint8Array({ minLength: 10, maxLength: 64 });
// From 1970 to past 2^32 seconds (2106), where a 32-bit counter would wrap.
const unixMs = fc.integer({ min: 0, max: 5_000_000_000_000 });

describe('TOTP, differential against otpauth', () => {
  it('the same 6-digit code for 10,000 generated secrets and times', () => {
    fc.assert(
      fc.property(secretBytes, unixMs, (bytes, timestamp) => {
        const secret = base32Encode(bytes);
        const library = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
        expect(totp(secret, timestamp)).toBe(library.generate({ timestamp }));
        expect(library.validate({ token: totp(secret, timestamp), timestamp, window: 1 })).toBe(0);
      }),
      { numRuns: 10_000 },
    );
  });

  it('HOTP agrees for any counter, digit count and hash (RFC 4226)', () => {
    fc.assert(
      fc.property(
        secretBytes,
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 6, max: 8 }),
        fc.constantFrom('SHA1', 'SHA256', 'SHA512'),
        (bytes, counter, digits, algorithm) => {
          const library = new HOTP({ secret: new Secret({ buffer: bytes.slice().buffer }), digits, algorithm });
          expect(hotp(Buffer.from(bytes), counter, digits, algorithm.toLowerCase())).toBe(
            library.generate({ counter }),
          );
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('base32 secrets read and write as otpauth reads and writes them', () => {
    fc.assert(
      fc.property(secretBytes, (bytes) => {
        const ours = base32Encode(bytes);
        expect(ours).toBe(new Secret({ buffer: bytes.slice().buffer }).base32);
        expect([...base32Decode(ours)]).toEqual([...new Uint8Array(Secret.fromBase32(ours).buffer)]);
        expect([...base32Decode(ours.toLowerCase())]).toEqual([...bytes]);
      }),
      { numRuns: 5_000 },
    );
  });

  it('a code of the step before or after matches (one step of drift), and only those', () => {
    fc.assert(
      fc.property(secretBytes, fc.integer({ min: 60_000, max: 4_000_000_000_000 }), (bytes, timestamp) => {
        const secret = base32Encode(bytes);
        const library = new TOTP({ secret: Secret.fromBase32(secret) });
        for (const steps of [-1, 0, 1]) {
          const code = library.generate({ timestamp: timestamp + steps * 30_000 });
          expect(matchTotp(secret, code, timestamp)).toBe(Math.floor(timestamp / 30_000) + steps);
        }
        const far = library.generate({ timestamp: timestamp + 90_000 });
        const near = [-1, 0, 1].map((steps) => library.generate({ timestamp: timestamp + steps * 30_000 }));
        if (!near.includes(far)) expect(matchTotp(secret, far, timestamp)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it('the otpauth:// URI parses to the same secret and settings', () => {
    fc.assert(
      fc.property(secretBytes, fc.emailAddress(), (bytes, account) => {
        const secret = base32Encode(bytes);
        const parsed = URI.parse(otpauthUrl(secret, account));
        expect(parsed).toBeInstanceOf(TOTP);
        expect(parsed).toMatchObject({
          issuer: 'Mailwright',
          label: account,
          digits: 6,
          period: 30,
          algorithm: 'SHA1',
        });
        expect(parsed.secret.base32).toBe(secret);
      }),
      { numRuns: 1_000 },
    );
  });
});
