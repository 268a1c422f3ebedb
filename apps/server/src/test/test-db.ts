import { type Db, openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { installSecretKeys, newSecretKeyEntry, parseSecretKeys } from '../secrets/secret-keys.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

/** Which database this test run uses: the vitest project sets MW_TEST_DB (pglite, or postgres with TEST_DATABASE_URL). */
export const testDbKind = process.env.MW_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

// Secrets at rest are sealed with one key made for this test process (a server loads its own keys at start).
const testSecretKeys = parseSecretKeys(newSecretKeyEntry(), 'the test key');

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function openTestDb(): Promise<Db & { drop(): Promise<void> }> {
  installSecretKeys(testSecretKeys);
  if (testDbKind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { ...db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('MW_TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(url, 'mw_test');
  const db = await openPostgres(scratch.url, 5);
  await migrate(db);
  return {
    ...db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}
