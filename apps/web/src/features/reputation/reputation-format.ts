import type { BlocklistState, ReputationEntry } from '@mailwright/contract';

type Of<T extends ReputationEntry['type']> = Extract<ReputationEntry, { type: T }>;

/** The latest entry of one type, if the IP has one. */
export function latestOf<T extends ReputationEntry['type']>(entries: readonly ReputationEntry[], type: T) {
  return entries.find((entry): entry is Of<T> => entry.type === type);
}

export function describeScore(entry: Of<'senderscore'> | undefined): string {
  return entry ? `${entry.score} (${entry.reputation})` : 'No score';
}

export function describeTrust(entry: Of<'dnswl'> | Of<'ami_white'> | undefined): string {
  if (!entry) return 'Not checked';
  return entry.listed ? `Listed, trust ${entry.trust ?? 'none'}` : 'Not listed';
}

export function describeSnds(entry: Of<'snds'> | undefined): string {
  return entry ? `${entry.filter} · ${entry.msg_recipients.toLocaleString()} recipients` : 'No SNDS data';
}

export function describeBlocklists(lists: readonly BlocklistState[]): string {
  if (!lists.length) return 'Not checked';
  const listed = lists.filter((list) => list.listed);
  return listed.length
    ? `Listed on ${listed.map((l) => l.zone).join(', ')}`
    : `Clear on ${lists.length} ${lists.length === 1 ? 'list' : 'lists'}`;
}

/** Every day from `from` to `to` (UTC, inclusive), for charts with a point per day. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
