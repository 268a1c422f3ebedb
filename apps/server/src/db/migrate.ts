import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = join(SERVER_ROOT, 'src', 'db', 'migrations');
const MIGRATION_LOCK = 727_001;

/** The migrations shipped with this build, in the order they apply: each file NNNN_name.sql, by its name. */
export async function migrationVersions(): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.+\.sql$/.test(name)).sort();
  return files.map((file) => file.replace(/\.sql$/, ''));
}

/**
 * Applies every migrations/NNNN_name.sql not yet applied, in order, each in its own transaction. Several processes
 * may start at once against PostgreSQL: each migration's transaction first takes a transaction-scoped advisory lock
 * and checks again whether another process applied it meanwhile, so they take turns and each file runs once. The
 * lock ends with its transaction on whichever pooled connection ran it (a session lock taken through a pool could be
 * released on another connection, or outlive the run on an idle one).
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.transaction(async (tx) => {
    // Two concurrent CREATE TABLE IF NOT EXISTS can still collide in the catalog: the lock makes them take turns too.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const versions = await migrationVersions();
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const version of versions) {
    if (done.has(version)) continue;
    const sql = await readFile(join(MIGRATIONS_DIR, `${version}.sql`), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if (await tx.maybeOne('SELECT 1 FROM schema_migrations WHERE version = $1', [version])) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (ran) applied.push(version);
  }
  return applied;
}
