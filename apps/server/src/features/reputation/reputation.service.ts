import { isIP } from 'node:net';
import { ALARM_LEVELS, type IpReputation, type IpReputationSummary, type ReputationEntry } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { hasStoredSndsKey, writeSndsKey } from '../../jobs/reputation-store.ts';
import * as repo from './reputation.repo.ts';
import { ipLevel } from './reputation-levels.ts';

const DAY_MS = 86_400_000;

/** The first UTC day of a period of `days` days ending today. */
export function periodStart(days: number, now = new Date()): string {
  return new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** Canonical text of an address as the ips feature stores it (IPv6 lower case). */
function canonicalIp(ip: string): string {
  const family = isIP(ip);
  if (!family) throw fieldError('ip', 'Enter an IPv4 or IPv6 address');
  if (family === 4) return ip;
  return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
}

/** Spec 7: one IP's history for a period (default 30 days), by type, with its blocklist days and current listings. */
export async function ipReputation(deps: Deps, ipText: string, days: number): Promise<IpReputation> {
  const ip = canonicalIp(ipText);
  const from = periodStart(days);
  const [history, blocklistDays, current] = await Promise.all([
    repo.readHistory(deps.db, ip, from),
    repo.readBlocklistHistory(deps.db, ip, from),
    repo.readCurrentBlocklists(deps.db, [ip]),
  ]);
  return {
    ip,
    reputations: history.map(repo.toEntry),
    blocklist_history: blocklistDays.map((row) => ({
      zone: row.zone,
      day: row.day,
      listed: row.listed,
      codes: row.codes ? row.codes.split(',') : [],
    })),
    blocklists: current.get(ip) ?? [],
    from,
    to: new Date().toISOString().slice(0, 10),
  };
}

const scoreOf = (s: IpReputationSummary) =>
  s.latest.find((e): e is Extract<ReputationEntry, { type: 'senderscore' }> => e.type === 'senderscore')?.score ?? 101;

/** Every sending IP with its latest state, worst first (level, then the lower Sender Score, then the address). */
export async function listIpReputations(
  deps: Deps,
): Promise<{ reputations: IpReputationSummary[]; snds_key: 'stored' | 'environment' | null }> {
  const ips = await repo.listSendingIps(deps.db);
  const addresses = ips.map((row) => row.ip);
  const [latest, blocklists, checked] = await Promise.all([
    repo.readLatest(deps.db, addresses),
    repo.readCurrentBlocklists(deps.db, addresses),
    repo.readLastChecked(deps.db, addresses),
  ]);
  const summaries = ips.map((row): IpReputationSummary => {
    const entries = latest.filter((h) => h.ip === row.ip).map(repo.toEntry);
    const lists = blocklists.get(row.ip) ?? [];
    const at = checked.find((c) => c.ip === row.ip)?.checked_at;
    return {
      ip: row.ip,
      ipid: row.id,
      ptr_host: row.ptr_host,
      level: ipLevel(entries, lists),
      latest: entries,
      blocklists: lists,
      checked_at: at ? new Date(at).toISOString() : null,
    };
  });
  summaries.sort(
    (a, b) =>
      ALARM_LEVELS.indexOf(a.level) - ALARM_LEVELS.indexOf(b.level) ||
      scoreOf(a) - scoreOf(b) ||
      a.ip.localeCompare(b.ip),
  );
  const stored = await hasStoredSndsKey(deps.db);
  return {
    reputations: summaries,
    snds_key: stored ? 'stored' : deps.config.reputation.sndsKey ? 'environment' : null,
  };
}

export async function saveSndsKey(deps: Deps, key: string) {
  await writeSndsKey(deps.db, key);
  return { message: key ? 'SNDS key saved' : 'SNDS key removed' };
}
