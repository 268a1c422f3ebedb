import {
  ALARM_LEVELS,
  type AlarmLevel,
  type BlocklistState,
  blocklistLevel,
  DOMAIN_RATE_ALARMS,
  type ReputationEntry,
} from '@mailwright/contract';

export { blocklistLevel };

/**
 * Overall levels, per reference section 5.6 (deliverability-and-billing.md "Alarm levels"): blocklists as the
 * contract's blocklistLevel says; SNDS YELLOW or any trap hit warns and RED is critical; Sender Score under 80 warns
 * and under 70 (spec 9) is critical.
 */

export const worst = (levels: AlarmLevel[]): AlarmLevel =>
  levels.reduce<AlarmLevel>((a, b) => (ALARM_LEVELS.indexOf(b) < ALARM_LEVELS.indexOf(a) ? b : a), 'ok');

export function entryLevel(entry: ReputationEntry): AlarmLevel {
  switch (entry.type) {
    case 'senderscore':
      return entry.reputation === 'low' ? 'critical' : entry.reputation === 'medium' ? 'warn' : 'ok';
    case 'snds':
      if (entry.filter === 'RED') return 'critical';
      return entry.filter === 'YELLOW' || entry.trap_hits > 0 ? 'warn' : 'ok';
    default:
      // Allow-lists are good news when present and no news when absent.
      return 'ok';
  }
}

export function ipLevel(latest: ReputationEntry[], blocklists: BlocklistState[]): AlarmLevel {
  if (!latest.length && !blocklists.length) return 'unknown';
  return worst([...latest.map(entryLevel), ...blocklists.map(blocklistLevel)]);
}

/** A rate in percent against its warn and critical lines; no traffic is unknown. */
export function rateLevel(rate: number, base: number, kind: keyof typeof DOMAIN_RATE_ALARMS): AlarmLevel {
  if (base <= 0) return 'unknown';
  const lines = DOMAIN_RATE_ALARMS[kind];
  if (rate >= lines.critical) return 'critical';
  return rate >= lines.warn ? 'warn' : 'ok';
}
