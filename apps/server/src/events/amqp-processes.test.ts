import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { freePort, type ServerProcess, startServerProcess } from '../mail/testing/server-process.ts';
import { type LocalDns, startLocalDns } from '../test/local-dns.ts';
import { type MxSink, startMxSink } from '../test/mx-sink.ts';
import { type SeededSender, seedSender, senderTransport } from '../test/seed-sender.ts';
import { openSharedDatabase } from '../test/shared-database.ts';
import { makeTestVhost, type TestVhost, waitUntil } from './amqp-testing.ts';
import { BUS_CONSUMERS } from './amqp-topology.ts';
import { RELAY_NAME } from './relay.ts';

const MESSAGES = 400;
/** Every 8th recipient is refused for good (550): those messages bounce. */
const bounces = (i: number) => i % 8 === 0;

let dns: LocalDns;
let sink: MxSink;
let broker: TestVhost;
let dataDir: string;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let db: Db;
let sender: SeededSender;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  dns = await startLocalDns();
  // A busy MX (80 ms a message, ~25 a second) keeps most deliveries ahead when the processes are killed.
  sink = await startMxSink({ delayMs: 80 });
  dns.set('dest.test', 'MX', [{ exchange: 'mx.dest.test', priority: 10 }]);
  dns.set('mx.dest.test', 'A', ['127.0.0.1']);
  for (let i = 0; i < MESSAGES; i += 1)
    if (bounces(i)) sink.script(`user${i}@dest.test`, Array(5).fill('550 5.1.1 No such user'));
  broker = await makeTestVhost();
  dataDir = await mkdtemp(join(tmpdir(), 'mw-bus-'));
  const shared = await openSharedDatabase({ prefix: 'mw_bus', dataDir, postgres: true, poolSize: 3 });
  ({ db, url: databaseUrl, drop: dropDatabase } = shared);
  sender = await seedSender(db, 'bus.test');
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill('SIGKILL')));
  await db?.close();
  await sink?.stop();
  await dns?.stop();
  await broker?.drop();
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 120_000);

async function start(roles: string, smtpPort: number): Promise<ServerProcess> {
  const child = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      AMQP_URL: broker.url,
      AMQP_PREFIX: 'mwtest.',
      PORT: String(await freePort()),
      SMTP_PORT: String(smtpPort),
      OUTBOUND_SMTP_PORT: String(sink.port),
      DNS_SERVERS: dns.servers.join(','),
      MAIL_HOSTNAME: 'mw.bus.test',
      DELIVERY_CONCURRENCY: '2',
      // A killed worker's claimed rows come due again after the lease; short so the test need not wait long.
      DELIVERY_LEASE_SECONDS: '3',
      RETRY_SCHEDULE_SECONDS: '1',
      MAILWRIGHT_ADMIN_PASSWORD: 'bus-test-password-1',
    },
    { roles, readyMessage: roles.includes('api') ? 'Mailwright console' : 'event bus connected', timeoutMs: 180_000 },
  );
  processes.push(child);
  return child;
}

const count = async (sql: string, params: unknown[] = []) => Number((await db.one<{ n: number }>(sql, params)).n);
const applied = (consumer: string) =>
  count('SELECT count(*) AS n FROM event_bus_applied WHERE consumer = $1', [consumer]);
/** Duplicates the consumer processes reported absorbing (their "event bus duplicates absorbed" log lines). */
const duplicatesIn = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('event bus duplicates absorbed'))
    .reduce((sum, line) => {
      try {
        return sum + Number(JSON.parse(line).duplicates ?? 0);
      } catch {
        return sum; // the first line of a kept tail may be cut
      }
    }, 0);

