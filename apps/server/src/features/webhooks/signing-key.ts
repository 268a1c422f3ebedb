import type { Db } from '../../db/client.ts';
import { newTokenSecret } from '../tokens/token-secrets.ts';
import { findSigningKey, insertToken } from '../tokens/tokens.repo.ts';

/**
 * The customer's webhook signing key (tokens/signing), made on first use exactly as the tokens feature makes it on
 * first read: a customer may get a webhook before anyone opened the keys screen.
 */
export async function loadSigningKey(db: Db, cid: number): Promise<string> {
  const existing = await findSigningKey(db, cid);
  if (existing) return existing.secret;
  const secret = newTokenSecret('sign');
  try {
    await insertToken(db, cid, {
      role: 'sign',
      domainId: null,
      tokenHash: secret.tokenHash,
      prefix: secret.prefix,
      secret: secret.token,
      note: '',
    });
  } catch (error) {
    // Made at the same moment elsewhere (one key per customer: a partial unique index); use that one.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  const row = await findSigningKey(db, cid);
  if (!row) throw new Error(`No signing key for customer ${cid}`);
  return row.secret;
}
