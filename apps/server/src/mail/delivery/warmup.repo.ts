import type { WarmupProvider } from '@mailwright/contract/ips';
import type { Db } from '../../db/client.ts';

/**
 * Takes one message of an address's daily warm-up cap for a provider, in the database so that every delivery process
 * shares the count: one statement, atomic under concurrency (the row lock of ON CONFLICT DO UPDATE serialises the
 * increments, and the WHERE stops at the cap). Answers whether the address may send one more.
 */
export async function takeWarmupSlot(
  db: Db,
  ipId: number,
  provider: WarmupProvider,
  day: string,
  cap: number,
): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await db.query<{ sent: number }>(
    `INSERT INTO ip_send_counts AS c (ip_id, provider, day, sent) VALUES ($1, $2, $3::date, 1)
     ON CONFLICT (ip_id, provider, day) DO UPDATE SET sent = c.sent + 1 WHERE c.sent < $4
     RETURNING sent`,
    [ipId, provider, day, cap],
  );
  return rows.length === 1;
}

/** What each address sent today per provider (warm-up progress). */
export async function sentOnDay(
  db: Db,
  ipIds: readonly number[],
  day: string,
): Promise<Map<number, Record<WarmupProvider, number>>> {
  const out = new Map<number, Record<WarmupProvider, number>>();
  if (!ipIds.length) return out;
  const rows = await db.query<{ ip_id: number; provider: WarmupProvider; sent: number }>(
    'SELECT ip_id, provider, sent FROM ip_send_counts WHERE ip_id = ANY($1::int[]) AND day = $2::date',
    [ipIds, day],
  );
  for (const row of rows) {
    const counts = out.get(row.ip_id) ?? { gmail: 0, microsoft: 0, yahoo: 0, other: 0 };
    counts[row.provider] = Number(row.sent);
    out.set(row.ip_id, counts);
  }
  return out;
}
