/**
 * Statistics benchmark on PostgreSQL: loads N synthetic events (default 10 million) spread over the last year for one
 * customer and domain into a database of its own, runs the rollup consumer over them and prints the ingest rate, then
 * the p50/p99 latency of a one-month and a one-year statistics query (through the service the API uses) and of a logs
 * search by recipient.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:stats -- [--events 10000000] [--keep]
 *   npm run bench:stats -- --reuse mw_bench_stats_xxxx    # only the queries, on a database an earlier --keep left
 *
 * (TEST_DATABASE_URL is used when BENCH_DATABASE_URL is not set.) Targets: statistics p99 < 100 ms, logs p99 < 200 ms.
 */
import { randomBytes } from 'node:crypto';
import { logsQuery, statsQuery } from '@mailwright/contract';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { drainConsumer } from '../apps/server/src/events/consumer-runner.ts';
import { rollupsConsumer } from '../apps/server/src/events/rollups.consumer.ts';
import { listLogs } from '../apps/server/src/features/logs/logs.repo.ts';
import { readStats } from '../apps/server/src/features/stats/stats.service.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const TOTAL = Number(option('events') ?? 10_000_000);
const REUSE = option('reuse');
const KEEP = args.includes('--keep') || REUSE !== undefined;
const CHUNK = 1_000_000;
const RECIPIENTS = 500_000;
const RUNS = 200;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    'Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}

