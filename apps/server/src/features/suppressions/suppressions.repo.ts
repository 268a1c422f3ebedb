import type { Suppression, SuppressionListQuery, SuppressionType } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface SuppressionRow {
  id: number;
  customer_id: number | null;
  domain_id: number | null;
  recipient: string;
  type: SuppressionType;
  reason: string;
  category: string | null;
  source: string;
  created_at: Date;
  expires_at: Date | null;
}

export const toSuppression = (row: SuppressionRow): Suppression => ({
  sid: row.id,
  recipient: row.recipient,
  type: row.type,
  reason: row.reason,
  category: row.category,
  source: row.source,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
});

/** An expired soft-bounce entry no longer suppresses; it is left for the next write to the same key to clear. */
export const LIVE = '(s.expires_at IS NULL OR s.expires_at > now())';

/** The scope of a list: one domain of a customer, or the operators' global list (customer NULL). */
export type ListScope = { cid: number; did: number } | 'global';

function scopeWhere(scope: ListScope, first: number): { sql: string; params: unknown[] } {
  if (scope === 'global') return { sql: 's.customer_id IS NULL', params: [] };
  return { sql: `s.customer_id = $${first} AND s.domain_id = $${first + 1}`, params: [scope.cid, scope.did] };
}

const SORTS: Record<string, string> = { created_at: 's.created_at', recipient: 's.recipient', type: 's.type' };

export async function listSuppressions(
  db: Db,
  scope: ListScope,
  type: SuppressionType | undefined,
  query: SuppressionListQuery,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const where = scopeWhere(scope, 3);
  // % and _ typed by a person are literal characters, not LIKE wildcards.
  const search = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const filter = `${where.sql} AND ($1::text IS NULL OR s.type = $1) AND ($2::text IS NULL OR s.recipient LIKE $2) AND ${LIVE}`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = `ORDER BY ${SORTS[query.sort ?? 'created_at'] ?? 's.created_at'} ${direction}, s.id ${direction}`;
  const limit = query.limit === 0 ? 'ALL' : String(query.limit);
  const params = [type ?? null, search, ...where.params];
  const [rows, count] = await Promise.all([
    db.query<SuppressionRow>(
      `SELECT s.* FROM suppressions s WHERE ${filter} ${orderBy} LIMIT ${limit} OFFSET ${Number(query.skip)}`,
      params,
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM suppressions s WHERE ${filter}`, params),
  ]);
  return { rows, total: count.n };
}

export function findLiveSuppression(
  db: Db,
  scope: ListScope,
  type: SuppressionType,
  recipient: string,
): Promise<SuppressionRow | undefined> {
  const where = scopeWhere(scope, 3);
  return db.maybeOne<SuppressionRow>(
    `SELECT s.* FROM suppressions s WHERE ${where.sql} AND s.type = $1 AND s.recipient = $2 AND ${LIVE}`,
    [type, recipient, ...where.params],
  );
}

export interface SuppressionInsert {
  recipient: string;
  type: SuppressionType;
  reason: string;
  category?: string | null;
  source: 'api' | 'upload' | 'auto';
}

/** Adds an entry; expired entries of the same key go first, so a list holds one row per recipient and type. */
export async function insertSuppression(db: Db, scope: ListScope, input: SuppressionInsert): Promise<SuppressionRow> {
  const cid = scope === 'global' ? null : scope.cid;
  const did = scope === 'global' ? null : scope.did;
  await db.query(
    `DELETE FROM suppressions s WHERE s.customer_id IS NOT DISTINCT FROM $1 AND s.domain_id IS NOT DISTINCT FROM $2
        AND s.type = $3 AND s.recipient = $4 AND NOT ${LIVE}`,
    [cid, did, input.type, input.recipient],
  );
  return db.one<SuppressionRow>(
    `INSERT INTO suppressions (customer_id, domain_id, recipient, type, reason, category, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [cid, did, input.recipient, input.type, input.reason, input.category ?? null, input.source],
  );
}

/** Deletes by sid or by recipient within a scope (and type, unless null: the global list deletes every type). */
export async function deleteSuppressions(
  db: Db,
  scope: ListScope,
  type: SuppressionType | null,
  by: { sid?: number | undefined; recipient?: string | undefined },
): Promise<number> {
  const where = scopeWhere(scope, 4);
  const rows = await db.query<{ id: number }>(
    `DELETE FROM suppressions s WHERE ${where.sql} AND ($1::text IS NULL OR s.type = $1)
        AND ($2::int IS NULL OR s.id = $2) AND ($3::text IS NULL OR s.recipient = $3) RETURNING s.id`,
    [type, by.sid ?? null, by.recipient ?? null, ...where.params],
  );
  return rows.length;
}

/** Every live entry that applies to a recipient of a customer's domain: the domain's, customer-wide and global. */
export function findApplyingSuppressions(
  db: Db,
  cid: number,
  did: number,
  recipient: string,
): Promise<(SuppressionRow & { scope: 'domain' | 'customer' | 'global' })[]> {
  return db.query(
    `SELECT s.*, CASE WHEN s.customer_id IS NULL THEN 'global' WHEN s.domain_id IS NULL THEN 'customer' ELSE 'domain' END
              AS scope
       FROM suppressions s
      WHERE s.recipient = $3 AND ${LIVE}
        AND ((s.customer_id = $1 AND (s.domain_id IS NULL OR s.domain_id = $2)) OR s.customer_id IS NULL)
      ORDER BY s.created_at DESC, s.id DESC`,
    [cid, did, recipient],
  );
}
