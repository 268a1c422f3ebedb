import type { Credential } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface CredentialRow {
  id: number;
  customer_id: number;
  domain_id: number;
  login: string;
  note: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, customer_id, domain_id, login, note, created_at, last_used_at';

export function toCredential(row: CredentialRow): Credential {
  return {
    crid: row.id,
    did: row.domain_id,
    login: row.login,
    note: row.note,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export function listDomainCredentials(db: Db, cid: number, did: number): Promise<CredentialRow[]> {
  return db.query<CredentialRow>(
    `SELECT ${COLUMNS} FROM smtp_credentials WHERE customer_id = $1 AND domain_id = $2 ORDER BY login`,
    [cid, did],
  );
}

export function findCredential(db: Db, cid: number, did: number, crid: number): Promise<CredentialRow | undefined> {
  return db.maybeOne<CredentialRow>(
    `SELECT ${COLUMNS} FROM smtp_credentials WHERE customer_id = $1 AND domain_id = $2 AND id = $3`,
    [cid, did, crid],
  );
}

export async function isLoginTaken(db: Db, login: string): Promise<boolean> {
  return Boolean(await db.maybeOne('SELECT 1 FROM smtp_credentials WHERE login = $1', [login]));
}

export async function insertCredential(
  db: Db,
  cid: number,
  did: number,
  input: { login: string; passwordHash: string; note: string },
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO smtp_credentials (customer_id, domain_id, login, password_hash, note)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [cid, did, input.login, input.passwordHash, input.note],
  );
  return row.id;
}

export async function updateCredential(
  db: Db,
  cid: number,
  crid: number,
  input: { passwordHash: string | null; note?: string | undefined },
) {
  // A null hash keeps the password: only an explicit reset replaces it.
  await db.query(
    `UPDATE smtp_credentials SET password_hash = coalesce($3, password_hash), note = coalesce($4, note)
      WHERE customer_id = $1 AND id = $2`,
    [cid, crid, input.passwordHash, input.note ?? null],
  );
}

export async function deleteCredential(db: Db, cid: number, crid: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM smtp_credentials WHERE customer_id = $1 AND id = $2 RETURNING id', [
    cid,
    crid,
  ]);
  return rows.length > 0;
}

/** What SMTP AUTH needs about a login: the hash to verify and the domain it may send for. */
export interface SmtpLoginRow {
  id: number;
  customer_id: number;
  domain_id: number;
  domain_name: string;
  domain_state: string;
  password_hash: string;
  last_used_stale: boolean;
}

export function findSmtpLogin(db: Db, login: string): Promise<SmtpLoginRow | undefined> {
  return db.maybeOne<SmtpLoginRow>(
    `SELECT s.id, s.customer_id, s.domain_id, d.name AS domain_name, d.state AS domain_state, s.password_hash,
            (s.last_used_at IS NULL OR s.last_used_at < now() - interval '1 minute') AS last_used_stale
       FROM smtp_credentials s JOIN domains d ON d.id = s.domain_id
      WHERE s.login = $1`,
    [login],
  );
}

export async function touchCredential(db: Db, crid: number) {
  await db.query('UPDATE smtp_credentials SET last_used_at = now() WHERE id = $1', [crid]);
}
