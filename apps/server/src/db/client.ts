import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

export type DbKind = 'pglite' | 'postgres';

/** The one SQL surface every repo uses; PGlite and PostgreSQL run the same statements. */
export interface Db {
  readonly kind: DbKind;
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T>(sql: string, params?: readonly unknown[]): Promise<T>;
  maybeOne<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; inside a transaction it simply runs fn. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Runner = { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

function wrap(kind: DbKind, runner: Runner, extra: Pick<Db, 'exec' | 'transaction' | 'close'>): Db {
  const query = async <T>(sql: string, params: readonly unknown[] = []) =>
    (await runner.query(sql, params as unknown[])).rows as T[];
  return {
    kind,
    query,
    async one<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length === 0) throw new Error('Expected one row, got none');
      return rows[0] as T;
    },
    async maybeOne<T>(sql: string, params?: readonly unknown[]) {
      return (await query<T>(sql, params))[0];
    },
    ...extra,
  };
}

// int8 counts and sums are parsed as numbers (they stay far below 2^53) so both drivers answer alike.
pg.types.setTypeParser(20, (value: string) => Number(value));
pg.types.setTypeParser(1700, (value: string) => Number(value));

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // an idle client's error is surfaced on its next query instead
  const inTx = (client: pg.PoolClient): Db =>
    wrap('postgres', client, {
      exec: async (sql) => void (await client.query(sql)),
      transaction: (fn) => fn(inTx(client)),
      close: async () => undefined,
    });
  return wrap('postgres', pool, {
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(inTx(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  });
}

const int8AsNumber = { 20: (value: string) => Number(value), 1700: (value: string) => Number(value) };

export async function openPglite(dataDir?: string): Promise<Db> {
  // Loaded here, not at the top: a process on PostgreSQL never needs the embedded database's code.
  const { PGlite: Embedded } = await import('@electric-sql/pglite');
  const lite = await Embedded.create(dataDir ? { dataDir, parsers: int8AsNumber } : { parsers: int8AsNumber });
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const inTx = (tx: Tx): Db =>
    wrap('pglite', tx, {
      exec: async (sql) => void (await tx.exec(sql)),
      transaction: (fn) => fn(inTx(tx)),
      close: async () => undefined,
    });
  return wrap('pglite', lite, {
    exec: async (sql) => void (await lite.exec(sql)),
    transaction: (fn) => lite.transaction((tx) => fn(inTx(tx))),
    close: () => lite.close(),
  });
}

export async function openDb(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  // One process at a time in a PGlite folder (see data-dir-lock.ts); the lock goes when the database is closed.
  const unlock = lockDataDir(options.dataDir);
  try {
    const db = await openPglite(options.dataDir);
    return {
      ...db,
      close: async () => {
        try {
          await db.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
