import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { keepConnected } from './amqp-connection.ts';
import { assertTopology, type BusNames, decodeMessage } from './amqp-topology.ts';
import type { EventConsumer } from './consumer-runner.ts';
import { startPoller } from './poller.ts';

/**
 * Claims the received events this consumer has not applied: one event_bus_applied row each, inserted in the
 * transaction of the outputs. An event applied before (a re-sent publish, a redelivery after a crash before the ack)
 * conflicts and is left out; so is one the embedded cursor already applied before the installation switched to the
 * bus, and one no longer in the outbox. Ids in ascending order, so two processes claiming overlapping batches lock
 * rows in the same order; the second waits for the first's commit and then finds them taken.
 */
const CLAIM = `INSERT INTO event_bus_applied (consumer, event_id)
  SELECT $1, e.id FROM events e
   WHERE e.id = ANY($2::bigint[])
     AND NOT EXISTS (SELECT 1 FROM event_consumers c WHERE c.name = $1 AND (e.txid, e.id) <= (c.last_txid, c.last_id))
   ORDER BY e.id
  ON CONFLICT (consumer, event_id) DO NOTHING
  RETURNING event_id`;

/** How long an applied event is remembered: far beyond any redelivery (they come within seconds or minutes). */
const REMEMBER_DAYS = 7;

/**
 * Consumers whose outputs have no unique key to settle a race: suppressions keep a history (several rows per
 * recipient), so "add unless one is active" is only right one transaction at a time. Their batches take a
 * transaction-scoped advisory lock; the others (rollups: upserts, webhooks: unique per webhook and event) run in
 * parallel across processes.
 */
const SERIAL = new Set(['suppressions']);

/** Applies the received events a consumer has not applied yet, in one transaction; answers how many were new. */
export async function applyBusBatch(db: Db, consumer: EventConsumer, ids: readonly number[]): Promise<number> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    if (SERIAL.has(consumer.name))
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1)) AS locked', [`mailwright.event-bus.${consumer.name}`]);
    const fresh = (await tx.query<{ event_id: string | number }>(CLAIM, [consumer.name, sorted])).map((r) =>
      Number(r.event_id),
    );
    await consumer.apply(tx, fresh);
    return fresh.length;
  });
}

export interface BusConsumerStats {
  received: number;
  applied: number;
  duplicates: number;
}

export interface BusConsumerOptions {
  url: string;
  names: BusNames;
  consumers: readonly EventConsumer[];
  /** Events applied per transaction; the channel's prefetch is twice that, so the next batch arrives meanwhile. */
  batchSize?: number;
  /** How long a partial batch waits for more messages before it is applied. */
  flushMs?: number;
}

/**
 * The consumers of the event bus (the `events` role with AMQP_URL): one channel per consumer on its durable queue,
 * bounded prefetch, messages collected into batches that are applied in one transaction each and acknowledged only
 * after it committed. A crash before the ack redelivers the batch; the claim makes it change nothing. Any number of
 * processes may share the queues. A failed batch is returned to its queue after a pause.
 */
export function startBusConsumers(db: Db, log: Logger, options: BusConsumerOptions) {
  const batchSize = options.batchSize ?? 500;
  const flushMs = options.flushMs ?? 25;
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  /** Per consumer, since this process started: events received, applied (new), and duplicates absorbed. */
  const stats = new Map<string, BusConsumerStats>(
    options.consumers.map((c) => [c.name, { received: 0, applied: 0, duplicates: 0 }]),
  );

  const subscribe = async (model: ChannelModel, channel: Channel, consumer: EventConsumer) => {
    let pending: ConsumeMessage[] = [];
    let timer: NodeJS.Timeout | null = null;
    let chain: Promise<void> = Promise.resolve();
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      const batch = pending;
      pending = [];
      // Stopping: what is not applied yet stays unacknowledged and comes back to the queue.
      if (!batch.length || stopping) return;
      chain = chain.then(() => applyMessages(channel, consumer, batch));
      const done = chain.finally(() => inFlight.delete(done));
      inFlight.add(done);
    };
    // Any channel failure (a refused ack, a deleted queue) closes the connection, so every channel is opened again.
    channel.once('close', () => {
      if (!stopping) model.close().catch(() => undefined);
    });
    channel.on('error', (error: unknown) =>
      log.warn({ err: error, consumer: consumer.name }, 'event bus channel error'),
    );
    await channel.prefetch(batchSize * 2);
    await channel.consume(options.names.queue(consumer.name), (message) => {
      if (!message) return; // the broker cancelled the consumer (queue deleted): the channel close reconnects
      pending.push(message);
      if (pending.length >= batchSize) flush();
      else timer ??= setTimeout(flush, flushMs);
    });
  };

  const applyMessages = async (channel: Channel, consumer: EventConsumer, batch: ConsumeMessage[]) => {
    const last = batch[batch.length - 1] as ConsumeMessage;
    const ids: number[] = [];
    for (const message of batch) {
      const decoded = decodeMessage(message.content);
      if (decoded) ids.push(decoded.id);
      else log.warn({ consumer: consumer.name }, 'event bus message without an event id dropped');
    }
    try {
      const applied = await applyBusBatch(db, consumer, ids);
      const counts = stats.get(consumer.name);
      if (counts) {
        counts.received += ids.length;
        counts.applied += applied;
        counts.duplicates += ids.length - applied;
      }
      if (applied < ids.length)
        log.info(
          { consumer: consumer.name, received: ids.length, applied, duplicates: ids.length - applied },
          'event bus duplicates absorbed',
        );
      // Every earlier delivery of this channel is settled already: one ack covers the batch.
      channel.ack(last, true);
    } catch (error) {
      // The channel may be gone (the broker restarted): its unacknowledged messages come back on their own.
      if (isClosedChannel(error)) return;
      log.error({ err: error, consumer: consumer.name }, 'event bus batch failed; returned to the queue');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        channel.nack(last, true, true);
      } catch {
        // closed meanwhile: redelivered anyway
      }
    }
  };

  const connection = keepConnected(options.url, log, 'consumers', async (model) => {
    const setup = await model.createChannel();
    await assertTopology(setup, options.names);
    await setup.close();
    for (const consumer of options.consumers) await subscribe(model, await model.createChannel(), consumer);
  });
  // Forget applied events past the redelivery window, so the table stays small.
  const prune = startPoller(
    'event-bus-prune',
    log,
    async () => {
      await db.query(`DELETE FROM event_bus_applied WHERE applied_at < now() - make_interval(days => $1)`, [
        REMEMBER_DAYS,
      ]);
      return false;
    },
    3_600_000,
  );
  return {
    stats: (): Record<string, BusConsumerStats> => Object.fromEntries([...stats].map(([k, v]) => [k, { ...v }])),
    async stop() {
      stopping = true;
      await prune.stop();
      await Promise.allSettled([...inFlight]);
      await connection.stop();
    },
  };
}

const isClosedChannel = (error: unknown) =>
  error instanceof Error && /channel (closed|ended)|connection closed/i.test(error.message);
