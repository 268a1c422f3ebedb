import type { Channel } from 'amqplib';

/** The consumers of the event bus, each with a durable queue of its own (`<prefix><name>`). */
export const BUS_CONSUMERS = ['rollups', 'suppressions', 'webhooks'] as const;
export type BusConsumerName = (typeof BUS_CONSUMERS)[number];

/** The exchange and queue names of one installation (AMQP_PREFIX, default `mailwright.`). */
export interface BusNames {
  prefix: string;
  exchange: string;
  queue(consumer: string): string;
}

export function busNames(prefix: string): BusNames {
  return { prefix, exchange: `${prefix}events`, queue: (consumer) => `${prefix}${consumer}` };
}

/**
 * Declares the topic exchange and every consumer's durable queue, bound to all routing keys. Both the relay and the
 * consumers declare it (idempotent), so an event published before any consumer ever started waits in its queue
 * instead of being dropped by an exchange with nothing bound.
 */
export async function assertTopology(channel: Channel, names: BusNames): Promise<void> {
  await channel.assertExchange(names.exchange, 'topic', { durable: true });
  for (const consumer of BUS_CONSUMERS) {
    const queue = names.queue(consumer);
    await channel.assertQueue(queue, { durable: true });
    await channel.bindQueue(queue, names.exchange, '#');
  }
}

/** What a message carries: the event's id (the database row stays the source of truth) and its position. */
export interface BusMessage {
  id: number;
  txid: string;
}

export function encodeMessage(message: BusMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

/** The event id of a message, or null when the body is not one of ours (it is dropped, never retried forever). */
export function decodeMessage(content: Buffer): BusMessage | null {
  try {
    const value: unknown = JSON.parse(content.toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { id, txid } = value as Record<string, unknown>;
    return Number.isSafeInteger(id) && typeof txid === 'string' ? { id: id as number, txid } : null;
  } catch {
    return null;
  }
}
