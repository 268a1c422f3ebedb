// A throwaway PostgreSQL database for one benchmark run, next to the one BENCH_DATABASE_URL names.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `mw_bench_<random>`; `drop()` removes it even while connections are still open. */
export async function createBenchDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `mw_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The benchmark's database: in-memory PGlite, or a throwaway PostgreSQL database (`--db postgres`); `drop()` ends it. */
export async function openBenchDb(kind: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind !== 'postgres') {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const created = await createBenchDatabase();
  const db = await openPostgres(created.url, 10);
  return {
    db,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}
