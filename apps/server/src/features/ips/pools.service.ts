import type { DomainPool, IpPool, ipPoolInput } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { effectivePool } from '../../mail/delivery/ip-pools.repo.ts';
import * as repo from './ips.repo.ts';
import { listIps } from './ips.service.ts';

export const POOL_NOT_FOUND = 'IP pool not found';
type PoolInput = z.output<typeof ipPoolInput>;

/** Operators see every pool; a customer's admin only the customer's own dedicated pools (read-only). */
export async function listPools(deps: Deps, auth: AuthContext) {
  const operator = auth.role === 'superadmin';
  const rows = await repo.listPools(deps.db, operator ? null : auth.cid);
  const items = await toPools(deps, rows);
  return { items, total_count: items.length };
}

async function toPools(deps: Deps, rows: repo.PoolRow[]): Promise<IpPool[]> {
  const ids = rows.map((row) => row.id);
  const [ips, [domains, customers]] = await Promise.all([listIps(deps), repo.poolMembers(deps.db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    cid: row.customer_id,
    customer: row.customer_name,
    is_default: row.is_default,
    ips: ips.items
      .filter((ip) => ip.pool_id === row.id)
      .map((ip) => ({
        ipid: ip.ipid,
        ip: ip.ip,
        ptr_host: ip.ptr_host,
        warmup: ip.warmup && { day: ip.warmup.day, days: ip.warmup.days, complete: ip.warmup.complete },
      })),
    domains: domains.filter((d) => d.pool_id === row.id).map(({ id, name }) => ({ id, name })),
    customers: customers.filter((c) => c.pool_id === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

async function getPool(deps: Deps, id: number): Promise<IpPool> {
  const row = await repo.findPool(deps.db, id);
  if (!row) throw notFound(POOL_NOT_FOUND);
  return (await toPools(deps, [row]))[0] as IpPool;
}

async function poolFields(deps: Deps, input: PoolInput) {
  const customerId = input.cid ?? null;
  if (customerId !== null && !(await repo.customerExists(deps.db, customerId))) {
    throw fieldError('cid', 'No such customer');
  }
  if (input.is_default && customerId !== null) {
    throw fieldError('is_default', 'Only a system pool (without a customer) can be the default');
  }
  return { title: input.title, customerId, isDefault: input.is_default ?? false };
}

export async function createPool(deps: Deps, input: PoolInput) {
  return getPool(deps, await repo.savePool(deps.db, null, await poolFields(deps, input)));
}

export async function updatePool(deps: Deps, id: number, input: PoolInput) {
  if (!(await repo.findPool(deps.db, id))) throw notFound(POOL_NOT_FOUND);
  return getPool(deps, await repo.savePool(deps.db, id, await poolFields(deps, input)));
}

export async function deletePool(deps: Deps, id: number) {
  if (!(await repo.deletePool(deps.db, id))) throw notFound(POOL_NOT_FOUND);
  return { message: 'IP pool deleted' };
}

/** A pool a customer's domain (or the customer) may use: a system pool or one dedicated to that customer. */
async function usablePool(deps: Deps, poolId: number | null, customerId: number) {
  if (poolId === null) return;
  const pool = await repo.findPool(deps.db, poolId);
  if (!pool) throw fieldError('pool_id', 'No such IP pool');
  if (pool.customer_id !== null && pool.customer_id !== customerId) {
    throw fieldError('pool_id', 'This pool is dedicated to another customer');
  }
}

/** The pool a domain sends from and why. A customer sees only its own domains, and IPs only of its dedicated pools. */
export async function domainPool(deps: Deps, auth: AuthContext, domainId: number): Promise<DomainPool> {
  const owner = await repo.domainOwner(deps.db, domainId);
  const operator = auth.role === 'superadmin';
  if (owner === undefined || (!operator && owner !== auth.cid)) throw notFound('Domain not found!');
  const [{ source, pool }, own] = await Promise.all([
    effectivePool(deps.db, domainId),
    deps.db.query<{ ip_pool_id: number | null }>('SELECT ip_pool_id FROM domains WHERE id = $1', [domainId]),
  ]);
  const showIps = pool && (operator || pool.cid === owner);
  const ips = showIps ? await repo.listIps(deps.db, 'i.pool_id = $1', [pool.id]) : [];
  return {
    domain_id: domainId,
    pool_id: own[0]?.ip_pool_id ?? null,
    source,
    pool,
    ips: ips.map((ip) => ({ ip: ip.ip, ptr_host: ip.ptr_host })),
  };
}

export async function assignDomainPool(deps: Deps, auth: AuthContext, domainId: number, poolId: number | null) {
  const owner = await repo.domainOwner(deps.db, domainId);
  if (owner === undefined) throw notFound('Domain not found!');
  await usablePool(deps, poolId, owner);
  await repo.assignPool(deps.db, 'domains', domainId, poolId);
  return domainPool(deps, auth, domainId);
}

export async function assignCustomerPool(deps: Deps, customerId: number, poolId: number | null) {
  if (!(await repo.customerExists(deps.db, customerId))) throw notFound('Customer not found');
  await usablePool(deps, poolId, customerId);
  await repo.assignPool(deps.db, 'customers', customerId, poolId);
  return { message: poolId === null ? 'The customer uses the default pool' : 'IP pool assigned' };
}
