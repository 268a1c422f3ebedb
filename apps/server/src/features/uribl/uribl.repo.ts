import type { UriBlockEntry, UriBlockWrite, UriListQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/** The operators' URI blocklist: system-wide, no customer id (only superadmins reach these routes). */
export interface UriBlockRow {
  id: number;
  uri: string;
  note: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toUriBlockEntry = (row: UriBlockRow): UriBlockEntry => ({
  ubid: row.id,
  uri: row.uri,
  note: row.note,
  enabled: row.enabled,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const SORTS: Record<string, string> = {
  uri: 'uri',
  note: 'lower(note)',
  enabled: 'enabled',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

export async function listUriBlocklist(db: Db, page: UriListQuery & { enabled?: 'true' | 'false' | undefined }) {
  const search = page.search ? `%${page.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const enabled = page.enabled === undefined ? null : page.enabled === 'true';
  const where = '($1::text IS NULL OR uri LIKE $1 OR lower(note) LIKE $1) AND ($2::boolean IS NULL OR enabled = $2)';
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = `ORDER BY ${SORTS[page.sort ?? 'uri'] ?? 'uri'} ${direction}, id ${direction}`;
  const limit = page.limit === 0 ? 'ALL' : String(page.limit);
  const [rows, count] = await Promise.all([
    db.query<UriBlockRow>(
      `SELECT * FROM uri_blocklist WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${Number(page.skip)}`,
      [search, enabled],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM uri_blocklist WHERE ${where}`, [search, enabled]),
  ]);
  return { rows, total: count.n };
}

export function findUriBlock(db: Db, id: number) {
  return db.maybeOne<UriBlockRow>('SELECT * FROM uri_blocklist WHERE id = $1', [id]);
}

export function insertUriBlock(db: Db, write: UriBlockWrite) {
  return db.one<UriBlockRow>('INSERT INTO uri_blocklist (uri, note, enabled) VALUES ($1, $2, $3) RETURNING *', [
    write.uri,
    write.note,
    write.enabled,
  ]);
}

export function updateUriBlock(db: Db, id: number, write: UriBlockWrite) {
  return db.maybeOne<UriBlockRow>(
    'UPDATE uri_blocklist SET uri = $2, note = $3, enabled = $4, updated_at = now() WHERE id = $1 RETURNING *',
    [id, write.uri, write.note, write.enabled],
  );
}

/** Sets enabled, or flips it when `enabled` is undefined. */
export function toggleUriBlock(db: Db, id: number, enabled: boolean | undefined) {
  return db.maybeOne<UriBlockRow>(
    `UPDATE uri_blocklist SET enabled = coalesce($2::boolean, NOT enabled), updated_at = now() WHERE id = $1
     RETURNING *`,
    [id, enabled ?? null],
  );
}

export async function deleteUriBlock(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM uri_blocklist WHERE id = $1 RETURNING id', [id])).length > 0;
}
