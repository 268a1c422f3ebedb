import type { WarmupDayCaps } from '@mailwright/contract/ips';
import type { Db } from '../../db/client.ts';

/** Which pool a domain sends from: its own, else its customer's, else the system default (migration 0030). */
export type PoolSource = 'domain' | 'customer' | 'default' | 'none';

export interface EffectivePool {
  source: PoolSource;
  pool: { id: number; title: string; cid: number | null } | null;
}

export interface PoolIpRow {
  id: number;
  ip: string;
  ptr_host: string | null;
  warmup_started_on: string | null;
  warmup_schedule: WarmupDayCaps[] | null;
}

export async function effectivePool(db: Db, domainId: number): Promise<EffectivePool> {
  const rows = await db.query<{
    domain_pool: number | null;
    customer_pool: number | null;
    id: number | null;
    title: string | null;
    customer_id: number | null;
  }>(
    `SELECT d.ip_pool_id AS domain_pool, c.ip_pool_id AS customer_pool, p.id, p.title, p.customer_id
       FROM domains d JOIN customers c ON c.id = d.customer_id
       LEFT JOIN ip_pools p ON p.id = COALESCE(d.ip_pool_id, c.ip_pool_id, (SELECT id FROM ip_pools WHERE is_default))
      WHERE d.id = $1`,
    [domainId],
  );
  const row = rows[0];
  if (!row || row.id === null) return { source: 'none', pool: null };
  const source: PoolSource = row.domain_pool !== null ? 'domain' : row.customer_pool !== null ? 'customer' : 'default';
  return { source, pool: { id: row.id, title: row.title ?? '', cid: row.customer_id } };
}

export function poolIps(db: Db, poolId: number): Promise<PoolIpRow[]> {
  return db.query<PoolIpRow>(
    `SELECT id, ip, ptr_host, to_char(warmup_started_on, 'YYYY-MM-DD') AS warmup_started_on, warmup_schedule
       FROM sending_ips WHERE pool_id = $1 ORDER BY id`,
    [poolId],
  );
}
