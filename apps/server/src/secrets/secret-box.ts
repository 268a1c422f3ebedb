import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type SecretKeyRing, secretKeys } from './secret-keys.ts';

/**
 * Secrets at rest: AES-256-GCM (NIST SP 800-38D) under a key kept outside the database, one random 96-bit nonce per
 * value. Stored as `enc:v1:<key id>:<nonce>:<ciphertext and 16-byte tag>` (base64url). The additional authenticated
 * data binds the value to its place (`purpose`, e.g. `users.totp_secret:42`): a value copied to another row or column
 * does not open. Random nonces are safe for up to 2^32 values per key (SP 800-38D 8.3), far above what is stored here.
 */
const PREFIX = 'enc:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretError extends Error {}

const aad = (keyId: string, purpose: string) => Buffer.from(`${PREFIX}${keyId}:${purpose}`, 'utf8');

export function sealSecret(plaintext: string, purpose: string, ring: SecretKeyRing = secretKeys()): string {
  const { id, key } = ring.current;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(id, purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${id}:${nonce.toString('base64url')}:${body.toString('base64url')}`;
}

/** Whether a stored value is sealed (any version); everything else is plaintext from before encryption. */
export const isSealed = (stored: string) => stored.startsWith('enc:');

/** The id of the key that sealed a stored value, or null for plaintext. */
export function sealedKeyId(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  return stored.slice(PREFIX.length, stored.indexOf(':', PREFIX.length));
}

/**
 * The plaintext of a sealed value. Fails closed: plaintext, an unknown key, a wrong purpose or any altered byte
 * throws (start-up encrypts every stored plaintext before the server serves, so none is expected here).
 */
export function openSecret(stored: string, purpose: string, ring: SecretKeyRing = secretKeys()): string {
  if (!stored.startsWith(PREFIX)) throw new SecretError(`The secret of ${purpose} is not encrypted`);
  const [keyId = '', nonceText = '', bodyText = '', ...rest] = stored.slice(PREFIX.length).split(':');
  const entry = ring.byId.get(keyId);
  if (!entry) {
    throw new SecretError(
      `The secret of ${purpose} was sealed with key "${keyId}", which ${ring.source} does not list`,
    );
  }
  const nonce = Buffer.from(nonceText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (rest.length || nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) {
    throw new SecretError(`The secret of ${purpose} is malformed`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(keyId, purpose));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretError(`The secret of ${purpose} does not open: altered, or moved from another row`);
  }
}
