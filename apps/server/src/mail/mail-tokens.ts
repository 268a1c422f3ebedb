import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { openColumn, sealColumn } from '../secrets/secret-columns.ts';

/**
 * The key that signs VERP addresses and unsubscribe links, so neither can be forged. Generated once and stored in
 * the database (sealed with the installation's secret key), so every process signs and checks with the same key.
 */
export async function loadMailSecret(db: Db): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'mail',
    sealColumn('server_secrets.value', 'mail', randomBytes(32).toString('base64')),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', ['mail']);
  return Buffer.from(openColumn('server_secrets.value', 'mail', row.value), 'base64');
}

// An HMAC keyed with a KeyObject skips importing the key each time (~12 µs of the ~14 a token costs).
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyOf(secret: Buffer): KeyObject {
  let key = keyObjects.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keyObjects.set(secret, key);
  }
  return key;
}

const mac = (secret: Buffer, data: string, length: number) =>
  createHmac('sha256', keyOf(secret)).update(data).digest('base64url').slice(0, length).toLowerCase();

/**
 * VERP return path (RFC 5321 4.1.2 local part, "Variable Envelope Return Path"): one envelope sender per recipient,
 * `b-<recipient id>-<mac>@<bounce host>`, so a bounce names the recipient it is about even when the DSN does not.
 * Lowercase only: some MTAs lowercase local parts.
 */
export function verpAddress(secret: Buffer, recipientId: number, bounceHost: string): string {
  const id = recipientId.toString(36);
  return `b-${id}-${mac(secret, `verp:${id}`, 10)}@${bounceHost}`;
}

/** The recipient id a VERP address stands for, or null when the address is not one of ours or was tampered with. */
export function parseVerpAddress(secret: Buffer, address: string): number | null {
  const match = address.toLowerCase().match(/^b-([0-9a-z]+)-([0-9a-z_-]{10})@/);
  if (!match) return null;
  const [, id, given] = match as unknown as [string, string, string];
  const expected = mac(secret, `verp:${id}`, 10);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return Number.parseInt(id, 36);
}

export interface UnsubscribeClaim {
  domainId: number;
  recipient: string;
  /** The Message-ID header (without angle brackets) of the message the link came in. */
  messageId: string;
}

/** A signed token for List-Unsubscribe links (RFC 8058): who unsubscribes from which domain, from which message. */
export function unsubscribeToken(secret: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.domainId, claim.recipient, claim.messageId])).toString('base64url');
  return `${payload}.${mac(secret, `unsub:${payload}`, 22)}`;
}

export function readUnsubscribeToken(secret: Buffer, token: string): UnsubscribeClaim | null {
  const [payload, given] = token.split('.');
  if (!payload || !given) return null;
  const expected = mac(secret, `unsub:${payload}`, 22);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  try {
    const [domainId, recipient, messageId] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [
      number,
      string,
      string,
    ];
    return { domainId, recipient, messageId };
  } catch {
    return null;
  }
}
