import type { Db } from '../db/client.ts';

// PostgreSQL allows 65535 bind parameters per statement; stay well below it.
const MAX_PARAMS = 30_000;

/** Rows for one table: its columns, and `casts` to type a column's placeholders where PostgreSQL cannot infer them. */
export interface RowSet {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  casts?: Record<string, string>;
}

/** `INSERT INTO table (cols) VALUES ($n,…),(…)` for rows, numbering placeholders after `params` (which it fills). */
function insertSql(set: RowSet, rows: readonly (readonly unknown[])[], params: unknown[]): string {
  const tuples = rows.map((row) => {
    const placeholders = row.map((value, i) => {
      params.push(value);
      const cast = set.casts?.[set.columns[i] as string];
      return cast ? `$${params.length}::${cast}` : `$${params.length}`;
    });
    return `(${placeholders.join(',')})`;
  });
  return `INSERT INTO ${set.table} (${set.columns.join(',')}) VALUES ${tuples.join(',')}`;
}

/** Multi-row INSERT with bind parameters, split into chunks that stay below the parameter limit. */
export async function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  casts: Record<string, string> = {},
): Promise<void> {
  if (!rows.length) return;
  const set = { table, columns, rows, casts };
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const params: unknown[] = [];
    await db.query(insertSql(set, rows.slice(start, start + perChunk), params), params);
  }
}

/**
 * Inserts into several tables in one statement (data-modifying WITH clauses, one round trip; foreign keys between
 * them are checked at the end of the statement), or table by table when that would pass the parameter limit.
 */
export async function insertTogether(db: Db, sets: readonly RowSet[]): Promise<void> {
  const filled = sets.filter((s) => s.rows.length);
  const total = filled.reduce((n, s) => n + s.rows.length * s.columns.length, 0);
  if (filled.length < 2 || total > MAX_PARAMS) {
    for (const s of filled) await insertRows(db, s.table, s.columns, s.rows, s.casts);
    return;
  }
  const params: unknown[] = [];
  const parts = filled.map((s) => insertSql(s, s.rows, params));
  const last = parts.pop() as string;
  await db.query(`WITH ${parts.map((sql, i) => `w${i} AS (${sql})`).join(', ')} ${last}`, params);
}

const BLOCK = 1000;
const blocks = new WeakMap<Db, Map<string, number[]>>();

/**
 * `count` new ids from a table's identity sequence. Ids are taken from the sequence a block at a time and handed out
 * from memory, so a busy writer does not spend a round trip on them; ids left unused at exit are simply skipped.
 */
export async function takeIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  let perTable = blocks.get(db);
  if (!perTable) {
    perTable = new Map();
    blocks.set(db, perTable);
  }
  const free = perTable.get(table) ?? [];
  perTable.set(table, free);
  if (free.length < count) {
    const rows = await db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('${table}', 'id')) AS id FROM generate_series(1, $1::int)`,
      [Math.max(BLOCK, count - free.length)],
    );
    for (const row of rows) free.push(Number(row.id));
  }
  return free.splice(0, count);
}
