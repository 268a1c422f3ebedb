import type { PatternListQuery } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/**
 * The three operator rule lists share one shape (pattern, note, enabled, position) plus their own columns, so one
 * repo serves them. System-wide data: no customer id (only MTA operators reach these routes).
 */
export type PatternTable = 'smtp_patterns' | 'dsn_patterns' | 'bounce_category_patterns';

/** The columns each list adds to the common ones; the only names ever spliced into SQL. */
export const LIST_COLUMNS: Record<PatternTable, readonly string[]> = {
  smtp_patterns: ['action', 'backoff_minutes'],
  dsn_patterns: ['status', 'action'],
  bounce_category_patterns: ['category', 'hard'],
};

export type PatternRow = {
  id: number;
  pattern: string;
  note: string;
  enabled: boolean;
  position: number;
  updated_at: Date | string;
} & Record<string, unknown>;

export type PatternWrite = { pattern: string; note: string; enabled: boolean; position?: number | undefined } & Record<
  string,
  unknown
>;

const SORTS: Record<string, string> = {
  position: 'position, id',
  pattern: 'lower(pattern), id',
  note: 'lower(note), id',
  enabled: 'enabled, position, id',
  updated_at: 'updated_at, id',
};

export async function listPatterns(db: Db, table: PatternTable, query: PatternListQuery) {
  const search = query.search ? `%${query.search.toLowerCase()}%` : null;
  const enabled = query.enabled === undefined ? null : query.enabled === 'true';
  const where = `($1::text IS NULL OR lower(pattern) LIKE $1 OR lower(note) LIKE $1) AND ($2::boolean IS NULL OR enabled = $2)`;
  const order = (SORTS[query.sort ?? 'position'] ?? SORTS.position ?? 'id')
    .split(', ')
    .map((column) => `${column} ${query.order === 'desc' ? 'DESC' : 'ASC'}`)
    .join(', ');
  const limit = query.limit === 0 ? 'ALL' : String(query.limit);
  const [items, count] = await Promise.all([
    db.query<PatternRow>(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET $3`, [
      search,
      enabled,
      query.skip,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [search, enabled]),
  ]);
  return { items, total: count.n };
}

export function findPattern(db: Db, table: PatternTable, id: number): Promise<PatternRow | undefined> {
  return db.maybeOne<PatternRow>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
}

/** Makes room at `position` (the rows there and after move down one), so a new or moved rule goes before them. */
async function openSlot(db: Db, table: PatternTable, position: number, exceptId: number) {
  await db.query(`UPDATE ${table} SET position = position + 1 WHERE position >= $1 AND id <> $2`, [position, exceptId]);
}

export async function insertPattern(db: Db, table: PatternTable, write: PatternWrite): Promise<PatternRow> {
  const extra = LIST_COLUMNS[table];
  return db.transaction(async (tx) => {
    let position = write.position;
    if (position === undefined) {
      position = (await tx.one<{ next: number }>(`SELECT COALESCE(max(position), 0) + 1 AS next FROM ${table}`)).next;
    } else {
      await openSlot(tx, table, position, 0);
    }
    const columns = ['pattern', 'note', 'enabled', 'position', ...extra];
    const values = [write.pattern, write.note, write.enabled, position, ...extra.map((c) => write[c] ?? null)];
    const placeholders = values.map((_, i) => `$${i + 1}`).join(', ');
    return tx.one<PatternRow>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING *`,
      values,
    );
  });
}

export async function updatePattern(db: Db, table: PatternTable, id: number, write: PatternWrite) {
  const extra = LIST_COLUMNS[table];
  return db.transaction(async (tx) => {
    const current = await tx.maybeOne<PatternRow>(`SELECT * FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    if (!current) return undefined;
    const position = write.position ?? current.position;
    if (position !== current.position) await openSlot(tx, table, position, id);
    const columns = ['pattern', 'note', 'enabled', 'position', ...extra];
    const values = [write.pattern, write.note, write.enabled, position, ...extra.map((c) => write[c] ?? null)];
    const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
    return tx.one<PatternRow>(`UPDATE ${table} SET ${sets}, updated_at = now() WHERE id = $1 RETURNING *`, [
      id,
      ...values,
    ]);
  });
}

export function setPatternEnabled(db: Db, table: PatternTable, id: number, enabled: boolean | undefined) {
  return db.maybeOne<PatternRow>(
    `UPDATE ${table} SET enabled = COALESCE($2::boolean, NOT enabled), updated_at = now() WHERE id = $1 RETURNING *`,
    [id, enabled ?? null],
  );
}

export async function deletePattern(db: Db, table: PatternTable, id: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
  return rows.length > 0;
}
