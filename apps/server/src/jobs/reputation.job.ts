import type { Deps } from '../deps.ts';
import { createDnsClient, type DnsClient } from '../mail/dns/resolver.ts';
import { classifyBlocklist, classifySenderScore, classifyTrust, reverseIp } from '../mail/reputation/dnsbl.ts';
import { parseSndsCsv } from '../mail/reputation/snds-csv.ts';
import { type PeriodicJob, startPeriodic } from './periodic.ts';
import { noteLevel } from './reputation-notices.ts';
import * as store from './reputation-store.ts';

export interface ReputationRunResult {
  ips: number;
  /** History and blocklist rows written (inserted or updated). */
  written: number;
  /** Queries whose answer was an error (timeout, refused, over quota): nothing stored for them. */
  errors: number;
  notices: number;
  snds: { rows: number; skipped: number; error: string | null } | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The resolver for list queries: REPUTATION_DNS_SERVERS, else DNS_SERVERS (tests: the local DNS). */
export function reputationDns(deps: Deps): DnsClient {
  const { config } = deps;
  const servers = config.reputation.dnsServers.length ? config.reputation.dnsServers : config.dnsServers;
  return createDnsClient({ servers, timeoutMs: config.dnsTimeoutMs });
}

/**
 * One pass over every sending IP: DNSWL, Sender Score, the operator's allow-list zone (ami_white) and each
 * configured blocklist, then the SNDS export. Each answer is today's row for the IP; a changed level that is worse
 * notifies operators once (reputation-notices.ts).
 */
export async function checkReputation(deps: Deps, dns: DnsClient = reputationDns(deps)): Promise<ReputationRunResult> {
  const { db, log, config } = deps;
  const settings = config.reputation;
  const day = today();
  const result: ReputationRunResult = { ips: 0, written: 0, errors: 0, notices: 0, snds: null };
  const note = async (...args: Parameters<typeof noteLevel> extends [unknown, unknown, ...infer R] ? R : never) => {
    if (await noteLevel(db, log, ...args)) result.notices++;
  };
  for (const { ip } of await store.listSendingIps(db)) {
    const label = reverseIp(ip);
    if (!label) continue;
    result.ips++;
    const trustZones: ['dnswl' | 'ami_white', string][] = [['dnswl', settings.dnswlZone]];
    if (settings.amiWhiteZone) trustZones.push(['ami_white', settings.amiWhiteZone]);
    for (const [type, zone] of trustZones) {
      const answer = classifyTrust(await dns.a(`${label}.${zone}`), type === 'ami_white' ? 'high' : null);
      if (answer.kind === 'error') {
        result.errors++;
        log.warn({ ip, zone, reason: answer.reason }, 'reputation query failed');
        continue;
      }
      const trust = answer.kind === 'listed' ? answer.trust : null;
      await store.saveTrust(db, ip, type, day, { listed: answer.kind === 'listed', trust });
      result.written++;
      await note(ip, type, trust ?? 'unlisted', () => `IP ${ip}: ${type} trust dropped to ${trust ?? 'not listed'}`);
    }
    const score = classifySenderScore(await dns.a(`${label}.${settings.senderScoreZone}`));
    if (score.kind === 'error') {
      result.errors++;
      log.warn({ ip, reason: score.reason }, 'sender score query failed');
    } else if (score.kind === 'scored') {
      await store.saveSenderScore(db, ip, day, score.score, score.reputation);
      result.written++;
      await note(
        ip,
        'senderscore',
        score.reputation,
        () => `IP ${ip}: Sender Score ${score.score} (${score.reputation}, below ${score.score < 70 ? 70 : 80})`,
      );
    }
    for (const zone of settings.ipBlocklists) {
      const listed = classifyBlocklist(await dns.a(`${label}.${zone}`));
      if (listed.kind === 'error') {
        result.errors++;
        log.warn({ ip, zone, reason: listed.reason }, 'blocklist query failed');
        continue;
      }
      const codes = listed.kind === 'listed' ? listed.codes : null;
      await store.saveBlocklist(db, ip, zone, day, codes);
      result.written++;
      await note(
        ip,
        `bl:${zone}`,
        codes ? 'listed' : 'clear',
        () => `IP ${ip} is listed on ${zone} (${codes?.join(', ')})`,
      );
    }
  }
  result.snds = await importSnds(deps, note, result);
  return result;
}

async function importSnds(
  deps: Deps,
  note: (...args: [string, 'snds', string, () => string]) => Promise<void>,
  result: ReputationRunResult,
): Promise<ReputationRunResult['snds']> {
  const { db, log, config } = deps;
  const key = await store.readSndsKey(db, config.reputation.sndsKey);
  if (!key) return null;
  const url = new URL(config.reputation.sndsUrl);
  url.searchParams.set('key', key);
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'error' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (error) {
    // The key is in the URL: log the host only.
    const reason = (error as Error).message;
    log.warn({ host: url.host, reason }, 'SNDS export failed');
    return { rows: 0, skipped: 0, error: reason };
  }
  const { rows, skipped } = parseSndsCsv(text);
  // The export holds up to a few days; the latest day of an IP is its current level.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    await store.saveSnds(db, row);
    result.written++;
    const seen = latest.get(row.ip);
    if (!seen || seen.day <= row.day) latest.set(row.ip, row);
  }
  for (const row of latest.values()) {
    await note(
      row.ip,
      'snds',
      row.filter,
      () => `IP ${row.ip}: Microsoft SNDS filter result ${row.filter} on ${row.day}`,
    );
  }
  return { rows: rows.length, skipped, error: null };
}

/** Checks every REPUTATION_CHECK_MINUTES with the worker role; 0 switches it off. */
export function startReputationJob(deps: Deps): PeriodicJob | null {
  const minutes = deps.config.reputation.checkMinutes;
  if (!minutes) return null;
  const dns = reputationDns(deps);
  return startPeriodic('reputation', minutes * 60_000, deps.log, async () => {
    const run = await checkReputation(deps, dns);
    deps.log.info(run, 'reputation checked');
    return false;
  });
}
