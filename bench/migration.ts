// `node bench/migration.ts [--suppressions 100000] [--templates 200] [--db pglite|postgres]`
//
// Issue 18: the time and peak memory to migrate a Mailgun account from its local fake (apps/server/src/test/
// provider-fakes): `--suppressions` bounces/unsubscribes/complaints (60/30/10 %) read 1,000 a page, and `--templates`
// templates with two versions each (one call per version for the content), through the runner exactly as the worker
// role runs it. Peak RSS is sampled every 50 ms in this one process (the fake, the runner and the database share it, so
// the figure is an upper bound on what the runner needs).
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { insertDomain } from '../apps/server/src/features/domains/domains.repo.ts';
import { runMigrationsOnce } from '../apps/server/src/features/migration/migration.runner.ts';
import { countImported } from '../apps/server/src/features/migration/testing.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { generateDkimKey } from '../apps/server/src/mail/dns/dkim-keys.ts';
import { sealColumn } from '../apps/server/src/secrets/secret-columns.ts';
import { installSecretKeys, newSecretKeyEntry, parseSecretKeys } from '../apps/server/src/secrets/secret-keys.ts';
import { MAILGUN_KEY, startMailgunFake } from '../apps/server/src/test/provider-fakes/mailgun-fake.ts';
import { openBenchDb } from './bench-db.ts';

const { values } = parseArgs({
  options: {
    suppressions: { type: 'string', default: '100000' },
    templates: { type: 'string', default: '200' },
    db: { type: 'string', default: 'pglite' },
  },
});
const total = Number(values.suppressions);
const templates = Number(values.templates);

installSecretKeys(parseSecretKeys(newSecretKeyEntry(), 'bench'));
const fake = await startMailgunFake({
  domains: ['bench.example.com'],
  bounces: Math.round(total * 0.6),
  unsubscribes: Math.round(total * 0.3),
  complaints: total - Math.round(total * 0.6) - Math.round(total * 0.3),
  whitelists: 0,
  templates,
  versionsPerTemplate: 2,
});
const { db, drop } = await openBenchDb(values.db);
await migrate(db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MIGRATION_MAILGUN_US_URL: fake.url });
const deps = { config, db, log: createLogger(config) };

const cid = (await db.one<{ id: number }>("INSERT INTO customers (name) VALUES ('bench') RETURNING id")).id;
const did = await insertDomain(db, cid, {
  name: 'bench.example.com',
  key: await generateDkimKey(),
  bounceHost: 'bounces.bench.example.com',
  trackingHost: 'track.bench.example.com',
});
const methods = ['suppressions', 'templates'];
const id = (
  await db.one<{ id: number }>(
    `INSERT INTO migrations (customer_id, integration, instance, from_domain, target_domain, target_customer_id,
        target_domain_id, methods, status) VALUES ($1, 'mailgun', 'us', 'bench.example.com', 'bench.example.com', $1, $2, $3, 'running')
      RETURNING id`,
    [cid, did, methods],
  )
).id;
await db.query('UPDATE migrations SET credentials = $2 WHERE id = $1', [
  id,
  sealColumn('migrations.credentials', id, JSON.stringify({ token: MAILGUN_KEY })),
]);
for (const [position, method] of methods.entries()) {
  await db.query('INSERT INTO migration_steps (migration_id, method, position) VALUES ($1, $2, $3)', [
    id,
    method,
    position,
  ]);
}

const baseline = process.memoryUsage().rss;
let peak = baseline;
let peakHeap = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 50);
const started = performance.now();
while (await runMigrationsOnce(deps)) {
  // one pass per claim; a pass ends when the migration does
}
const ms = performance.now() - started;
clearInterval(sampler);
const counts = await countImported(db, did);
const state = await db.one<{ status: string }>('SELECT status FROM migrations WHERE id = $1', [id]);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
console.log(`database: ${values.db}; migration ${state.status}`);
console.log(
  `imported: ${counts.bounce + counts.unsubscribe + counts.complaint} suppressions, ${counts.templates} templates, ${counts.versions} versions`,
);
console.log(`time: ${(ms / 1000).toFixed(1)} s (${Math.round((total / ms) * 1000)} suppressions/s overall)`);
console.log(`peak RSS: ${mb(peak)} (at start ${mb(baseline)}, +${mb(peak - baseline)}); peak JS heap: ${mb(peakHeap)}`);
console.log(`provider calls: ${fake.requests.length}`);
await fake.close();
await drop();
