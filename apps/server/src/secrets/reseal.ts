import type { Db } from '../db/client.ts';
import { isSealed } from './secret-box.ts';
import { openColumn, SEALED_COLUMNS, type SealedColumn, sealColumn } from './secret-columns.ts';
import { type SecretKeyRing, secretKeys } from './secret-keys.ts';

const PAGE = 500;
const COLUMNS = Object.keys(SEALED_COLUMNS) as SealedColumn[];

/** How many stored secrets each key sealed (all columns): `secrets rotate` says with it when an old key may go. */
export async function countSecretsByKey(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of COLUMNS) {
    const { table, column } = SEALED_COLUMNS[name];
    const rows = await db.query<{ prefix: string; n: number }>(
      `SELECT split_part(${column}, ':', 2) || ':' || split_part(${column}, ':', 3) AS prefix, count(*)::int AS n
         FROM ${table} WHERE starts_with(${column}, 'enc:') GROUP BY 1`,
    );
    for (const { prefix, n } of rows) {
      const [version, keyId] = prefix.split(':');
      if (version !== 'v1') throw new Error(`${name} holds secrets in format ${version}, newer than this version`);
      counts[keyId ?? ''] = (counts[keyId ?? ''] ?? 0) + n;
    }
  }
  return counts;
}

/**
 * Refuses to go on when a stored secret was sealed with a key the ring does not list (an old key removed before
 * `secrets rotate` ran, or another installation's keys): better a clear stop at start than failures row by row later.
 */
export async function checkSealedKeys(db: Db, ring: SecretKeyRing = secretKeys()): Promise<void> {
  const missing = Object.keys(await countSecretsByKey(db)).filter((keyId) => !ring.byId.has(keyId));
  if (missing.length) {
    throw new Error(
      `Stored secrets were sealed with key ${missing.map((k) => `"${k}"`).join(', ')}, which ${ring.source} does ` +
        'not list. Put the key back (after the current one) and run `mailwright secrets rotate` before removing it.',
    );
  }
}

/**
 * Seals the values of one column that are not sealed with the current key: plaintext only (`plaintext`, the
 * start-up pass), or also values sealed with an older key (`rotate`). Each row is replaced only if it still holds
 * what was read, so a concurrent write (or another process running the same pass) is never overwritten.
 */
async function resealColumn(db: Db, name: SealedColumn, ring: SecretKeyRing, mode: 'plaintext' | 'rotate') {
  const { table, column, rowKey, keyType } = SEALED_COLUMNS[name];
  const skip = mode === 'plaintext' ? 'enc:' : `enc:v1:${ring.current.id}:`;
  let after: number | string | null = null;
  let count = 0;
  for (;;) {
    const rows: { row_key: number | string; value: string }[] = await db.query(
      `SELECT ${rowKey} AS row_key, ${column} AS value FROM ${table}
        WHERE ${column} IS NOT NULL AND ${column} <> '' AND NOT starts_with(${column}, $1)
          AND ($2::${keyType} IS NULL OR ${rowKey} > $2::${keyType})
        ORDER BY ${rowKey} LIMIT ${PAGE}`,
      [skip, after],
    );
    for (const { row_key, value } of rows) {
      const plaintext = isSealed(value) ? openColumn(name, row_key, value, ring) : value;
      const updated = await db.query(
        `UPDATE ${table} SET ${column} = $1 WHERE ${rowKey} = $2 AND ${column} = $3 RETURNING 1`,
        [sealColumn(name, row_key, plaintext, ring), row_key, value],
      );
      count += updated.length;
    }
    if (rows.length < PAGE) return count;
    after = (rows[rows.length - 1] as { row_key: number | string }).row_key;
  }
}

/** Rows sealed per column (only columns where something was sealed). */
export type SealCounts = Partial<Record<SealedColumn, number>>;

async function resealAll(db: Db, ring: SecretKeyRing, mode: 'plaintext' | 'rotate'): Promise<SealCounts> {
  await checkSealedKeys(db, ring);
  const counts: SealCounts = {};
  for (const name of COLUMNS) {
    const count = await resealColumn(db, name, ring, mode);
    if (count) counts[name] = count;
  }
  return counts;
}

/**
 * The start-up pass: every secret still stored in clear (written before encryption existed) is sealed with the
 * current key. Idempotent: sealed values are recognised by their `enc:` prefix and left alone.
 */
export function sealPlaintextSecrets(db: Db, ring: SecretKeyRing = secretKeys()): Promise<SealCounts> {
  return resealAll(db, ring, 'plaintext');
}

/** `mailwright secrets rotate`: every secret not sealed with the current key (the first listed) is sealed with it. */
export function rotateSecrets(db: Db, ring: SecretKeyRing = secretKeys()): Promise<SealCounts> {
  return resealAll(db, ring, 'rotate');
}
