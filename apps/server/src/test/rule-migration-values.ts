/**
 * A bounce-rules migration's own VALUES list (note, category, old_pattern, new_pattern) as a derived table, so a test
 * can put the rows back as the previous version left them before running the migration.
 */
export function ruleMigrationValues(sql: string, table: string): string {
  const start = sql.indexOf('VALUES', sql.indexOf(`INSERT INTO ${table}`));
  const end = sql.indexOf(';\n', start);
  return `SELECT * FROM (VALUES ${sql.slice(start + 'VALUES'.length, end)}) AS v0 (note, category, old_pattern, new_pattern)`;
}
