import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { authenticateSendingToken, type SendingTokenUser } from '../tokens/token-auth.ts';

/**
 * The key of a send API call: `Authorization: Bearer <key>` (native, SendGrid) or Basic with user `api` and the key
 * as password (Mailgun's scheme; any user name is accepted, as Mailgun does).
 */
export function sendingKeyOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const bearer = authorization.match(/^Bearer\s+(\S+)$/i);
  if (bearer) return bearer[1] ?? null;
  const basic = authorization.match(/^Basic\s+(\S+)$/i);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** Authenticates a send API call: 401 without a valid key, 403 when the key's IP allow-list does not hold the caller. */
export async function authenticateSender(
  deps: Deps,
  authorization: string | undefined,
  ip: string,
): Promise<SendingTokenUser> {
  const key = sendingKeyOf(authorization);
  if (!key) throw new HttpError(401, 'Missing or invalid API key');
  // Cached for a few seconds per key and IP (token-auth.ts); a revoked key stops at once in this process.
  const user = await authenticateSendingToken(deps.db, key, ip);
  if (user === 'ip-denied') throw new HttpError(403, 'This API key may not be used from this IP address');
  if (!user) throw new HttpError(401, 'Missing or invalid API key');
  return user;
}
