import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLogger } from '../../log.ts';
import { openTestDb } from '../../test/test-db.ts';
import { enterBackoff, isInBackoff } from './backoff.repo.ts';
import { DestinationBackoff } from './destination-backoff.ts';

let db: Db & { drop(): Promise<void> };
const log = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.drop());

const guard = (options: Partial<ConstructorParameters<typeof DestinationBackoff>[2]> = {}) =>
  new DestinationBackoff(db, log, {
    concurrency: 2,
    sendIntervalMs: 5,
    retrySeconds: 600,
    defaultMinutes: 60,
    maxWaitMs: 3000,
    ...options,
  });

describe('DestinationBackoff', () => {
  it('leaves destinations that are not in backoff alone', async () => {
    const g = guard();
    expect(await g.admit('free.test', 10_000)).toBeNull();
    const release = await g.slot('free.test');
    release();
    const due = new Date(Date.now() + 1000);
    expect(g.retryAt('free.test', due, new Date(Date.now() + 3_600_000))).toBe(due);
    expect(g.peakInFlight.get('free.test')).toBeUndefined();
  });

  it('in backoff: at most `concurrency` sends at once, rows put off when too many would wait, retries pushed out', async () => {
    await enterBackoff(db, 'busy.test', '421 slow down', 30);
    const g = guard();
    const sends = Array.from({ length: 6 }, async () => {
      const release = await g.slot('busy.test');
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
    });
    await Promise.all(sends);
    expect(g.peakInFlight.get('busy.test')).toBe(2);

    const slow = guard({ sendIntervalMs: 1000, concurrency: 1 });
    expect(await slow.admit('busy.test', 2)).toBeNull();
    const putOff = await slow.admit('busy.test', 5);
    expect(putOff?.getTime()).toBeGreaterThan(Date.now() + 500_000);

    const expires = new Date(Date.now() + 3_600_000);
    expect(slow.retryAt('busy.test', new Date(), expires).getTime()).toBeGreaterThan(Date.now() + 500_000);
    const soon = new Date(Date.now() + 60_000);
    expect(slow.retryAt('busy.test', new Date(), soon)).toEqual(soon);
  });

  it('a backoff reply enters backoff with the pattern minutes; a success of a later send ends it', async () => {
    const g = guard();
    const before = new Date(Date.now() - 1000);
    expect(
      await g.judge('flaky.test', { code: 421, text: '421 4.7.0 Rate limit exceeded' }, 'mx.flaky.test', before),
    ).toBe('backoff');
    const row = await isInBackoff(db, 'flaky.test');
    expect(row).toMatchObject({ destination: 'flaky.test', mx_host: 'mx.flaky.test', hits: 1 });
    await g.judge('flaky.test', { code: 421, text: '421 4.7.0 Rate limit exceeded' }, 'mx.flaky.test', before);
    expect((await isInBackoff(db, 'flaky.test'))?.hits).toBe(2);
    // A success of a send that started before the backoff began says nothing about now.
    await g.judge('flaky.test', { code: 250, text: '250 ok' }, 'mx.flaky.test', before);
    expect(await isInBackoff(db, 'flaky.test')).not.toBeNull();
    await g.judge('flaky.test', { code: 250, text: '250 ok' }, 'mx.flaky.test', new Date(Date.now() + 1));
    expect(await isInBackoff(db, 'flaky.test')).toBeNull();
    expect(await g.judge('flaky.test', { code: 550, text: '550 5.1.1 no such user' }, 'mx', new Date())).toBe('bounce');
    expect(await g.judge('flaky.test', { code: 451, text: '451 4.3.0 later' }, 'mx', new Date())).toBe('retry');
  });
});
