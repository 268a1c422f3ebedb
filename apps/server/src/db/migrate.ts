import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = join(SERVER_ROOT, 'src', 'db', 'migrations');
const MIGRATION_LOCK = 727_001;

/** Applies every migrations/NNNN_name.sql not yet applied, in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  // Several processes may start at once against PostgreSQL; the advisory lock makes them take turns.
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const done = new Set(
      (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const sql = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      });
      applied.push(version);
    }
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}
