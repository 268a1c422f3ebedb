import {
  ACTIONS,
  type AggregateEntry,
  BOUNCE_CATEGORIES,
  type CustomerStatsQuery,
  DEFAULT_TAG_ACTION,
  type GlobalStats,
  presetRange,
  type RawStatsEntry,
  type StatsQuery,
  type StatsRange,
  type StatsResponse,
  type StatsSeries,
  statsRange,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { bucketStart, bucketStarts } from './buckets.ts';
import {
  type RollupDimension,
  type RollupFilter,
  type RollupRow,
  readCustomerTotals,
  readRollups,
} from './stats.repo.ts';

const BOUNCES = ['hardbounce', 'softbounce'];
/** The actions the DSN view shows next to the bounce categories (spec 9, default visible series). */
const DSN_ACTIONS = ['hardbounce', 'softbounce', 'delivered', 'rejected'];

/** The range asked for (default: the last month, spec 4), widened to the fetch granularity of spec 9. */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): StatsRange {
  if (!query.from && !query.to) {
    const preset = presetRange('month', now);
    return statsRange(preset.from, preset.to);
  }
  const to = query.to ? new Date(query.to) : now;
  let from = query.from ? new Date(query.from) : new Date(to);
  if (!query.from) from.setUTCMonth(from.getUTCMonth() - 1);
  if (from >= to) from = new Date(to.getTime() - 86_400_000);
  return statsRange(from, to);
}

/** What one statistics call reads and how its rows become series. */
interface Plan {
  filter: Omit<RollupFilter, 'domainId' | 'level' | 'from' | 'to' | 'bot'>;
  dimensions: RollupDimension[];
  /** Series always present (zeros when no traffic), in display order. */
  fixed: string[];
  /** The series (if any) a row adds its count to. */
  seriesOf(row: RollupRow): string[];
  raw(row: RollupRow): Omit<RawStatsEntry, 'date' | 'count'>;
}

function planFor(query: StatsQuery): Plan {
  const tag = query.tag ?? '';
  if (query.data === 'tag' && !query.tag) {
    const action = query.action ?? DEFAULT_TAG_ACTION;
    return {
      filter: { tag: null, events: [action] },
      dimensions: ['tag'],
      fixed: [],
      seriesOf: (row) => [row.tag],
      raw: (row) => ({ action, tag: row.tag }),
    };
  }
  if (query.data === 'dsn') {
    const events = query.action ? [query.action] : DSN_ACTIONS;
    return {
      filter: { tag, events },
      dimensions: ['event', 'category'],
      fixed: [...events, ...BOUNCE_CATEGORIES],
      seriesOf: (row) => (row.category && BOUNCES.includes(row.event) ? [row.event, row.category] : [row.event]),
      raw: (row) => ({ action: row.event, ...(row.category ? { category: row.category } : {}) }),
    };
  }
  return {
    filter: { tag, events: query.action ? [query.action] : null },
    dimensions: ['event'],
    fixed: query.action ? [query.action] : [...ACTIONS],
    seriesOf: (row) => [row.event],
    raw: (row) => ({ action: row.event, ...(query.tag ? { tag: query.tag } : {}) }),
  };
}

/** Statistics of one domain, or (domainId null) of every domain of the customer, from the rollup tables. */
export async function readStats(
  db: Db,
  customerId: number,
  domainId: number | null,
  query: StatsQuery,
  now = new Date(),
): Promise<StatsResponse> {
  const range = resolveRange(query, now);
  const starts = bucketStarts(range.from, range.to, range.level);
  const plan = planFor(query);
  const from = bucketStart(range.from, range.level);
  const rows = await readRollups(
    db,
    customerId,
    { ...plan.filter, domainId, level: range.level, from, to: range.to, bot: query.bot },
    plan.dimensions,
  );
  if (query.format === 'raw') {
    return rows
      .filter((row) => row.count > 0)
      .map((row) => ({ date: new Date(row.period).toISOString(), ...plan.raw(row), count: row.count }));
  }
  const series = toSeries(rows, plan, starts);
  if (query.format === 'aggregate') {
    return series.map((s) => ({ category: s.name, value: s.data.reduce((sum, n) => sum + n, 0) }));
  }
  return {
    series,
    categories: starts.map((d) => d.toISOString()),
    range: { from: range.from.toISOString(), to: range.to.toISOString(), level: range.level },
  };
}

function toSeries(rows: readonly RollupRow[], plan: Plan, starts: readonly Date[]): StatsSeries[] {
  const index = new Map(starts.map((d, i) => [d.getTime(), i]));
  const byName = new Map<string, number[]>(plan.fixed.map((name) => [name, starts.map(() => 0)]));
  for (const row of rows) {
    const i = index.get(new Date(row.period).getTime());
    if (i === undefined) continue;
    for (const name of plan.seriesOf(row)) {
      const data = byName.get(name) ?? starts.map(() => 0);
      data[i] = (data[i] ?? 0) + row.count;
      byName.set(name, data);
    }
  }
  return [...byName].map(([name, data]) => ({ name, data }));
}

/** Customer statistics: every domain of the customer; sort and order for the aggregate and raw formats. */
export async function readCustomerStats(db: Db, customerId: number, query: CustomerStatsQuery) {
  const result = await readStats(db, customerId, null, query);
  if (!Array.isArray(result) || !query.sort) return result;
  const key = query.sort;
  const value = (entry: AggregateEntry | RawStatsEntry): string | number => {
    if ('value' in entry) return key === 'value' ? entry.value : entry.category;
    return key === 'value' ? entry.count : key === 'date' ? entry.date : entry.action;
  };
  const sign = query.order === 'desc' ? -1 : 1;
  return [...(result as (AggregateEntry | RawStatsEntry)[])].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  }) as StatsResponse;
}

/** Operators: per customer, totals per action over the range (default: the last month). */
export async function readGlobalStats(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined; bot: boolean },
  now = new Date(),
): Promise<GlobalStats> {
  const preset = presetRange('month', now);
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : query.to ? new Date(to.getTime() - 30 * 86_400_000) : preset.from;
  const rows = await readCustomerTotals(db, bucketStart(from, 'daily'), to, query.bot);
  const byCustomer = new Map<number, GlobalStats['global_stats'][number]>();
  for (const row of rows) {
    const entry = byCustomer.get(row.customer_id) ?? { customer: row.customer, cid: row.customer_id, data: [] };
    entry.data.push({ category: row.event, value: row.count });
    byCustomer.set(row.customer_id, entry);
  }
  return { global_stats: [...byCustomer.values()] };
}