describe('the event bus (issue 17) loses nothing when processes die: consumer SIGKILL, broker drop, worker SIGKILL', () => {
  it('applies every event exactly once in effect and ends every accepted message delivered or bounced', {
    timeout: 600_000,
  }, async () => {
    const smtpPort = await freePort();
    const started = Date.now();
    const [main, doomedConsumer] = await Promise.all([
      start('api,smtp,worker', smtpPort),
      start('events', smtpPort),
      start('events', smtpPort),
    ]);
    const transport = senderTransport(sender, smtpPort, 4);
    let accepted = 0;
    await Promise.all(
      Array.from({ length: MESSAGES }, async (_, i) => {
        const info = await transport.sendMail({
          from: `app@${sender.domain}`,
          to: `user${i}@dest.test`,
          subject: `Bus test ${i}`,
          text: `Message ${i}`,
        });
        if (/queued as/.test(info.response)) accepted += 1;
      }),
    );
    transport.close();

    // Deliveries under way (some messages at the MX, most not yet) and the consumers at work.
    await waitUntil('deliveries under way', async () => sink.messages.length >= MESSAGES / 8);
    await waitUntil('the consumers at work', async () => (await applied('rollups')) > 0);
    // (b) A consumer process dies mid-run, batches unacknowledged (its messages go to the other one), and at the
    // same moment (c) the worker (with the relay) dies mid-delivery.
    await Promise.all([doomedConsumer.kill('SIGKILL'), main.kill('SIGKILL')]);
    const deliveredBeforeKill = sink.messages.length;
    expect(deliveredBeforeKill).toBeLessThan(MESSAGES);
    // (a) The broker drops every connection (as a restart does): the surviving consumer reconnects.
    await broker.closeConnections();
    const [worker, consumer] = await Promise.all([start('worker', smtpPort), start('events', smtpPort)]);

    await waitUntil(
      'every recipient delivered or bounced',
      async () =>
        (await count(`SELECT count(*) AS n FROM message_recipients WHERE state IN ('delivered', 'bounced')`)) ===
        MESSAGES,
      300_000,
    );
    const events = async () => count('SELECT count(*) AS n FROM events');
    await waitUntil(
      'every event applied by every consumer',
      async () => {
        const total = await events();
        for (const name of BUS_CONSUMERS) if ((await applied(name)) !== total) return false;
        return true;
      },
      300_000,
    );
    const elapsed = Date.now() - started;
    const total = await events();
    const outputs = [...processes.map((p) => p.output())].join('\n');
    await Promise.all([worker.kill('SIGTERM'), consumer.kill('SIGTERM')]);

    // Events in = events applied, and applied once: each rollup equals the outbox's own count.
    const byEvent = await db.query<{ event: string; events: number; rollup: number }>(
      `SELECT e.event, e.n AS events, coalesce(s.n, 0) AS rollup
         FROM (SELECT event, count(*) AS n FROM events GROUP BY event) e
         LEFT JOIN (SELECT event, sum(count) AS n FROM stats_daily WHERE tag = '' GROUP BY event) s USING (event)
        ORDER BY e.event`,
    );
    for (const row of byEvent) expect(Number(row.rollup), row.event).toBe(Number(row.events));
    const of = (name: string) => Number(byEvent.find((r) => r.event === name)?.events ?? 0);
    // Messages accepted = delivered + bounced, by the recipients' state and by the statistics.
    expect(accepted).toBe(MESSAGES);
    const delivered = await count(`SELECT count(*) AS n FROM message_recipients WHERE state = 'delivered'`);
    const bounced = await count(`SELECT count(*) AS n FROM message_recipients WHERE state = 'bounced'`);
    expect(delivered + bounced).toBe(MESSAGES);
    expect(bounced).toBeGreaterThan(0);
    expect(of('accepted')).toBe(MESSAGES);
    expect(of('delivered') + of('hardbounce')).toBe(MESSAGES);
    // Every hard bounce suppressed its recipient once (the suppressions consumer on the bus).
    expect(await count('SELECT count(*) AS n FROM suppressions WHERE customer_id = $1', [sender.customerId])).toBe(
      bounced,
    );
    const relayed = await count('SELECT processed AS n FROM event_consumers WHERE name = $1', [RELAY_NAME]);
    expect(relayed).toBe(total);
    console.log(
      `[event bus processes] ${MESSAGES} messages, ${total} events in ${elapsed} ms; delivered ${delivered}, ` +
        `bounced ${bounced}; MX had ${deliveredBeforeKill} before the worker kill and ${sink.messages.length} after ` +
        `(at-least-once resends ${sink.messages.length - delivered}); duplicates absorbed by consumers ${duplicatesIn(outputs)}`,
    );
  });
});
