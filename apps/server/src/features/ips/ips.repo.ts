import type { WarmupDayCaps } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

export interface IpRow {
  id: number;
  ip: string;
  ptr_host: string | null;
  pool_id: number | null;
  pool_title: string | null;
  warmup_started_on: string | null;
  warmup_schedule: WarmupDayCaps[] | null;
  created_at: Date | string;
}

export interface IpFields {
  ip: string;
  ptrHost: string | null;
  poolId: number | null;
  warmupStartedOn: string | null;
  warmupSchedule: WarmupDayCaps[] | null;
}

const IP_COLUMNS = `i.id, i.ip, i.ptr_host, i.pool_id, p.title AS pool_title,
  to_char(i.warmup_started_on, 'YYYY-MM-DD') AS warmup_started_on, i.warmup_schedule, i.created_at`;

export function listIps(db: Db, where = 'true', params: unknown[] = []): Promise<IpRow[]> {
  return db.query<IpRow>(
    `SELECT ${IP_COLUMNS} FROM sending_ips i LEFT JOIN ip_pools p ON p.id = i.pool_id WHERE ${where} ORDER BY i.id`,
    params,
  );
}

export async function findIp(db: Db, id: number): Promise<IpRow | undefined> {
  return (await listIps(db, 'i.id = $1', [id]))[0];
}

export async function insertIp(db: Db, f: IpFields): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO sending_ips (ip, ptr_host, pool_id, warmup_started_on, warmup_schedule)
     VALUES ($1, $2, $3, $4::date, $5::jsonb) RETURNING id`,
    [f.ip, f.ptrHost, f.poolId, f.warmupStartedOn, f.warmupSchedule && JSON.stringify(f.warmupSchedule)],
  );
  return (rows[0] as { id: number }).id;
}

export async function updateIp(db: Db, id: number, f: IpFields): Promise<void> {
  await db.query(
    `UPDATE sending_ips SET ip = $2, ptr_host = $3, pool_id = $4, warmup_started_on = $5::date,
            warmup_schedule = $6::jsonb WHERE id = $1`,
    [id, f.ip, f.ptrHost, f.poolId, f.warmupStartedOn, f.warmupSchedule && JSON.stringify(f.warmupSchedule)],
  );
}

export async function setIpDeleteConfirm(db: Db, id: number, value: string): Promise<void> {
  await db.query(
    `UPDATE sending_ips SET delete_confirm = $2, delete_confirm_expires_at = now() + interval '10 minutes' WHERE id = $1`,
    [id, value],
  );
}

export async function deleteIpIfConfirmed(db: Db, id: number, confirm: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM sending_ips WHERE id = $1 AND delete_confirm = $2 AND delete_confirm_expires_at > now() RETURNING id',
    [id, confirm],
  );
  return rows.length === 1;
}

export interface PoolRow {
  id: number;
  title: string;
  customer_id: number | null;
  customer_name: string | null;
  is_default: boolean;
}

export function listPools(db: Db, customerId: number | null): Promise<PoolRow[]> {
  return db.query<PoolRow>(
    `SELECT p.id, p.title, p.customer_id, c.name AS customer_name, p.is_default
       FROM ip_pools p LEFT JOIN customers c ON c.id = p.customer_id
      WHERE $1::int IS NULL OR p.customer_id = $1 ORDER BY p.id`,
    [customerId],
  );
}

export async function findPool(db: Db, id: number): Promise<PoolRow | undefined> {
  const rows = await db.query<PoolRow>(
    `SELECT p.id, p.title, p.customer_id, c.name AS customer_name, p.is_default
       FROM ip_pools p LEFT JOIN customers c ON c.id = p.customer_id WHERE p.id = $1`,
    [id],
  );
  return rows[0];
}

/** Saves a pool; making it the default first takes the flag off the previous default (one default, 0030). */
export async function savePool(
  db: Db,
  id: number | null,
  f: { title: string; customerId: number | null; isDefault: boolean },
): Promise<number> {
  return db.transaction(async (tx) => {
    if (f.isDefault) await tx.query('UPDATE ip_pools SET is_default = false WHERE is_default AND id <> $1', [id ?? 0]);
    if (id === null) {
      const rows = await tx.query<{ id: number }>(
        'INSERT INTO ip_pools (title, customer_id, is_default) VALUES ($1, $2, $3) RETURNING id',
        [f.title, f.customerId, f.isDefault],
      );
      return (rows[0] as { id: number }).id;
    }
    await tx.query('UPDATE ip_pools SET title = $2, customer_id = $3, is_default = $4 WHERE id = $1', [
      id,
      f.title,
      f.customerId,
      f.isDefault,
    ]);
    // A pool that becomes another customer's is no longer any other customer's or their domains' pool.
    if (f.customerId !== null) {
      await tx.query('UPDATE customers SET ip_pool_id = NULL WHERE ip_pool_id = $1 AND id <> $2', [id, f.customerId]);
      await tx.query('UPDATE domains SET ip_pool_id = NULL WHERE ip_pool_id = $1 AND customer_id <> $2', [
        id,
        f.customerId,
      ]);
    }
    return id;
  });
}

export async function deletePool(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM ip_pools WHERE id = $1 RETURNING id', [id])).length === 1;
}

export function poolMembers(db: Db, poolIds: readonly number[]) {
  return Promise.all([
    db.query<{ pool_id: number; id: number; name: string }>(
      'SELECT ip_pool_id AS pool_id, id, name FROM domains WHERE ip_pool_id = ANY($1::int[]) ORDER BY name',
      [poolIds],
    ),
    db.query<{ pool_id: number; id: number; name: string }>(
      'SELECT ip_pool_id AS pool_id, id, name FROM customers WHERE ip_pool_id = ANY($1::int[]) ORDER BY name',
      [poolIds],
    ),
  ]);
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customers WHERE id = $1', [id])).length === 1;
}

export async function domainOwner(db: Db, domainId: number): Promise<number | undefined> {
  const rows = await db.query<{ customer_id: number }>('SELECT customer_id FROM domains WHERE id = $1', [domainId]);
  return rows[0]?.customer_id;
}

export async function assignPool(db: Db, table: 'domains' | 'customers', id: number, poolId: number | null) {
  await db.query(`UPDATE ${table} SET ip_pool_id = $2 WHERE id = $1`, [id, poolId]);
}
