import { loadConfig } from '../config.ts';
import { type Db, openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { installSecretKeys, loadSecretKeys } from '../secrets/secret-keys.ts';
import { createScratchDatabase } from './scratch-postgres.ts';
import { testDbKind } from './test-db.ts';

/** Where PostgreSQL databases are made when the tests run without TEST_DATABASE_URL (the machine's server). */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface SharedDatabase {
  /** Migrated, opened by the test (close it before a child process opens a PGlite folder). */
  db: Db;
  /** What the server processes get as DATABASE_URL: '' for the PGlite folder in `dataDir`. */
  url: string;
  /** Drops the PostgreSQL database (nothing for PGlite: the folder goes with `dataDir`). */
  drop(): Promise<void>;
}

/**
 * A database that a test and the server processes it starts share: a fresh PostgreSQL database when the tests run on
 * PostgreSQL (or `postgres: true`, for tests that need several processes at once), else the PGlite folder `dataDir`.
 * The secret keys of `dataDir` are installed here, so what the test seals the processes can open.
 */
export async function openSharedDatabase(options: {
  prefix: string;
  dataDir: string;
  postgres?: boolean;
  poolSize?: number;
}): Promise<SharedDatabase> {
  let shared: SharedDatabase;
  if (testDbKind === 'pglite' && !options.postgres) {
    shared = { db: await openPglite(options.dataDir), url: '', drop: async () => {} };
  } else {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES, options.prefix);
    shared = {
      db: await openPostgres(scratch.url, options.poolSize ?? 2),
      url: scratch.url,
      drop: scratch.drop,
    };
  }
  await migrate(shared.db);
  installSecretKeys(await loadSecretKeys(loadConfig({ DATA_DIR: options.dataDir, DATABASE_URL: shared.url })));
  return shared;
}
