/**
 * A manual check, not part of the suite (it stops the machine's RabbitMQ for ~10 s, twice, which every user of the
 * broker notices): N outbox events through relay and consumers while the broker app is restarted with
 * `rabbitmqctl stop_app` / `start_app`, once while the relay publishes, once while the consumers apply. Prints the
 * figures and whether the statistics equal the outbox's own counts, on a throwaway PostgreSQL database next to
 * BENCH_DATABASE_URL (default the local server). Run from the repository root:
 *
 *   ./node_modules/.bin/node bench/event-bus-restart.ts [events]
 */
import { execFileSync } from 'node:child_process';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { startBusConsumers } from '../apps/server/src/events/amqp-consumer.ts';
import { makeTestVhost } from '../apps/server/src/events/amqp-testing.ts';
import { busNames } from '../apps/server/src/events/amqp-topology.ts';
import { RELAY_NAME, startRelay } from '../apps/server/src/events/relay.ts';
import { rollupsConsumer } from '../apps/server/src/events/rollups.consumer.ts';
import { createSuppressionsConsumer } from '../apps/server/src/features/suppressions/suppressions.consumer.ts';
import { webhooksConsumer } from '../apps/server/src/features/webhooks/webhooks.consumer.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { createBenchDatabase } from './bench-db.ts';

const N = Number(process.argv[2] ?? 20_000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const database = await createBenchDatabase();
const db = await openPostgres(database.url, 8);
await migrate(db);
const broker = await makeTestVhost();
const log = createLogger({ logLevel: 'warn', logPretty: false });
for (let done = 0; done < N; done += 5000)
  await db.query(
    `INSERT INTO events (customer_id, domain_id, recipient, event)
     SELECT 1, 1, 'r' || (g % 3000) || '@example.net', (ARRAY['accepted', 'delivered', 'opened', 'hardbounce'])[1 + g % 4]
       FROM generate_series(1, $1::int) g`,
    [Math.min(5000, N - done)],
  );
await pause(500); // the inserts become final for the relay

const names = busNames('mwrestart.');
const relayed = async () =>
  Number(
    (
      await db.one<{ n: number }>('SELECT coalesce((SELECT processed FROM event_consumers WHERE name = $1), 0) AS n', [
        RELAY_NAME,
      ])
    ).n,
  );
const applied = async () =>
  (await db.query<{ n: number }>('SELECT count(*) AS n FROM event_bus_applied GROUP BY consumer')).map((r) =>
    Number(r.n),
  );
const restartBroker = () => {
  const started = Date.now();
  execFileSync('rabbitmqctl', ['-q', 'stop_app']);
  execFileSync('rabbitmqctl', ['-q', 'start_app']);
  return Date.now() - started;
};

const started = Date.now();
const relay = startRelay(db, log, { url: broker.url, names });
while ((await relayed()) < N / 2) await pause(20);
const down1 = restartBroker(); // the relay mid-run; what it published waits in the durable queues
const bus = startBusConsumers(db, log, {
  url: broker.url,
  names,
  consumers: [rollupsConsumer, createSuppressionsConsumer(), webhooksConsumer],
});
for (;;) {
  const counts = await applied();
  if (counts.length === 3 && Math.min(...counts) >= N / 4) break;
  await pause(20);
}
const down2 = restartBroker(); // the consumers mid-run
for (;;) {
  const counts = await applied();
  if (counts.length === 3 && counts.every((n) => n === N)) break;
  await pause(100);
}
const elapsed = Date.now() - started;
const byEvent = (sql: string) =>
  db.query<{ event: string; n: number }>(sql).then((rows) => JSON.stringify(rows.map((r) => [r.event, Number(r.n)])));
const equal =
  (await byEvent('SELECT event, count(*) AS n FROM events GROUP BY 1 ORDER BY 1')) ===
  (await byEvent(`SELECT event, sum(count) AS n FROM stats_daily WHERE tag = '' GROUP BY 1 ORDER BY 1`));
console.log(
  JSON.stringify({
    events: N,
    elapsedMs: elapsed,
    brokerRestartMs: [down1, down2],
    relayed: await relayed(),
    consumers: bus.stats(),
    rollupsEqualOutbox: equal,
  }),
);
await relay.stop();
await bus.stop();
await db.close();
await database.drop();
await broker.drop();
process.exit(equal ? 0 : 1);
