import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-postgres.ts';
import { testDbKind } from '../test/test-db.ts';
import { type Db, openPglite, openPostgres } from './client.ts';
import { migrate, migrationVersions } from './migrate.ts';

const VERSIONS = await migrationVersions();

describe('migrate', () => {
  it('applies every file once and nothing on a second run', async () => {
    const db = await openPglite();
    try {
      expect(await migrate(db)).toHaveLength(VERSIONS.length);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

// Several server processes started together (compose, systemd) migrate one new PostgreSQL database at the same time.
if (testDbKind === 'postgres') {
  describe('migrate from several processes at once (PostgreSQL)', () => {
    it('each file runs exactly once, whoever runs it, and every process ends on the full schema', {
      timeout: 120_000,
    }, async () => {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) throw new Error('MW_TEST_DB=postgres needs TEST_DATABASE_URL');
      for (let round = 0; round < 3; round++) {
        const scratch = await createScratchDatabase(url, 'mw_migrate');
        const pools: Db[] = [];
        try {
          for (let i = 0; i < 5; i++) pools.push(await openPostgres(scratch.url, 3));
          const applied = await Promise.all(pools.map((db) => migrate(db)));
          // Between them the processes applied every file, none twice.
          expect(applied.flat().sort()).toEqual([...VERSIONS].sort());
          const [first] = pools;
          if (!first) throw new Error('no pool');
          const rows = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
          expect(rows[0]?.n).toBe(VERSIONS.length);
          for (const db of pools) expect(await migrate(db)).toEqual([]);
        } finally {
          for (const db of pools) await db.close();
          await scratch.drop();
        }
      }
    });
  });
}
