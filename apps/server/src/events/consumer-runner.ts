import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { Cursor } from './outbox.ts';
import { type Poller, startPoller } from './poller.ts';

/** Something that turns outbox events into outputs (rollups, webhook deliveries, suppressions). */
export interface EventConsumer {
  name: string;
  /**
   * Applies the events after `cursor`, at most `limit` of them, writing only through `tx`. Answers how many it took
   * and the position of the last one (null when there was none).
   */
  consume(tx: Db, cursor: Cursor, limit: number): Promise<{ count: number; last: Cursor | null }>;
  /**
   * Applies exactly these events (ids from the event bus, not applied by this consumer before), writing only through
   * `tx`: the same outputs `consume` would write for them.
   */
  apply(tx: Db, ids: readonly number[]): Promise<void>;
}

/**
 * One batch of one consumer, in one transaction: read the cursor, apply the batch, move the cursor. A crash anywhere
 * rolls back outputs and cursor together, so the batch is applied again in full, never twice. The cursor row is
 * locked with SKIP LOCKED: when another process is running this consumer, this one takes nothing (answers 0).
 */
export async function consumeBatch(db: Db, consumer: EventConsumer, limit: number): Promise<number> {
  await db.query('INSERT INTO event_consumers (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [consumer.name]);
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ last_txid: string; last_id: number }>(
      'SELECT last_txid::text AS last_txid, last_id FROM event_consumers WHERE name = $1 FOR UPDATE SKIP LOCKED',
      [consumer.name],
    );
    if (!row) return 0;
    const { count, last } = await consumer.consume(tx, { txid: row.last_txid, id: Number(row.last_id) }, limit);
    if (!last) return 0;
    await tx.query(
      `UPDATE event_consumers SET last_txid = $2::xid8, last_id = $3, processed = processed + $4, updated_at = now()
        WHERE name = $1`,
      [consumer.name, last.txid, last.id, count],
    );
    return count;
  });
}

/** Runs batches until the consumer has caught up; answers how many events it took. */
export async function drainConsumer(db: Db, consumer: EventConsumer, limit = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await consumeBatch(db, consumer, limit);
    total += count;
    if (count < limit) return total;
  }
}

/**
 * Polls the outbox for each consumer in turn, again at once while a batch came back full. A failing consumer is logged
 * and retried on the next round; the others keep going.
 */
export function startConsumerLoop(
  db: Db,
  log: Logger,
  consumers: readonly EventConsumer[],
  options: { intervalMs?: number; batchSize?: number } = {},
): Poller {
  const batchSize = options.batchSize ?? 2000;
  return startPoller(
    'event-consumers',
    log,
    async () => {
      let more = false;
      for (const consumer of consumers) {
        try {
          more = (await consumeBatch(db, consumer, batchSize)) === batchSize || more;
        } catch (error) {
          log.error({ err: error, consumer: consumer.name }, 'event consumer failed; retrying on the next round');
        }
      }
      return more;
    },
    options.intervalMs ?? 1000,
  );
}
