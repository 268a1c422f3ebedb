import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';

/**
 * Prometheus metrics of one Mailwright process (issue 17). Counters and histograms count what this process did; the
 * queue, webhook and event-bus gauges are read from the database when scraped, so any process answers them for the
 * whole installation. One registry per process: the engine records into it, /metrics (or METRICS_PORT) exposes it.
 */
export const registry = new Registry();

export const messagesAccepted = new Counter({
  name: 'mailwright_messages_accepted_total',
  help: 'Messages accepted at intake by this process, per way in (smtp, api, mailgun, sendgrid, system, route).',
  labelNames: ['via'] as const,
  registers: [registry],
});

export const deliveryOutcomes = new Counter({
  name: 'mailwright_delivery_outcomes_total',
  help: 'Recipient outcomes of delivery attempts made by this process: delivered, deferred (to retry) or bounced, with the bounce category.',
  labelNames: ['outcome', 'category'] as const,
  registers: [registry],
});

export const deliveryLatency = new Histogram({
  name: 'mailwright_delivery_latency_seconds',
  help: 'From acceptance to the delivery attempt that ended a recipient (delivered or bounced), in seconds.',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 14_400, 86_400],
  registers: [registry],
});

export const smtpAttemptSeconds = new Histogram({
  name: 'mailwright_smtp_attempt_seconds',
  help: 'Duration of one SMTP delivery attempt (connect to the final reply), in seconds.',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

let started = false;
/** The database the gauges read: the latest started server's (tests start several servers in one process). */
let gaugeDb: Db | null = null;

/**
 * Starts the per-process defaults (CPU, memory, event-loop lag, handles) and the database-read gauges. The labels
 * say which process answered: its roles and pid.
 */
export function startMetrics(db: Db, roles: readonly string[]): void {
  gaugeDb = db;
  registry.setDefaultLabels({ roles: [...roles].sort().join(','), pid: String(process.pid) });
  if (started) return;
  started = true;
  collectDefaultMetrics({ register: registry, prefix: 'mailwright_' });
  registerDatabaseGauges();
}

/** The server that set gaugeDb stopped: its database is closed and must not be read. */
export function stopMetrics(db: Db): void {
  if (gaugeDb === db) gaugeDb = null;
}

function registerDatabaseGauges(): void {
  // Each collect reads gaugeDb at scrape time; with no running server the gauges keep their last values.
  const query = <T>(sql: string) => (gaugeDb ? gaugeDb.query<T>(sql) : Promise.resolve(null));
  new Gauge({
    name: 'mailwright_queue_depth',
    help: 'Queue rows waiting for delivery: due now, or deferred to a later attempt.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await query<{ due: string; deferred: string }>(
        `SELECT count(*) FILTER (WHERE due_at <= now()) AS due, count(*) FILTER (WHERE due_at > now()) AS deferred
           FROM delivery_queue`,
      );
      if (!rows) return;
      const row = rows[0];
      this.set({ state: 'due' }, Number(row?.due ?? 0));
      this.set({ state: 'deferred' }, Number(row?.deferred ?? 0));
    },
  });
  new Gauge({
    name: 'mailwright_webhook_backlog',
    help: 'Webhook deliveries not yet delivered: pending (being retried) and deferred (every retry failed).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await query<{ state: string; n: string }>(
        `SELECT state, count(*) AS n FROM webhook_deliveries WHERE state <> 'delivered' GROUP BY state`,
      );
      if (!rows) return;
      for (const state of ['pending', 'deferred'])
        this.set({ state }, Number(rows.find((r) => r.state === state)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'mailwright_event_bus_lag_seconds',
    help: 'Per event consumer (rollups, webhooks, suppressions…): age of the oldest event it has not applied yet; 0 when it is up to date.',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      // The next event after each consumer's cursor, by the outbox's own (txid, id) order and index.
      // With RabbitMQ (AMQP_URL) the relay ('amqp-relay') is the outbox's reader and the embedded consumers' rows
      // stand still: whichever side moved last is shown, so a switch either way leaves no stale lag behind.
      const rows = await query<{ name: string; lag: number | string | null }>(
        `WITH cursors AS (
           SELECT c.name, c.updated_at, extract(epoch FROM now() - e.created_at) AS lag
             FROM event_consumers c
             LEFT JOIN LATERAL (
               SELECT created_at FROM events WHERE (txid, id) > (c.last_txid, c.last_id) ORDER BY txid, id LIMIT 1
             ) e ON true)
         SELECT name, lag FROM cursors c
          WHERE NOT EXISTS (SELECT 1 FROM cursors o WHERE (o.name = 'amqp-relay') <> (c.name = 'amqp-relay')
                                                      AND o.updated_at > c.updated_at)`,
      );
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ consumer: row.name }, Math.max(0, Number(row.lag ?? 0)));
    },
  });
  new Gauge({
    name: 'mailwright_event_bus_unpublished',
    help: 'Events the RabbitMQ relay has not published yet (counted up to 100000); 0 without the event bus.',
    registers: [registry],
    async collect() {
      const rows = await query<{ n: number | string }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM events e WHERE (e.txid, e.id) > (c.last_txid, c.last_id)
                                        LIMIT 100000) x) AS n
           FROM event_consumers c WHERE c.name = 'amqp-relay'`,
      );
      if (rows) this.set(Number(rows[0]?.n ?? 0));
    },
  });
}
