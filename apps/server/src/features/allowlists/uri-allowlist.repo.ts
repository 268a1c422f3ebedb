import type { UriAllowEntry, UriListQuery, UriWrite } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface UriAllowRow {
  id: number;
  customer_id: number;
  uri: string;
  note: string;
  created_at: Date;
  updated_at: Date;
}

export const toUriAllowEntry = (row: UriAllowRow): UriAllowEntry => ({
  upid: row.id,
  uri: row.uri,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const SORTS: Record<string, string> = { uri: 'uri', note: 'lower(note)', created_at: 'created_at' };

export async function listUriAllowlist(db: Db, cid: number, page: UriListQuery) {
  const search = page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = 'customer_id = $1 AND ($2::text IS NULL OR uri LIKE $2 OR lower(note) LIKE $2)';
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORTS[page.sort ?? 'uri'] ?? 'uri'} ${direction}, id ${direction}`;
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<UriAllowRow>(
      `SELECT * FROM uri_allowlist WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${Number(page.skip)}`,
      [cid, search],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM uri_allowlist WHERE ${where}`, [cid, search]),
  ]);
  return { rows, total: count.n };
}

export function insertUriAllow(db: Db, cid: number, write: UriWrite) {
  return db.one<UriAllowRow>('INSERT INTO uri_allowlist (customer_id, uri, note) VALUES ($1, $2, $3) RETURNING *', [
    cid,
    write.uri,
    write.note,
  ]);
}

export function updateUriAllow(db: Db, cid: number, id: number, write: UriWrite) {
  return db.maybeOne<UriAllowRow>(
    'UPDATE uri_allowlist SET uri = $3, note = $4, updated_at = now() WHERE customer_id = $1 AND id = $2 RETURNING *',
    [cid, id, write.uri, write.note],
  );
}

export async function deleteUriAllow(db: Db, cid: number, id: number): Promise<boolean> {
  return (
    (await db.query('DELETE FROM uri_allowlist WHERE customer_id = $1 AND id = $2 RETURNING id', [cid, id])).length > 0
  );
}

/** Every allowed host of a customer (the intake check reads them together with the blocklist). */
export async function allowedUris(db: Db, cid: number): Promise<string[]> {
  return (await db.query<{ uri: string }>('SELECT uri FROM uri_allowlist WHERE customer_id = $1', [cid])).map(
    (r) => r.uri,
  );
}
