import { isIP } from 'node:net';
import type { Db } from '../../db/client.ts';
import { effectivePool, type PoolIpRow, poolIps } from './ip-pools.repo.ts';
import type { MxTarget } from './mx-resolver.ts';
import { takeWarmupSlot } from './warmup.repo.ts';
import { nextUtcDay, providerOfMx, utcDay, warmupCap } from './warmup.ts';

/**
 * What a recipient is sent from: any address (no pool: the system chooses, as before pools existed), one address of
 * the domain's pool (bound with localAddress, EHLO with its PTR name), or nothing today: every address of the pool
 * reached its warm-up cap for the destination provider, and the recipient waits for the next UTC day.
 */
export type SourcePick =
  | { kind: 'any' }
  | { kind: 'bound'; ipId: number; source: { ip: string; heloName: string | null } }
  | { kind: 'held'; reason: string; until: Date };

interface CachedPool {
  at: number;
  pool: { id: number; title: string } | null;
  ips: PoolIpRow[];
}

/**
 * Picks the source address of each recipient: round-robin over the pool's addresses of the destination's address
 * family, skipping one in warm-up whose cap for the provider is reached today (the count is in the database, shared
 * by every delivery process), so the excess goes out through the pool's warmed addresses.
 */
export class SourcePicker {
  private readonly cache = new Map<number, CachedPool>();
  private readonly turns = new Map<number, number>();
  private readonly db: Db;
  private readonly cacheMs: number;
  private readonly now: () => Date;

  constructor(db: Db, options: { cacheMs?: number; now?: () => Date } = {}) {
    this.db = db;
    this.cacheMs = options.cacheMs ?? 5_000;
    this.now = options.now ?? (() => new Date());
  }

  async pick(domainId: number, targets: readonly MxTarget[]): Promise<SourcePick> {
    const first = targets[0];
    if (!first) return { kind: 'any' };
    const { pool, ips } = await this.poolOf(domainId);
    const family = isIP(first.ip);
    const usable = ips.filter((ip) => isIP(ip.ip) === family);
    if (!pool || !usable.length) return { kind: 'any' };
    const provider = providerOfMx(first.host);
    const now = this.now();
    const today = utcDay(now);
    const start = this.turns.get(pool.id) ?? 0;
    this.turns.set(pool.id, (start + 1) % usable.length);
    for (let i = 0; i < usable.length; i++) {
      const ip = usable[(start + i) % usable.length] as PoolIpRow;
      const state = ip.warmup_started_on ? { startedOn: ip.warmup_started_on, schedule: ip.warmup_schedule } : null;
      const cap = warmupCap(state, today, provider);
      if (cap === null || (await takeWarmupSlot(this.db, ip.id, provider, today, cap))) {
        return { kind: 'bound', ipId: ip.id, source: { ip: ip.ip, heloName: ip.ptr_host } };
      }
    }
    const reason =
      `Held by IP warm-up: every address of pool '${pool.title}' reached today's cap for ${provider}; ` +
      'sent on the next UTC day';
    return { kind: 'held', reason, until: nextUtcDay(now) };
  }

  private async poolOf(domainId: number): Promise<CachedPool> {
    const cached = this.cache.get(domainId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached;
    const { pool } = await effectivePool(this.db, domainId);
    const entry: CachedPool = { at: Date.now(), pool, ips: pool ? await poolIps(this.db, pool.id) : [] };
    this.cache.set(domainId, entry);
    return entry;
  }
}
