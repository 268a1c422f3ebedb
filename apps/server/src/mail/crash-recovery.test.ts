import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../test/local-dns.ts';
import { type MxSink, startMxSink } from '../test/mx-sink.ts';
import { type SeededSender, seedSender, senderTransport } from '../test/seed-sender.ts';
import { openSharedDatabase } from '../test/shared-database.ts';
import { testDbKind } from '../test/test-db.ts';
import { rawHeader } from './testing/dkim-check.ts';
import { freePort, type ServerProcess, startServerProcess } from './testing/server-process.ts';

const MESSAGES = 400;

let dns: LocalDns;
let sink: MxSink;
let dataDir: string;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | null = null;
let sender: SeededSender;

beforeAll(async () => {
  dns = await startLocalDns();
  // A busy MX (30 ms a message, 2 connections: ~65 messages/s) keeps deliveries in flight long enough to kill the
  // server among them, even on a loaded machine.
  sink = await startMxSink({ delayMs: 30 });
  dns.set('dest.test', 'MX', [{ exchange: 'mx.dest.test', priority: 10 }]);
  dns.set('mx.dest.test', 'A', ['127.0.0.1']);
  dataDir = await mkdtemp(join(tmpdir(), 'mw-crash-'));
  // The key file in the data folder: the child server finds it there and opens the DKIM key sealed here.
  const shared = await openSharedDatabase({ prefix: 'mw_crash', dataDir });
  databaseUrl = shared.url;
  dropDatabase = shared.drop;
  sender = await seedSender(shared.db, 'crash.test');
  await shared.db.close(); // PGlite: one process at a time on a data folder
}, 120_000);

afterAll(async () => {
  await sink?.stop();
  await dns?.stop();
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startServer(smtpPort: number): Promise<ServerProcess> {
  return startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '4',
      PORT: String(await freePort()),
      SMTP_PORT: String(smtpPort),
      OUTBOUND_SMTP_PORT: String(sink.port),
      DNS_SERVERS: dns.servers.join(','),
      MAIL_HOSTNAME: 'mw.crash.test',
      DELIVERY_CONCURRENCY: '2',
      // A killed worker's claimed rows come due again after the lease; short here so the test need not wait long.
      DELIVERY_LEASE_SECONDS: '3',
      RETRY_SCHEDULE_SECONDS: '1',
      MAILWRIGHT_ADMIN_PASSWORD: 'crash-test-password-1',
    },
    { readyMessage: 'Mailwright console', timeoutMs: 180_000 },
  );
}

describe('nothing lost: SIGKILL while delivering', () => {
  it('every accepted message reaches the MX after a kill and a restart (at least once)', {
    timeout: 600_000,
  }, async () => {
    const smtpPort = await freePort();
    const first = await startServer(smtpPort);
    const accepted = new Set<string>();
    try {
      const transport = senderTransport(sender, smtpPort, 4);
      await Promise.all(
        Array.from({ length: MESSAGES }, async (_, i) => {
          const info = await transport.sendMail({
            from: `app@${sender.domain}`,
            to: `user${i}@dest.test`,
            subject: `Crash test ${i}`,
            text: `Message ${i}`,
          });
          const id = info.response.match(/queued as <([^>]+)>/)?.[1];
          if (id) accepted.add(id);
        }),
      );
      transport.close();
      // Kill while deliveries are under way: some arrived, most not yet.
      await expect
        .poll(() => sink.messages.length, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(MESSAGES / 5);
    } finally {
      await first.kill('SIGKILL');
    }
    const deliveredBeforeKill = sink.messages.length;
    expect(deliveredBeforeKill).toBeLessThan(MESSAGES);

    const second = await startServer(smtpPort);
    try {
      const seen = () => new Set(sink.messages.map((m) => rawHeader(m.raw, 'Message-ID')?.slice(1, -1)));
      await expect
        .poll(() => [...accepted].filter((id) => !seen().has(id)).length, { timeout: 300_000, interval: 250 })
        .toBe(0);
    } finally {
      await second.kill('SIGTERM');
    }
    const ids = sink.messages.map((m) => rawHeader(m.raw, 'Message-ID'));
    const duplicates = ids.length - new Set(ids).size;
    console.log(
      `[crash-recovery ${testDbKind}] accepted ${accepted.size}, delivered before the kill ${deliveredBeforeKill}, ` +
        `received ${ids.length}, unique ${new Set(ids).size}, duplicates ${duplicates}`,
    );
    expect(accepted.size).toBe(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
  });
});
