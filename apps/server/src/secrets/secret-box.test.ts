import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSecret, SecretError, sealedKeyId, sealSecret } from './secret-box.ts';
import { newSecretKeyEntry, parseSecretKeys } from './secret-keys.ts';

const oldEntry = newSecretKeyEntry();
const newEntry = newSecretKeyEntry();
const oldRing = parseSecretKeys(oldEntry, 'old');
const bothRing = parseSecretKeys(`${newEntry},${oldEntry}`, 'both');
const newOnly = parseSecretKeys(newEntry, 'MAILWRIGHT_SECRET_KEYS');

describe('secret box (issue 10 item 10: AES-256-GCM sealing)', () => {
  it('seals to enc:v1:<key id>:<nonce>:<ciphertext> and opens back any text, a fresh nonce each time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ maxLength: 40 }), (text, row) => {
        const purpose = `users.totp_secret:${row}`;
        const sealed = sealSecret(text, purpose, oldRing);
        expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
        expect(sealedKeyId(sealed)).toBe(oldRing.current.id);
        expect(openSecret(sealed, purpose, oldRing)).toBe(text);
        expect(sealSecret(text, purpose, oldRing)).not.toBe(sealed);
      }),
      { numRuns: 300 },
    );
  });

  it('does not open in another place: the purpose (table.column:row) is authenticated', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'users.totp_secret:7', oldRing);
    expect(() => openSecret(sealed, 'users.totp_secret:8', oldRing)).toThrow(SecretError);
    expect(() => openSecret(sealed, 'webhooks.url:7', oldRing)).toThrow(/moved from another row/);
  });

  it('refuses any altered byte, plaintext and malformed values (fails closed)', () => {
    const sealed = sealSecret('https://user:pass@hooks.example.com/x', 'webhooks.url:1', oldRing);
    const body = sealed.split(':')[4] as string;
    for (let i = 0; i < body.length; i += 3) {
      const flipped = body.slice(0, i) + (body[i] === 'A' ? 'B' : 'A') + body.slice(i + 1);
      const altered = sealed.slice(0, sealed.length - body.length) + flipped;
      if (altered !== sealed) expect(() => openSecret(altered, 'webhooks.url:1', oldRing)).toThrow(SecretError);
    }
    expect(() => openSecret('https://user:pass@hooks.example.com/x', 'webhooks.url:1', oldRing)).toThrow(
      /not encrypted/,
    );
    expect(() => openSecret(`${sealed}:extra`, 'webhooks.url:1', oldRing)).toThrow(/malformed/);
  });

  it('rotation: a value sealed with an old key opens while the key is listed, and names the key when it is not', () => {
    const sealedOld = sealSecret('dkim-pem', 'domains.dkim_private_key:3', oldRing);
    expect(openSecret(sealedOld, 'domains.dkim_private_key:3', bothRing)).toBe('dkim-pem');
    expect(sealedKeyId(sealSecret('x', 'p', bothRing))).toBe(newOnly.current.id); // the first listed seals
    expect(() => openSecret(sealedOld, 'domains.dkim_private_key:3', newOnly)).toThrow(
      `sealed with key "${oldRing.current.id}", which MAILWRIGHT_SECRET_KEYS does not list`,
    );
  });
});

describe('MAILWRIGHT_SECRET_KEYS', () => {
  it('takes id:base64 entries separated by commas, spaces or lines; the first is current', () => {
    const ring = parseSecretKeys(`\n ${newEntry}\n${oldEntry} `, 'setting');
    expect(ring.current.id).toBe(newEntry.split(':')[0]);
    expect([...ring.byId.keys()]).toEqual([newEntry.split(':')[0], oldEntry.split(':')[0]]);
  });

  it('refuses short keys, bad or repeated ids and empty lists, without echoing key material', () => {
    const short = `k1:${Buffer.alloc(16, 7).toString('base64')}`;
    expect(() => parseSecretKeys(short, 'S')).toThrow('S: key "k1" must be 32 bytes in base64 (it has 16)');
    expect(() => parseSecretKeys(`k2:${'A'.repeat(21)}!${'A'.repeat(22)}=`, 'S')).toThrow(
      'S: key "k2" must be 32 bytes in base64',
    );
    expect(() => parseSecretKeys(`${oldEntry},${oldEntry}`, 'S')).toThrow(/is listed twice/);
    expect(() => parseSecretKeys(`bad id:${Buffer.alloc(32).toString('base64')}`, 'S')).toThrow(/entry 1/);
    expect(() => parseSecretKeys(Buffer.alloc(32).toString('base64'), 'S')).toThrow(/entry 1 must be id:base64key/);
    expect(() => parseSecretKeys(' , ', 'S')).toThrow(/lists no key/);
    try {
      parseSecretKeys(`${oldEntry},x:${oldEntry.split(':')[1]?.slice(0, 20)}`, 'S');
    } catch (error) {
      expect(String(error)).not.toContain(oldEntry.split(':')[1]?.slice(0, 20));
    }
  });
});
