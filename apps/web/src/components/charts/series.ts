import {
  ACTIONS,
  BOUNCE_CATEGORIES,
  CHANNEL_PREFIXES,
  DEFAULT_VISIBLE_SERIES,
  EVENT_COLOURS,
  eventLabel,
  INBOUND_EVENT_NAME,
  roundRate,
  type StatsLevel,
} from '@mailwright/contract';

/**
 * Colours for series that are not event categories (tags): the contract's EVENT_COLOURS is the one map for events;
 * tags take these in turn so two tags next to each other never share a colour.
 */
const TAG_PALETTE = ['#26a69a', '#ab47bc', '#5c6bc0', '#ef5350', '#ffa726', '#66bb6a', '#29b6f6', '#ec407a'];

const EVENT_CODES: ReadonlySet<string> = new Set([...ACTIONS, ...BOUNCE_CATEGORIES, INBOUND_EVENT_NAME]);

/** The event code without its channel prefix (seedtest:delivered → delivered). */
function baseCode(name: string): string {
  const prefix = CHANNEL_PREFIXES.find((p) => name.startsWith(p));
  return prefix ? name.slice(prefix.length) : name;
}

/** Whether a series is an event category (an action or a bounce category) rather than a tag. */
export function isEventSeries(name: string): boolean {
  return EVENT_CODES.has(baseCode(name));
}

/** Spec 3: each event category has its fixed colour (the contract's map); a tag takes the palette colour of its place. */
export function seriesColour(name: string, index: number): string {
  return EVENT_COLOURS[baseCode(name)] ?? (TAG_PALETTE[index % TAG_PALETTE.length] as string);
}

/** The legend text of a series: the event's display name, or the tag as it is. */
export function seriesLabel(name: string): string {
  return isEventSeries(name) ? eventLabel(name) : name;
}

/**
 * Spec 9, default visible series: event series show when they are in the default list, tags always show. A chart
 * whose series are all outside the list (one chosen action, say) shows them all rather than an empty chart. Inbound
 * mail (issue 13, "Received") is not sending, which the spec's list is about: it shows whenever a domain has some.
 */
export function defaultVisibleSeries(names: readonly string[]): Set<string> {
  const defaults: ReadonlySet<string> = new Set([...DEFAULT_VISIBLE_SERIES, INBOUND_EVENT_NAME]);
  const visible = names.filter((name) => !isEventSeries(name) || defaults.has(name));
  return new Set(visible.length > 0 ? visible : names);
}

/** A bucket start (ISO, UTC) as the axis and tooltip show it for the chart's level. */
export function formatBucket(iso: string | Date, level: StatsLevel): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (level === 'hourly') {
    return date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  }
  if (level === 'monthly') return date.toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
  const day = date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return level === 'weekly' ? `Week of ${day}` : day;
}

/**
 * How many decimals a rate series shows: as many as the contract's roundRate keeps for it (spec 9: 3 for the
 * complaint rate, 2 for the others). Read off roundRate rather than written a second time: 1/9 = 0.111… keeps
 * exactly that many digits.
 */
export function rateDecimals(series: string): number {
  return (String(roundRate(1 / 9, series)).split('.')[1] ?? '').length;
}

/** A rate in percent with its series' fixed number of decimals (0.10% delivered, 0.012% complained). */
export function formatRate(value: number | null, series: string): string {
  if (value === null) return '—';
  const digits = rateDecimals(series);
  return `${value.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
}

export function formatCount(value: number | null): string {
  return value === null ? '—' : value.toLocaleString();
}
