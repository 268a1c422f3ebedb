// A throwaway PostgreSQL database for one benchmark run, next to the one BENCH_DATABASE_URL names.
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-postgres.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates `mw_bench_<random>`; `drop()` removes it even while connections are still open. */
export function createBenchDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  return createScratchDatabase(BENCH_PG_URL, 'mw_bench');
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
