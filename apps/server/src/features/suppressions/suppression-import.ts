import type { SuppressionType } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { insertRows } from '../../mail/sql-batch.ts';

export interface SuppressionImportRow {
  recipient: string;
  type: SuppressionType;
  reason: string;
  /** When the entry was made at its source (another provider); null: now. */
  createdAt: Date | null;
}

/**
 * Adds a batch of entries to one domain's lists, keeping one live row per recipient and type: rows already live are
 * skipped (so a batch imported twice adds nothing), expired rows of the same key are replaced. Run it inside the
 * caller's transaction to commit the batch with the caller's own bookkeeping. Answers how many were added.
 */
export async function importSuppressionRows(
  db: Db,
  scope: { cid: number; did: number },
  rows: readonly SuppressionImportRow[],
  source: string,
): Promise<number> {
  const unique = new Map<string, SuppressionImportRow>();
  for (const row of rows)
    unique.set(`${row.type}\n${row.recipient}`, unique.get(`${row.type}\n${row.recipient}`) ?? row);
  if (!unique.size) return 0;
  const types = [...unique.values()].map((r) => r.type);
  const recipients = [...unique.values()].map((r) => r.recipient);
  const live = await db.query<{ type: string; recipient: string }>(
    `SELECT s.type, s.recipient FROM suppressions s
       JOIN unnest($3::text[], $4::text[]) AS k(type, recipient) ON k.type = s.type AND k.recipient = s.recipient
      WHERE s.customer_id = $1 AND s.domain_id = $2 AND (s.expires_at IS NULL OR s.expires_at > now())`,
    [scope.cid, scope.did, types, recipients],
  );
  for (const row of live) unique.delete(`${row.type}\n${row.recipient}`);
  await db.query(
    `DELETE FROM suppressions s USING unnest($3::text[], $4::text[]) AS k(type, recipient)
      WHERE s.customer_id = $1 AND s.domain_id = $2 AND s.type = k.type AND s.recipient = k.recipient
        AND s.expires_at <= now()`,
    [scope.cid, scope.did, types, recipients],
  );
  const fresh = [...unique.values()].map((r) => [
    scope.cid,
    scope.did,
    r.recipient,
    r.type,
    r.reason,
    source,
    (r.createdAt ?? new Date()).toISOString(),
  ]);
  await insertRows(
    db,
    'suppressions',
    ['customer_id', 'domain_id', 'recipient', 'type', 'reason', 'source', 'created_at'],
    fresh,
    {
      created_at: 'timestamptz',
    },
  );
  return fresh.length;
}
