import type { Db } from '../db/client.ts';

export type RuleRow = { pattern: string; category: string; note: string; enabled: boolean; position: number };

/**
 * A bounce-rules migration's own VALUES list (note, category, old_pattern, new_pattern) as a derived table, so a test
 * can put the rows back as the previous version left them before running the migration.
 */
export function ruleMigrationValues(sql: string, table: string): string {
  const start = sql.indexOf('VALUES', sql.indexOf(`INSERT INTO ${table}`));
  const end = sql.indexOf(';\n', start);
  return `SELECT * FROM (VALUES ${sql.slice(start + 'VALUES'.length, end)}) AS v0 (note, category, old_pattern, new_pattern)`;
}

/**
 * Runs bounce-rules migrations on a list `rewind` has put back as an earlier version left it (with whatever operator
 * edits the test makes), in a transaction that is rolled back so the file's database stays as the migrations made it.
 * Answers the list afterwards, in order, and the pattern the `watched` rule (if named) had before the migrations ran.
 */
export async function rulesAfterMigrations(
  db: Db,
  rewind: (tx: Db) => Promise<void>,
  migrations: readonly string[],
  watched?: string,
): Promise<{ rows: RuleRow[]; before?: string }> {
  type Rollback = Error & { outcome?: { rows: RuleRow[]; before?: string } };
  return db
    .transaction(async (tx) => {
      await rewind(tx);
      const before = watched
        ? (await tx.one<{ pattern: string }>('SELECT pattern FROM bounce_category_patterns WHERE note = $1', [watched]))
            .pattern
        : undefined;
      for (const sql of migrations) await tx.exec(sql);
      const rows = await tx.query<RuleRow>(
        'SELECT pattern, category, note, enabled, position FROM bounce_category_patterns ORDER BY position, id',
      );
      throw Object.assign(new Error('rollback'), { outcome: { rows, ...(before === undefined ? {} : { before }) } });
    })
    .catch((error: Rollback) => {
      if (!error.outcome) throw error;
      return error.outcome;
    });
}
