import type { Db } from '../db/client.ts';

// PostgreSQL allows 65535 bind parameters per statement; stay well below it.
const MAX_PARAMS = 30_000;

/**
 * Multi-row INSERT with bind parameters: `INSERT INTO table (cols) VALUES ($1,$2),($3,$4)…`, split into chunks.
 * `casts` optionally types a column's placeholders (e.g. 'text[]') where PostgreSQL cannot infer them.
 */
export async function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  casts: Record<string, string> = {},
): Promise<void> {
  if (!rows.length) return;
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value, i) => {
        params.push(value);
        const cast = casts[columns[i] as string];
        return cast ? `$${params.length}::${cast}` : `$${params.length}`;
      });
      return `(${placeholders.join(',')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
  }
}

/** Allocates `count` ids from a table's identity sequence in one round trip. */
export async function allocateIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('${table}', 'id')) AS id FROM generate_series(1, $1)`,
    [count],
  );
  return rows.map((r) => r.id);
}
