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
  const row = await findTokenForAuth(db, hashToken(token));
  if (!row) return null;
  if (!isIpAllowed(ip, row.cidrs)) return 'ip-denied';
  if (row.last_used_stale) await touchToken(db, row.id);
  return { customerId: row.customer_id, domainId: row.role === 'sending' ? row.domain_id : null, tokenId: row.id };
}
