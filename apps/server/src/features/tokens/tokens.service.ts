import { ADMIN_ALLOWED, deniedMessage, hasAccess, parseIpv4Range, type TokenIpInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { forgetSendingToken } from './token-auth.ts';
import { newTokenSecret } from './token-secrets.ts';
import * as repo from './tokens.repo.ts';

const TOKEN_NOT_FOUND = 'API key not found';

async function requireToken(deps: Deps, cid: number, tid: number) {
  const row = await repo.findApiToken(deps.db, cid, tid);
  if (!row) throw notFound(TOKEN_NOT_FOUND);
  return row;
}

export async function listTokens(deps: Deps, auth: AuthContext, role: 'primary' | 'sending') {
  const rows = await repo.listTokens(deps.db, auth.cid, role);
  return { items: rows.map(repo.toToken), total_count: rows.length };
}

export async function listDomainTokens(deps: Deps, auth: AuthContext, did: number) {
  await requireDomain(deps, auth.cid, did);
  const rows = await repo.listTokens(deps.db, auth.cid, 'sending', did);
  return { items: rows.map(repo.toToken), total_count: rows.length };
}

/** A primary key (domainId null) or a domain's sending key; the secret is answered here and never again. */
export async function createToken(
  deps: Deps,
  auth: AuthContext,
  role: 'primary' | 'sending',
  note: string,
  did?: number,
) {
  if (did !== undefined) await requireDomain(deps, auth.cid, did);
  const secret = newTokenSecret(role);
  const tid = await repo.insertToken(deps.db, auth.cid, {
    role,
    domainId: did ?? null,
    tokenHash: secret.tokenHash,
    prefix: secret.prefix,
    secret: null,
    note,
  });
  return { ...repo.toToken(await requireToken(deps, auth.cid, tid)), token: secret.token };
}

/**
 * Primary keys are the customer's own admin's to change, as to create (spec 5, admin-allowed): revoking one or its IP
 * ranges (a range that shuts the account's programs out is as good as a revocation); sending keys not.
 */
async function requireChangeableToken(deps: Deps, auth: AuthContext, tid: number) {
  const token = await requireToken(deps, auth.cid, tid);
  if (token.role === 'primary' && !hasAccess(auth, ADMIN_ALLOWED)) throw forbidden(deniedMessage(ADMIN_ALLOWED));
  return token;
}

export async function revokeToken(deps: Deps, auth: AuthContext, tid: number) {
  await requireChangeableToken(deps, auth, tid);
  if (!(await repo.revokeToken(deps.db, auth.cid, tid))) throw notFound(TOKEN_NOT_FOUND);
  forgetSendingToken(tid);
  return { message: 'API key deleted' };
}

function toSigningKey(row: repo.SigningKeyRow) {
  return {
    id: row.id,
    role: 'sign' as const,
    note: row.note,
    token: row.secret,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The webhook signing key, made on first read; one per customer (a partial unique index keeps it so). */
export async function getSigningKey(deps: Deps, auth: AuthContext) {
  const existing = await repo.findSigningKey(deps.db, auth.cid);
  if (existing) return toSigningKey(existing);
  const secret = newTokenSecret('sign');
  const row = { tokenHash: secret.tokenHash, prefix: secret.prefix, secret: secret.token, note: '' };
  try {
    await repo.insertToken(deps.db, auth.cid, { ...row, role: 'sign', domainId: null });
  } catch (error) {
    // Two first reads at once: the other one made the key; both answer it.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  return toSigningKey((await repo.findSigningKey(deps.db, auth.cid)) as repo.SigningKeyRow);
}

export async function rotateSigningKey(deps: Deps, auth: AuthContext, note: string | undefined) {
  await getSigningKey(deps, auth);
  const secret = newTokenSecret('sign');
  await repo.replaceSigningKey(deps.db, auth.cid, {
    tokenHash: secret.tokenHash,
    prefix: secret.prefix,
    secret: secret.token,
    note,
  });
  return toSigningKey((await repo.findSigningKey(deps.db, auth.cid)) as repo.SigningKeyRow);
}

function toTokenIp(row: repo.TokenIpRow) {
  const range = parseIpv4Range(row.cidr);
  return {
    tipid: row.id,
    tid: row.token_id,
    ipv4: row.cidr,
    ip4_ranges: range && !('error' in range) ? [range.cidr] : [],
    note: row.note,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listTokenIps(deps: Deps, auth: AuthContext, tid: number) {
  await requireToken(deps, auth.cid, tid);
  const rows = await repo.listTokenIps(deps.db, auth.cid, tid);
  return { items: rows.map(toTokenIp), total_count: rows.length };
}

export async function addTokenIp(deps: Deps, auth: AuthContext, tid: number, input: TokenIpInput) {
  await requireChangeableToken(deps, auth, tid);
  // Stored in one spelling (an address without /32, a block by its network) so duplicates are found.
  const range = parseIpv4Range(input.ipv4);
  if (!range || 'error' in range) throw fieldError('ipv4', 'Enter an IPv4 address or range');
  const entry = range.cidr.endsWith('/32') ? range.cidr.slice(0, -3) : range.cidr;
  const row = await repo.insertTokenIp(deps.db, tid, entry, input.note);
  if (!row) throw fieldError('ipv4', 'This address is already on the list');
  forgetSendingToken(tid);
  return toTokenIp(row);
}

export async function removeTokenIp(deps: Deps, auth: AuthContext, tid: number, entryId: number) {
  await requireChangeableToken(deps, auth, tid);
  if (!(await repo.deleteTokenIp(deps.db, auth.cid, tid, entryId))) throw notFound('IP entry not found');
  forgetSendingToken(tid);
  return { message: 'IP entry deleted' };
}
