import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client.ts';
import { freePort, type ServerProcess, startServerProcess } from './mail/testing/server-process.ts';
import { type LocalDns, startLocalDns } from './test/local-dns.ts';
import { type MxSink, startMxSink } from './test/mx-sink.ts';
import { type SeededSender, seedSender, senderTransport } from './test/seed-sender.ts';
import { openSharedDatabase } from './test/shared-database.ts';
import { testDbKind } from './test/test-db.ts';

/** Messages per submitting process (two smtp and two api processes): 240 in all. */
const PER_PROCESS = 60;
/** DELIVERY_CONCURRENCY: connections to one MX host, both worker processes together. */
const LIMIT = 2;

let dns: LocalDns;
let sink: MxSink;
let dataDir: string;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | null = null;
let sender: SeededSender;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dns = await startLocalDns();
  // A busy MX (20 ms a message): deliveries overlap, so two workers would open more than LIMIT sessions if the limit
  // were per process.
  sink = await startMxSink({ delayMs: 20 });
  dns.set('dest.test', 'MX', [{ exchange: 'mx.dest.test', priority: 10 }]);
  dns.set('mx.dest.test', 'A', ['127.0.0.1']);
  dataDir = await mkdtemp(join(tmpdir(), 'mw-many-'));
  const shared = await openSharedDatabase({ prefix: 'mw_many', dataDir });
  databaseUrl = shared.url;
  dropDatabase = shared.drop;
  sender = await seedSender(shared.db, 'many.test');
  await shared.db.close();
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((p) => p.kill('SIGTERM')));
  await sink?.stop();
  await dns?.stop();
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** `mailwright serve --roles <roles>` on the shared database; ready when its port listens or its worker started. */
async function serve(roles: 'api' | 'smtp' | 'worker', port: number): Promise<ServerProcess> {
  const child = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      PORT: String(roles === 'api' ? port : await freePort()),
      SMTP_PORT: String(roles === 'smtp' ? port : await freePort()),
      OUTBOUND_SMTP_PORT: String(sink.port),
      DNS_SERVERS: dns.servers.join(','),
      MAIL_HOSTNAME: 'mw.many.test',
      DELIVERY_CONCURRENCY: String(LIMIT),
      // Two workers on one host would both start the sandbox catch-all on its port.
      SANDBOX: 'off',
      MAILWRIGHT_ADMIN_PASSWORD: 'many-processes-password-1',
    },
    roles === 'worker'
      ? { roles, readyMessage: 'delivery worker started', timeoutMs: 180_000 }
      : { roles, readyPort: port, timeoutMs: 180_000 },
  );
  running.push(child);
  return child;
}

async function sendOverSmtp(port: number, from: number) {
  const transport = senderTransport(sender, port, 3);
  try {
    await Promise.all(
      Array.from({ length: PER_PROCESS }, (_, i) =>
        transport.sendMail({
          from: `app@${sender.domain}`,
          to: `user${from + i}@dest.test`,
          subject: `Many ${from + i}`,
          text: `Message ${from + i}`,
        }),
      ),
    );
  } finally {
    transport.close();
  }
}

async function sendOverHttp(port: number, from: number) {
  for (let at = 0; at < PER_PROCESS; at += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const i = from + at + j;
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sender.sendingToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            from: `app@${sender.domain}`,
            to: `user${i}@dest.test`,
            subject: `Many ${i}`,
            text: 'x',
          }),
        });
        if (res.status !== 200) throw new Error(`send ${i}: HTTP ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/**
 * Two api, two smtp and two worker processes on one PostgreSQL: every message reaches the MX exactly once, and the
 * MX never sees more sessions than the shared per-destination limit.
 */
async function manyProcessesOnePostgres() {
  const [api1, api2, smtp1, smtp2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // The first start creates the superadmin of an empty database; the others start together after it.
  await serve('api', api1);
  await Promise.all([
    serve('api', api2),
    serve('smtp', smtp1),
    serve('smtp', smtp2),
    serve('worker', 0),
    serve('worker', 0),
  ]);

  await Promise.all([
    sendOverSmtp(smtp1, 0),
    sendOverSmtp(smtp2, PER_PROCESS),
    sendOverHttp(api1, 2 * PER_PROCESS),
    sendOverHttp(api2, 3 * PER_PROCESS),
  ]);
  const total = 4 * PER_PROCESS;
  await sink.waitFor(total, 300_000);
  // A moment for a duplicate to arrive, if one were on its way.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const received = sink.messages.flatMap((m) => m.rcptTo);
  const counts = new Map<string, number>();
  for (const rcpt of received) counts.set(rcpt, (counts.get(rcpt) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1);
  console.log(
    `[many-processes] ${total} sent through 2 smtp + 2 api processes, ${received.length} received, ` +
      `${counts.size} distinct, ${twice.length} twice, at most ${sink.maxConcurrent()} sessions at once (limit ${LIMIT})`,
  );
  expect(twice).toEqual([]);
  expect(counts.size).toBe(total);
  expect(received).toHaveLength(total);
  expect(sink.maxConcurrent()).toBeLessThanOrEqual(LIMIT);
  expect(sink.maxConcurrent()).toBeGreaterThan(0);

  // Every process is in the operators' list with its role.
  const db = await openPostgres(databaseUrl, 1);
  try {
    const roles = await db.query<{ roles: string[] }>('SELECT roles FROM processes ORDER BY roles');
    expect(roles.map((r) => r.roles.join(','))).toEqual(['api', 'api', 'smtp', 'smtp', 'worker', 'worker']);
  } finally {
    await db.close();
  }
}

/** PGlite keeps its data in one process: a second process on the same folder refuses to start, and says why. */
async function secondProcessOnPglite() {
  await serve('api', await freePort());
  await expect(serve('worker', 0)).rejects.toThrow(/in use by a running Mailwright/);
}

// Each database runs the scenario it supports (nothing is skipped): PostgreSQL the six processes, PGlite the refusal.
const scenario =
  testDbKind === 'postgres'
    ? {
        title:
          'two api, two smtp and two worker processes deliver a batch exactly once, within one shared limit per MX',
        run: manyProcessesOnePostgres,
      }
    : {
        title: 'a second process on the same PGlite folder refuses to start (PGlite is for one process)',
        run: secondProcessOnPglite,
      };

describe('issue 17: many processes on one database', () => {
  it(scenario.title, { timeout: 600_000 }, scenario.run);
});
