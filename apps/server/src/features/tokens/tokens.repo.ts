import type { Token, TokenRole } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { openColumn, sealColumn } from '../../secrets/secret-columns.ts';

export interface TokenRow {
  id: number;
  customer_id: number;
  domain_id: number | null;
  domain_name: string | null;
  role: TokenRole;
  prefix: string;
  note: string;
  created_at: Date;
  last_used_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toToken(row: TokenRow): Token {
  return {
    id: row.id,
    role: row.role,
    note: row.note,
    prefix: row.prefix,
    did: row.domain_id,
    domain: row.domain_name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: iso(row.last_used_at),
  };
}

const SELECT_TOKEN = `SELECT t.id, t.customer_id, t.domain_id, d.name AS domain_name, t.role, t.prefix, t.note,
  t.created_at, t.last_used_at FROM api_tokens t LEFT JOIN domains d ON d.id = t.domain_id`;

/** Live (not revoked) keys of a role; with a domain id, only that domain's. */
export function listTokens(db: Db, cid: number, role: 'primary' | 'sending', did?: number): Promise<TokenRow[]> {
  return db.query<TokenRow>(
    `${SELECT_TOKEN} WHERE t.customer_id = $1 AND t.role = $2 AND t.revoked_at IS NULL
        AND ($3::int IS NULL OR t.domain_id = $3) ORDER BY t.created_at DESC, t.id DESC`,
    [cid, role, did ?? null],
  );
}

/** A live primary or sending key of the customer (the signing key is managed through tokens/signing). */
export function findApiToken(db: Db, cid: number, tid: number): Promise<TokenRow | undefined> {
  return db.maybeOne<TokenRow>(
    `${SELECT_TOKEN} WHERE t.customer_id = $1 AND t.id = $2 AND t.revoked_at IS NULL AND t.role <> 'sign'`,
    [cid, tid],
  );
}

export async function insertToken(
  db: Db,
  cid: number,
  input: {
    role: TokenRole;
    domainId: number | null;
    tokenHash: string;
    prefix: string;
    secret: string | null;
    note: string;
  },
): Promise<number> {
  // The id is taken first: the signing key's secret is stored sealed to it (docs/security.md).
  const { id } = await db.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('api_tokens', 'id'))::int AS id");
  const secret = input.secret === null ? null : sealColumn('api_tokens.secret', id, input.secret);
  await db.query(
    `INSERT INTO api_tokens (id, customer_id, domain_id, role, token_hash, prefix, secret, note)
     OVERRIDING SYSTEM VALUE VALUES ($8, $1, $2, $3, $4, $5, $6, $7)`,
    [cid, input.domainId, input.role, input.tokenHash, input.prefix, secret, input.note, id],
  );
  return id;
}

export async function revokeToken(db: Db, cid: number, tid: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE api_tokens SET revoked_at = now()
      WHERE customer_id = $1 AND id = $2 AND revoked_at IS NULL AND role <> 'sign' RETURNING id`,
    [cid, tid],
  );
  return rows.length > 0;
}

export interface SigningKeyRow {
  id: number;
  note: string;
  secret: string;
  created_at: Date;
}

/** The customer's webhook signing key, opened: webhooks are HMAC-signed with it. */
export async function findSigningKey(db: Db, cid: number): Promise<SigningKeyRow | undefined> {
  const row = await db.maybeOne<SigningKeyRow>(
    `SELECT id, note, secret, created_at FROM api_tokens WHERE customer_id = $1 AND role = 'sign' AND revoked_at IS NULL`,
    [cid],
  );
  return row && { ...row, secret: openColumn('api_tokens.secret', row.id, row.secret) };
}

/** Replaces the key in place (same id); the old one stops verifying at once. */
export async function replaceSigningKey(
  db: Db,
  cid: number,
  input: { tokenHash: string; prefix: string; secret: string; note?: string | undefined },
) {
  const current = await db.maybeOne<{ id: number }>(
    "SELECT id FROM api_tokens WHERE customer_id = $1 AND role = 'sign' AND revoked_at IS NULL",
    [cid],
  );
  if (!current) return;
  await db.query(
    `UPDATE api_tokens SET token_hash = $2, prefix = $3, secret = $4, note = coalesce($5, note), created_at = now()
      WHERE id = $1`,
    [
      current.id,
      input.tokenHash,
      input.prefix,
      sealColumn('api_tokens.secret', current.id, input.secret),
      input.note ?? null,
    ],
  );
}

export interface TokenIpRow {
  id: number;
  token_id: number;
  cidr: string;
  note: string;
  created_at: Date;
}

export function listTokenIps(db: Db, cid: number, tid: number): Promise<TokenIpRow[]> {
  return db.query<TokenIpRow>(
    `SELECT i.id, i.token_id, i.cidr, i.note, i.created_at FROM token_ips i JOIN api_tokens t ON t.id = i.token_id
      WHERE t.customer_id = $1 AND i.token_id = $2 ORDER BY i.id`,
    [cid, tid],
  );
}

/** Adds an entry; undefined when the token already lists this address or block. */
export function insertTokenIp(db: Db, tid: number, cidr: string, note: string): Promise<TokenIpRow | undefined> {
  return db.maybeOne<TokenIpRow>(
    `INSERT INTO token_ips (token_id, cidr, note) VALUES ($1, $2, $3)
     ON CONFLICT (token_id, cidr) DO NOTHING RETURNING id, token_id, cidr, note, created_at`,
    [tid, cidr, note],
  );
}

export async function deleteTokenIp(db: Db, cid: number, tid: number, entryId: number): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM token_ips i USING api_tokens t
      WHERE t.id = i.token_id AND t.customer_id = $1 AND i.token_id = $2 AND i.id = $3 RETURNING i.id`,
    [cid, tid, entryId],
  );
  return rows.length > 0;
}

/** What the send API needs about a presented token. */
export interface TokenAuthRow {
  id: number;
  customer_id: number;
  domain_id: number | null;
  role: 'primary' | 'sending';
  cidrs: string[];
  last_used_stale: boolean;
}

export function findTokenForAuth(db: Db, tokenHash: string): Promise<TokenAuthRow | undefined> {
  return db.maybeOne<TokenAuthRow>(
    `SELECT t.id, t.customer_id, t.domain_id, t.role,
            coalesce((SELECT array_agg(i.cidr) FROM token_ips i WHERE i.token_id = t.id), '{}') AS cidrs,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS last_used_stale
       FROM api_tokens t
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.role IN ('primary', 'sending')`,
    [tokenHash],
  );
}

export async function touchToken(db: Db, tid: number) {
  await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [tid]);
}
