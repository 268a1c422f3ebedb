import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface DkimKey {
  selector: string;
  /** PKCS#8 PEM, what the signer needs. */
  privateKeyPem: string;
  /** base64 of the DER SubjectPublicKeyInfo: the p= tag of the DKIM record (RFC 6376 3.6.1). */
  publicKeyBase64: string;
}

/**
 * A selector that changes at each rotation: `mw` + yyyymm + 4 random hex digits. The date tells people
 * how old a key is; the random part lets a domain rotate twice in one month (RFC 6376 3.1: selectors are labels).
 */
export function newDkimSelector(now = new Date()): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `mw${month}${randomBytes(2).toString('hex')}`;
}

/** A fresh RSA 2048 key pair (RFC 8301: at least 1024, 2048 recommended). Generated off the main thread. */
export async function generateDkimKey(now = new Date()): Promise<DkimKey> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { selector: newDkimSelector(now), privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}

/** The DKIM TXT record value the customer publishes at `<selector>._domainkey.<domain>`. */
export const dkimRecordValue = (publicKeyBase64: string) => `v=DKIM1; k=rsa; p=${publicKeyBase64}`;

/** Tags of a DKIM key record (RFC 6376 3.6.1: tag=value pairs separated by semicolons, whitespace ignored). */
export function parseDkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}
