import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from '../session/passwords.ts';
import { findSmtpLogin, touchCredential } from './credentials.repo.ts';

export interface SmtpUser {
  customerId: number;
  domainId: number;
  domainName: string;
  /** 'verified' or 'unverified': intake refuses to send for an unverified domain. */
  domainState: string;
  credentialId: number;
}

// argon2id costs ~20 ms of CPU; a client opening many connections would spend most of it re-proving the same
// password. A success is remembered for a few minutes, keyed by a hash of login and password (never the password),
// and only while the stored hash is unchanged, so a reset or a deleted user stops working at once.
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;
const verified = new Map<string, { passwordHash: string; expiresAt: number }>();

const cacheKey = (login: string, password: string) =>
  createHash('sha256').update(login).update('\0').update(password).digest('hex');

function remember(key: string, passwordHash: string) {
  if (verified.size >= CACHE_MAX) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(key, { passwordHash, expiresAt: Date.now() + CACHE_TTL_MS });
}

/** SMTP AUTH (PLAIN/LOGIN): the credential's customer and domain, or null for an unknown login or a wrong password. */
export async function authenticateSmtpUser(db: Db, login: string, password: string): Promise<SmtpUser | null> {
  const normalized = login.trim().toLowerCase();
  const row = await findSmtpLogin(db, normalized);
  const key = cacheKey(normalized, password);
  const cached = verified.get(key);
  let ok = Boolean(row && cached && cached.expiresAt > Date.now() && cached.passwordHash === row.password_hash);
  if (!ok) {
    // Verifies against a dummy hash for an unknown login, so timing does not tell which logins exist.
    ok = await verifyPassword(row?.password_hash ?? null, password);
    if (ok && row) remember(key, row.password_hash);
    else verified.delete(key);
  }
  if (!ok || !row) return null;
  if (row.last_used_stale) await touchCredential(db, row.id);
  return {
    customerId: row.customer_id,
    domainId: row.domain_id,
    domainName: row.domain_name,
    domainState: row.domain_state,
    credentialId: row.id,
  };
}
