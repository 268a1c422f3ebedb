import type { Notification } from '@mailwright/contract';

/** Spec 4: notifications are sorted newest first (by timestamp, then by id for the same instant). */
export function newestFirst(items: readonly Notification[]): Notification[] {
  return [...items].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id - a.id);
}
