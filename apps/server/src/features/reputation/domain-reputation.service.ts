import type { AlarmLevel, BlocklistState, DomainReputation } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { reputationDns } from '../../jobs/reputation.job.ts';
import type { DnsClient } from '../../mail/dns/resolver.ts';
import { classifyBlocklist } from '../../mail/reputation/dnsbl.ts';
import { findCustomerDomain } from '../domains/domains.repo.ts';
import { readRollups } from '../stats/stats.repo.ts';
import { periodStart } from './reputation.service.ts';
import { blocklistLevel, rateLevel, worst } from './reputation-levels.ts';

const DAY_MS = 86_400_000;
const EVENTS = ['accepted', 'delivered', 'hardbounce', 'complained'] as const;
const percent = (part: number, whole: number, digits: number) =>
  whole > 0 ? Number(((part * 100) / whole).toFixed(digits)) : 0;

/** Asks each domain blocklist about the name now (DBL: the name prepended to the zone, reference 2.1). */
async function checkDomainLists(dns: DnsClient, name: string, zones: readonly string[]): Promise<BlocklistState[]> {
  return Promise.all(
    zones.map(async (zone): Promise<BlocklistState> => {
      const answer = classifyBlocklist(await dns.a(`${name}.${zone}`));
      return {
        zone,
        listed: answer.kind === 'listed',
        codes: answer.kind === 'listed' ? answer.codes : [],
        since: null,
        error: answer.kind === 'error' ? answer.reason : null,
      };
    }),
  );
}

/**
 * A domain's reputation for the customer owning it: blocklists, the bounce rate (hard bounces over accepted) and
 * complaint rate (complaints over delivered, as the statistics' rate charts compute them) per day from the rollups,
 * with the alarm levels of reference 5.6, and the SPF/DKIM/DMARC state of its last verification.
 */
export async function domainReputation(
  deps: Deps,
  cid: number,
  did: number,
  days: number,
  dns: DnsClient = reputationDns(deps),
): Promise<DomainReputation> {
  const domain = await findCustomerDomain(deps.db, cid, did);
  if (!domain) throw notFound('Domain not found');
  const from = periodStart(days);
  const to = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + DAY_MS);
  const [blocklists, rows] = await Promise.all([
    checkDomainLists(dns, domain.name, deps.config.reputation.domainBlocklists),
    readRollups(
      deps.db,
      cid,
      { domainId: did, level: 'daily', from: new Date(`${from}T00:00:00Z`), to, bot: true, tag: '', events: EVENTS },
      ['event'],
    ),
  ]);
  const byDay = new Map<string, Record<(typeof EVENTS)[number], number>>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t < to.getTime(); t += DAY_MS) {
    byDay.set(new Date(t).toISOString().slice(0, 10), { accepted: 0, delivered: 0, hardbounce: 0, complained: 0 });
  }
  for (const row of rows) {
    const counts = byDay.get(new Date(row.period).toISOString().slice(0, 10));
    if (counts && row.event in counts) counts[row.event as (typeof EVENTS)[number]] += Number(row.count);
  }
  const total = { accepted: 0, delivered: 0, hardbounce: 0, complained: 0 };
  const rates = [...byDay].map(([day, c]) => {
    for (const k of EVENTS) total[k] += c[k];
    return {
      day,
      accepted: c.accepted,
      delivered: c.delivered,
      bounced: c.hardbounce,
      complained: c.complained,
      // Spec 9: complaint rate with 3 decimals, the others with 2.
      bounce_rate: percent(c.hardbounce, c.accepted, 2),
      complaint_rate: percent(c.complained, c.delivered, 3),
    };
  });
  const bounceRate = percent(total.hardbounce, total.accepted, 2);
  const complaintRate = percent(total.complained, total.delivered, 3);
  const bounceLevel = rateLevel(bounceRate, total.accepted, 'bounce');
  const complaintLevel = rateLevel(complaintRate, total.delivered, 'complaint');
  const auth = (['spf', 'dkim', 'dmarc'] as const).map((kind) => ({
    kind,
    state: domain.records[kind]?.state ?? ('unchecked' as const),
    checked_at: domain.records[kind]?.checked_at ?? null,
  }));
  // Reference 5.6: failing authentication is critical for SPF and DKIM (required by Gmail, Yahoo, Microsoft);
  // a missing DMARC record warns. Unchecked records and days without traffic say nothing.
  const authLevels = auth.map((a): AlarmLevel => {
    if (a.state === 'valid' || a.state === 'unchecked') return 'ok';
    return a.kind === 'dmarc' ? 'warn' : 'critical';
  });
  const known = [bounceLevel, complaintLevel].filter((l) => l !== 'unknown');
  return {
    did: domain.id,
    name: domain.name,
    level: worst([...blocklists.map(blocklistLevel), ...known, ...authLevels]),
    blocklists,
    rates,
    totals: {
      bounce_rate: bounceRate,
      complaint_rate: complaintRate,
      bounce_level: bounceLevel,
      complaint_level: complaintLevel,
    },
    auth,
    from,
    to: new Date(to.getTime() - DAY_MS).toISOString().slice(0, 10),
  };
}