const name = REUSE ?? `mw_bench_stats_${randomBytes(4).toString('hex')}`;
if (!/^mw_bench_stats_\w+$/.test(name)) throw new Error(`Not a benchmark database: ${name}`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!REUSE) await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = await openPostgres(url.toString(), 4);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function time(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(samples, 99).toFixed(1).padStart(6)} ms`,
  );
}

/** Loads the events and rolls them up (steps 1 and 2); answers the customer and domain. */
async function loadAndRollUp(start: Date): Promise<{ cid: number; did: number }> {
  await migrate(db);
  const { id: cid } = await db.one<{ id: number }>(
    "INSERT INTO customers (name) VALUES ('Bench customer') RETURNING id",
  );
  const { id: did } = await db.one<{ id: number }>(
    `INSERT INTO domains (customer_id, name, dkim_selector, dkim_private_key, dkim_public_key, bounce_host, tracking_host)
     VALUES ($1, 'bench.example.com', 'mw1', 'unused', 'unused', 'mwb.bench.example.com', 'mwt.bench.example.com')
     RETURNING id`,
    [cid],
  );

  // 1. Load: one INSERT … SELECT generate_series per million events, time increasing with the id as in real life.
  // The secondary indexes of events are dropped for the load and built afterwards (one sort instead of 10 million
  // random B-tree inserts, which took 500 s here with the indexes on): this benchmark is about rollups and queries.
  const indexes = await db.query<{ name: string; definition: string }>(
    "SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'events' AND indexname <> 'events_pkey'",
  );
  for (const index of indexes) await db.exec(`DROP INDEX ${index.name}`);
  console.log(`Loading ${TOTAL.toLocaleString('en')} events over a year for one customer (PostgreSQL)…`);
  let started = performance.now();
  for (let from = 1; from <= TOTAL; from += CHUNK) {
    const to = Math.min(TOTAL, from + CHUNK - 1);
    await db.query(
      `INSERT INTO events (customer_id, domain_id, message_id, recipient_id, recipient, event, category, bot, tags, created_at)
       SELECT $1, $2, g / 3, g, 'user' || (g * 7919 % $5) || '@example.net', ev,
              CASE WHEN ev IN ('hardbounce', 'softbounce')
                   THEN (ARRAY['bad-mailbox', 'quota-issues', 'spam-related', 'unreachable-mx', 'other'])[1 + g % 5] END,
              ev IN ('opened', 'clicked') AND r2 < 0.2,
              CASE WHEN r2 < 0.4 THEN '{}'::text[] WHEN r2 < 0.6 THEN '{welcome}' WHEN r2 < 0.8 THEN '{newsletter}'
                   WHEN r2 < 0.9 THEN '{receipt}' ELSE '{newsletter,spring}' END,
              $6::timestamptz + (g::float8 / $7) * interval '365 days'
         FROM (SELECT g, random() AS r, random() AS r2 FROM generate_series($3::bigint, $4::bigint) g) s,
         LATERAL (SELECT CASE WHEN r < 0.30 THEN 'accepted' WHEN r < 0.58 THEN 'delivered' WHEN r < 0.60 THEN 'softbounce'
                              WHEN r < 0.61 THEN 'hardbounce' WHEN r < 0.81 THEN 'opened' WHEN r < 0.89 THEN 'clicked'
                              WHEN r < 0.895 THEN 'unsubscribed' WHEN r < 0.896 THEN 'complained'
                              WHEN r < 0.90 THEN 'rejected' ELSE 'queued' END AS ev) e`,
      [cid, did, from, to, RECIPIENTS, start, TOTAL],
    );
    process.stdout.write(`  ${to.toLocaleString('en')} events\r`);
  }
  const loadMs = performance.now() - started;
  process.stdout.write('\n');
  started = performance.now();
  for (const index of indexes) await db.exec(index.definition);
  await db.exec('ANALYZE events');
  console.log(
    `Loaded in ${seconds(loadMs)} s; ${indexes.length} indexes built in ${seconds(performance.now() - started)} s`,
  );

  // 2. Rollups: the production consumer, in its batches.
  started = performance.now();
  const consumed = await drainConsumer(db, rollupsConsumer, 50_000);
  const rollMs = performance.now() - started;
  // What autovacuum does in steady state: index-only scans need the visibility map.
  await db.exec('VACUUM ANALYZE stats_hourly, stats_daily');
  const rows = await db.one<{ hourly: number; daily: number }>(
    'SELECT (SELECT count(*) FROM stats_hourly)::int AS hourly, (SELECT count(*) FROM stats_daily)::int AS daily',
  );
  console.log(
    `Rollup ingest: ${consumed.toLocaleString('en')} events in ${seconds(rollMs)} s = ${Math.round(consumed / (rollMs / 1000)).toLocaleString('en')} events/s ` +
      `(${rows.hourly.toLocaleString('en')} hourly and ${rows.daily.toLocaleString('en')} daily rollup rows)`,
  );
  return { cid, did };
}

try {
  let end = new Date();
  let start = new Date(end.getTime() - 365 * 86_400_000);
  let cid: number;
  let did: number;
  if (REUSE) {
    const found = await db.one<{ cid: number; did: number; first: Date; last: Date }>(
      `SELECT d.customer_id AS cid, d.id AS did, (SELECT min(created_at) FROM events) AS first,
              (SELECT max(created_at) FROM events) AS last FROM domains d WHERE d.name = 'bench.example.com'`,
    );
    ({ cid, did } = found);
    [start, end] = [new Date(found.first), new Date(found.last)];
    console.log(`Reusing ${name}: events from ${start.toISOString()} to ${end.toISOString()}`);
  } else ({ cid, did } = await loadAndRollUp(start));

  // 3. Queries, as the API runs them.
  const day = 86_400_000;
  const monthAt = (i: number) => {
    const to = new Date(end.getTime() - ((i * 7) % 330) * day);
    return { from: new Date(to.getTime() - 30 * day).toISOString(), to: to.toISOString() };
  };
  console.log(`\nLatency over ${RUNS} runs each (after 5 warm-up runs):`);
  await time('stats, one month (daily), data=domain', RUNS, (i) =>
    readStats(db, cid, did, statsQuery.parse(monthAt(i))),
  );
  await time('stats, one month, data=dsn', RUNS, (i) =>
    readStats(db, cid, did, statsQuery.parse({ ...monthAt(i), data: 'dsn' })),
  );
  await time('stats, one month, data=tag', RUNS, (i) =>
    readStats(db, cid, did, statsQuery.parse({ ...monthAt(i), data: 'tag' })),
  );
  await time('stats, one year (monthly), data=domain', RUNS, (i) =>
    readStats(
      db,
      cid,
      did,
      statsQuery.parse({ from: new Date(end.getTime() - (365 + (i % 5)) * day).toISOString(), to: end.toISOString() }),
    ),
  );
  await time('stats, 3 days (hourly), data=domain', RUNS, (i) =>
    readStats(
      db,
      cid,
      did,
      statsQuery.parse({
        from: new Date(end.getTime() - (3 + (i % 30)) * day).toISOString(),
        to: new Date(end.getTime() - (i % 30) * day).toISOString(),
      }),
    ),
  );
  let found = 0;
  await time('logs search by recipient (one year, 20 a page)', RUNS, async (i) => {
    const recipient = `user${(i * 104_729) % RECIPIENTS}@example.net`;
    const result = await listLogs(
      db,
      cid,
      did,
      logsQuery.parse({ recipient, from: start.toISOString(), to: end.toISOString() }),
    );
    found += result.total;
  });
  console.log(`(the recipient searches found ${(found / (RUNS + 5)).toFixed(1)} events per recipient on average)`);
  console.log('\nTargets: statistics p99 < 100 ms, logs search by recipient p99 < 200 ms.');
} finally {
  await db.close();
  if (!KEEP) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else console.log(`Kept database ${name}`);
  await admin.end();
}
