import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../log.ts';
import { type MxSink, startMxSink } from '../../test/mx-sink.ts';
import { openTestDb } from '../../test/test-db.ts';
import { enterBackoff } from '../backoff/backoff.repo.ts';
import { DestinationBackoff } from '../backoff/destination-backoff.ts';
import { DestinationLimits } from './destination-limits.ts';
import { SmtpClientPool } from './smtp-client-pool.ts';

const log = createLogger({ logLevel: 'silent', logPretty: false });
let db: Awaited<ReturnType<typeof openTestDb>>;
const started: DestinationLimits[] = [];

/** A limiter as one worker process has it (its own holder token), on the shared database. */
function processLimits(limit: number, options: { ttlSeconds?: number; keepFreedMs?: number } = {}) {
  const limits = new DestinationLimits(db, log, { limit, ...options });
  started.push(limits);
  return limits;
}

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  for (const limits of started) await limits.stop();
  await db.drop();
});

describe('issue 17: per-destination connection limits shared by every process', () => {
  it('gives at most `limit` slots of a destination across processes; a freed slot goes to the next asker', async () => {
    const a = processLimits(2, { keepFreedMs: 1 });
    const b = processLimits(2);
    const [first, second, third] = await Promise.all([
      a.acquire('mx.a.test'),
      a.acquire('mx.a.test'),
      a.acquire('mx.a.test'),
    ]);
    expect([first?.slot, second?.slot].sort()).toEqual([0, 1]);
    expect(third).toBeNull();
    expect(await b.acquire('mx.a.test')).toBeNull();
    // Another destination has slots of its own.
    expect((await b.acquire('mx.b.test'))?.slot).toBe(0);

    first?.release();
    await new Promise((resolve) => setTimeout(resolve, 50)); // a's short keep runs out: the slot is deleted
    const taken = await b.acquire('mx.a.test');
    expect(taken?.slot).toBe(first?.slot);
    expect(a.heldCount).toBe(1);
  });

  it('reuses a slot it just freed without asking the database again, and never hands out one slot twice', async () => {
    const a = processLimits(1, { keepFreedMs: 10_000 });
    const lease = await a.acquire('mx.reuse.test');
    lease?.release();
    lease?.release(); // twice: still one spare
    const again = await a.acquire('mx.reuse.test');
    expect(again?.slot).toBe(0);
    expect(await a.acquire('mx.reuse.test')).toBeNull();
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM destination_leases WHERE destination = 'mx.reuse.test'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('takes over the slots of a crashed process once they expire', async () => {
    const crashed = processLimits(1, { ttlSeconds: 1 }); // never renews: start() is not called
    expect(await crashed.acquire('mx.crash.test')).not.toBeNull();
    const survivor = processLimits(1);
    expect(await survivor.acquire('mx.crash.test')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await survivor.acquire('mx.crash.test'))?.slot).toBe(0);
  });

  it('marks a lease lost when its slot expired and another process took it (the connection then closes)', async () => {
    const stalled = processLimits(1, { ttlSeconds: 3 });
    const lease = await stalled.acquire('mx.lost.test');
    await db.query(
      "UPDATE destination_leases SET expires_at = now() - interval '1 second' WHERE destination = 'mx.lost.test'",
    );
    const other = processLimits(1);
    expect(await other.acquire('mx.lost.test')).not.toBeNull();
    stalled.start(); // renews every second: finds the slot gone
    await expect.poll(() => lease?.lost, { timeout: 5000 }).toBe(true);
    await stalled.stop();
    // Stopping frees only its own rows: the other process keeps its slot.
    const rows = await db.query<{ holder: string }>(
      "SELECT holder FROM destination_leases WHERE destination = 'mx.lost.test'",
    );
    expect(rows).toEqual([{ holder: other.holder }]);
  });

  it('many processes asking at once get exactly `limit` slots between them', async () => {
    const processes = Array.from({ length: 8 }, () => processLimits(3));
    const leases = await Promise.all(processes.flatMap((p) => [p.acquire('mx.race.test'), p.acquire('mx.race.test')]));
    const granted = leases.filter((lease) => lease !== null);
    expect(granted).toHaveLength(3);
    expect(new Set(granted.map((lease) => lease?.slot))).toEqual(new Set([0, 1, 2]));
  });
});

describe('issue 17: two pools (two worker processes) keep to one shared limit at the MX', () => {
  let sink: MxSink;
  beforeAll(async () => {
    sink = await startMxSink({ tls: false, delayMs: 20 });
  });
  afterAll(async () => {
    await sink.stop();
  });

  it('40 sends from each of two pools never have more than 2 sessions open at the sink', async () => {
    const pools = [0, 1].map(() => {
      const limits = processLimits(2);
      limits.start();
      return new SmtpClientPool({ heloName: 'mw.limits.test', port: sink.port, perHostLimit: 2, limits });
    });
    const target = { host: 'mx.shared.test', ip: '127.0.0.1', priority: 10 };
    const outcomes = await Promise.all(
      pools.flatMap((pool, p) =>
        Array.from({ length: 40 }, (_, i) =>
          pool.send(
            target,
            { from: 'bounce@mw.test', to: `r${p}-${i}@shared.test` },
            Buffer.from('Subject: x\r\n\r\nhi\r\n'),
          ),
        ),
      ),
    );
    expect(outcomes.every((o) => o.code === 250)).toBe(true);
    expect(sink.messages).toHaveLength(80);
    expect(sink.maxConcurrent()).toBeLessThanOrEqual(2);
    expect(pools[0]?.openConnections).toBeLessThanOrEqual(2);
    for (const pool of pools) await pool.close();
  }, 60_000);
});

describe('issue 17: BACKOFF_CONCURRENCY counts every process together', () => {
  it('two workers sending to a destination in backoff never have more than `concurrency` sends under way', async () => {
    await enterBackoff(db, 'calm.test', '421 4.7.0 Too many connections', 30);
    const workers = [0, 1].map(() => {
      const shared = processLimits(1, { keepFreedMs: 1 });
      return new DestinationBackoff(db, log, {
        concurrency: 1,
        sendIntervalMs: 1,
        retrySeconds: 600,
        defaultMinutes: 60,
        shared,
      });
    });
    let active = 0;
    let peak = 0;
    const sends = workers.flatMap((worker) =>
      Array.from({ length: 3 }, async () => {
        const release = await worker.slot('calm.test');
        peak = Math.max(peak, ++active);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active--;
        release();
      }),
    );
    await Promise.all(sends);
    // Each worker alone keeps to 1; together they would reach 2 without the shared slot.
    expect(workers.map((w) => w.peakInFlight.get('calm.test'))).toEqual([1, 1]);
    expect(peak).toBe(1);
  }, 30_000);
});
