import type { ConfirmChannel } from 'amqplib';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { keepConnected } from './amqp-connection.ts';
import { assertTopology, BUS_CONSUMERS, type BusNames, encodeMessage } from './amqp-topology.ts';
import { eventName, NEXT_EVENTS } from './outbox.ts';
import { type Poller, startPoller } from './poller.ts';

/** The relay's position in the outbox (an event_consumers row): every event at or before it is published. */
export const RELAY_NAME = 'amqp-relay';

/** How long a batch may wait for the broker's confirms before it is given up (and published again later). */
const CONFIRM_TIMEOUT_MS = 30_000;

/**
 * A new relay starts where the slowest embedded consumer of the bus stands (an installation switching to RabbitMQ
 * does not publish its whole history again); the bus consumers skip what their embedded cursor already applied.
 */
const ENSURE_RELAY_ROW = `INSERT INTO event_consumers (name, last_txid, last_id)
  SELECT $1, coalesce(min_txid, '0'::xid8), coalesce(min_id, 0)
    FROM (SELECT last_txid AS min_txid, last_id AS min_id FROM event_consumers WHERE name = ANY($2::text[])
           ORDER BY last_txid, last_id LIMIT 1) c RIGHT JOIN (SELECT 1) one ON true
  ON CONFLICT (name) DO NOTHING`;

interface Unpublished {
  id: string;
  txid: string;
  event: string;
  channel: string | null;
}

/**
 * One batch of the relay, in one transaction: lock the relay's row (SKIP LOCKED: one relay at a time across every
 * worker process), read the next events in outbox order, publish each (persistent, routing key = event name), wait
 * for the broker's confirms, then move the position. When the broker does not confirm (closed, nacked, timed out)
 * the transaction rolls back and the batch is published again: consumers absorb the duplicates. Answers how many
 * events it published (0 when another process holds the relay).
 */
export async function relayBatch(db: Db, channel: ConfirmChannel, names: BusNames, limit: number): Promise<number> {
  await db.query(ENSURE_RELAY_ROW, [RELAY_NAME, BUS_CONSUMERS]);
  return db.transaction(async (tx) => {
    const row = await tx.maybeOne<{ last_txid: string; last_id: number }>(
      'SELECT last_txid::text AS last_txid, last_id FROM event_consumers WHERE name = $1 FOR UPDATE SKIP LOCKED',
      [RELAY_NAME],
    );
    if (!row) return 0;
    const events = await tx.query<Unpublished>(
      // Qualified: the output columns of the same names are text, and would sort as text.
      `SELECT e.id::text AS id, e.txid::text AS txid, e.event, e.channel FROM (${NEXT_EVENTS}) e ORDER BY e.txid, e.id`,
      [row.last_txid, row.last_id, limit],
    );
    const last = events[events.length - 1];
    if (!last) return 0;
    for (const event of events) {
      const body = encodeMessage({ id: Number(event.id), txid: event.txid });
      const accepted = channel.publish(names.exchange, eventName(event.event, event.channel), body, {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
      });
      // The channel's write buffer is full: wait until it drained (or closed: the batch fails and is retried).
      if (!accepted) await drained(channel);
    }
    await withTimeout(channel.waitForConfirms(), CONFIRM_TIMEOUT_MS);
    await tx.query(
      `UPDATE event_consumers SET last_txid = $2::xid8, last_id = $3, processed = processed + $4, updated_at = now()
        WHERE name = $1`,
      [RELAY_NAME, last.txid, last.id, events.length],
    );
    return events.length;
  });
}

function drained(channel: ConfirmChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      channel.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      channel.off('drain', onDrain);
      reject(new Error('channel closed while publishing'));
    };
    channel.once('drain', onDrain);
    channel.once('close', onClose);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no publisher confirm within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The worker role's relay with AMQP_URL: a confirm channel on a kept connection, and a poller that publishes batches
 * while there are events (again at once after a full batch; poke() after new events). While the broker is away the
 * rounds publish nothing and events wait in the outbox.
 */
export function startRelay(
  db: Db,
  log: Logger,
  options: { url: string; names: BusNames; batchSize?: number; intervalMs?: number },
): Poller {
  const batchSize = options.batchSize ?? 1000;
  let channel: ConfirmChannel | null = null;
  const poller = startPoller(
    'event-bus-relay',
    log,
    async () => (channel ? (await relayBatch(db, channel, options.names, batchSize)) === batchSize : false),
    options.intervalMs ?? 1000,
  );
  const connection = keepConnected(options.url, log, 'relay', async (model) => {
    const opened = await model.createConfirmChannel();
    opened.on('error', (error: unknown) => log.warn({ err: error }, 'event bus relay channel error'));
    opened.once('close', () => {
      if (channel === opened) channel = null;
    });
    await assertTopology(opened, options.names);
    channel = opened;
    poller.poke();
  });
  return {
    poke: () => poller.poke(),
    async stop() {
      await poller.stop();
      await connection.stop();
    },
  };
}
