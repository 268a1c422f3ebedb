import { STORAGE_KEYS } from '@mailwright/contract';
import { readStored, writeStored } from '../../lib/storage.ts';

/** localStorage `dismissed_news` (spec 3): the ids of the news items the user dismissed, as a JSON list. */
export function parseDismissed(stored: string | null): number[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    // A damaged entry only means the notices show again.
    return [];
  }
}

/** The stored list after dismissing `id`; ids of news that no longer exist are dropped so the list stays short. */
export function withDismissed(stored: string | null, id: number, existingIds: readonly number[]): string {
  const kept = parseDismissed(stored).filter((known) => existingIds.includes(known) && known !== id);
  return JSON.stringify([...kept, id]);
}

export function readDismissed(): number[] {
  return parseDismissed(readStored(STORAGE_KEYS.dismissedNews));
}

export function dismissNews(id: number, existingIds: readonly number[]): void {
  writeStored(STORAGE_KEYS.dismissedNews, withDismissed(readStored(STORAGE_KEYS.dismissedNews), id, existingIds));
}
