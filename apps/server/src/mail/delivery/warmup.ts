import { WARMUP_PROVIDERS, type WarmupDayCaps, type WarmupProvider } from '@mailwright/contract/ips';

/**
 * IP warm-up (issue 16): a new sending address starts with small daily volumes per destination provider and grows
 * them day by day, as the large mailbox providers expect of an address they do not know yet (reference section 6).
 * Pure helpers here; the shared daily counts live in warmup.repo.ts.
 */

export const DEFAULT_WARMUP_DAYS = 30;
// Day 1 caps; the default ramp doubles them every third day, so day 30 allows about 800 times day 1.
const DAY_ONE: WarmupDayCaps = { gmail: 50, microsoft: 50, yahoo: 50, other: 100 };
const DOUBLING_DAYS = 3;

/** The built-in ramp: DEFAULT_WARMUP_DAYS days, caps doubling every DOUBLING_DAYS days, rounded to tens. */
export function defaultWarmupSchedule(): WarmupDayCaps[] {
  return Array.from({ length: DEFAULT_WARMUP_DAYS }, (_, index) => {
    const factor = 2 ** (index / DOUBLING_DAYS);
    const caps = {} as WarmupDayCaps;
    for (const provider of WARMUP_PROVIDERS) caps[provider] = Math.round((DAY_ONE[provider] * factor) / 10) * 10;
    return caps;
  });
}

// MX host suffixes of the providers whose limits matter most; everything else shares the "other" cap.
const PROVIDER_MX: [WarmupProvider, string[]][] = [
  ['gmail', ['google.com', 'googlemail.com']],
  ['microsoft', ['outlook.com', 'hotmail.com', 'protection.outlook.com', 'office365.us']],
  ['yahoo', ['yahoodns.net', 'yahoo.com', 'aol.com']],
];

/** The destination provider of an MX host name, told by its suffix (gmail-smtp-in.l.google.com is gmail). */
export function providerOfMx(mxHost: string): WarmupProvider {
  const host = mxHost.toLowerCase().replace(/\.$/, '');
  for (const [provider, suffixes] of PROVIDER_MX) {
    if (suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return provider;
  }
  return 'other';
}

/** YYYY-MM-DD of a moment in UTC: warm-up days and counts are UTC days, the same in every process. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The start of the next UTC day: mail held by a warm-up cap is tried again then. */
export function nextUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Day N of the warm-up (1 on the day it started; 0 or less before it starts). */
export function warmupDayNumber(startedOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${startedOn}T00:00:00Z`)) / 86_400_000) + 1;
}

export interface WarmupState {
  startedOn: string;
  schedule: WarmupDayCaps[] | null;
}

/**
 * Today's cap of an address for one provider: null when it sends without a cap (warmed, or past the last day of its
 * schedule). Before the first day the first day's caps apply.
 */
export function warmupCap(state: WarmupState | null, today: string, provider: WarmupProvider): number | null {
  if (!state) return null;
  const schedule = state.schedule ?? defaultWarmupSchedule();
  const day = Math.max(1, warmupDayNumber(state.startedOn, today));
  const caps = schedule[day - 1];
  return caps ? caps[provider] : null;
}
