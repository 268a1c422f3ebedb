import type { EventBusQueue } from '@mailwright/contract';

/** A message rate from RabbitMQ's management API (messages per second, a float): one decimal, "/s". */
export function formatRate(perSecond: number): string {
  if (perSecond > 0 && perSecond < 0.05) return '< 0.1/s';
  return `${perSecond.toFixed(1)}/s`;
}

/** An age in seconds as an operator reads it: "12 s", "4 min", "2 h 5 min", "3 d 4 h". */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The relay's backlog in one line: events still in the outbox, and how long the oldest has waited (the lag). */
export function describeBacklog(unpublished: number, lagSeconds: number): string {
  if (unpublished === 0) return 'The relay is up to date: every event is published to RabbitMQ.';
  // The server counts up to 100,000 (a count over the whole outbox would be slow): say so past it.
  const count =
    unpublished >= 100_000 ? 'At least 100,000 events' : `${unpublished} event${unpublished === 1 ? '' : 's'}`;
  return `${count} not yet published; the oldest has waited ${formatAge(lagSeconds)} (relay lag).`;
}

/** The three rates of a queue, for a phone card or a screen reader. */
export function describeRates(queue: EventBusQueue): string {
  return `publish ${formatRate(queue.publish_rate)} · deliver ${formatRate(queue.deliver_rate)} · ack ${formatRate(queue.ack_rate)}`;
}
