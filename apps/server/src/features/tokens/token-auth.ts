import { createHash } from 'node:crypto';
import { parseIpv4Range } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { hashToken } from '../../http/auth.ts';
import { looksLikeApiToken } from './token-secrets.ts';
import { findTokenForAuth, touchToken } from './tokens.repo.ts';

export interface SendingTokenUser {
  customerId: number;
  /** The one domain a sending token may send for; null for a primary token (any domain of the customer). */
  domainId: number | null;
  tokenId: number;
}

/** The IPv4 address of a client, also when it arrives IPv4-mapped (::ffff:192.0.2.1) on a dual-stack socket. */
function clientIpv4(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^\d+\.\d+\.\d+\.\d+$/.test(v4) ? v4 : null;
}

/** Whether `ip` falls in one of the allow-list entries; an empty list allows every address. */
export function isIpAllowed(ip: string, cidrs: readonly string[]): boolean {
  if (cidrs.length === 0) return true;
  const v4 = clientIpv4(ip);
  const address = v4 === null ? null : parseIpv4Range(v4);
  if (!address || 'error' in address) return false;
  return cidrs.some((cidr) => {
    const range = parseIpv4Range(cidr);
    return range !== null && !('error' in range) && address.first >= range.first && address.first <= range.last;
  });
}

// A sending client calls thousands of times a second with the same key: a successful check is reused for a few
// seconds, keyed by a hash of key and caller IP (never the key itself). This process forgets a key's entries at once
// when the key is revoked or its allow-list changes (forgetSendingToken); other processes within CACHE_MS
// (docs/sending.md, "Revoking a key").
export const SENDING_KEY_CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const recent = new Map<string, { user: SendingTokenUser; at: number }>();

/** Drops this process's cached checks of a key: a revoked key stops here at once. */
export function forgetSendingToken(tokenId: number) {
  for (const [key, entry] of recent) if (entry.user.tokenId === tokenId) recent.delete(key);
}

/**
 * The send API's key check: the customer (and domain, for a sending key) the key sends for; null for an unknown or
 * revoked key; 'ip-denied' when the key has an IP allow-list that does not hold `ip`.
 */
export async function authenticateSendingToken(
  db: Db,
  token: string,
  ip: string,
): Promise<SendingTokenUser | null | 'ip-denied'> {
  if (!looksLikeApiToken(token)) return null;
  const tokenHash = hashToken(token);
  const cacheKey = createHash('sha256').update(tokenHash).update('\0').update(ip).digest('base64');
  const hit = recent.get(cacheKey);
  if (hit && Date.now() - hit.at < SENDING_KEY_CACHE_MS) return hit.user;
  const row = await findTokenForAuth(db, tokenHash);
  if (!row) return null;
  if (!isIpAllowed(ip, row.cidrs)) return 'ip-denied';
  if (row.last_used_stale) await touchToken(db, row.id);
  const user = {
    customerId: row.customer_id,
    domainId: row.role === 'sending' ? row.domain_id : null,
    tokenId: row.id,
  };
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(cacheKey, { user, at: Date.now() });
  return user;
}
