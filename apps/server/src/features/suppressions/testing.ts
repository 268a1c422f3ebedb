import type { Db } from '../../db/client.ts';
import { drainConsumer, type EventConsumer } from '../../events/consumer-runner.ts';

/**
 * Runs a consumer until it has taken every event written so far (for tests; the worker role runs consumers in a
 * loop). On PostgreSQL an event waits while any older transaction of the server still runs (see events/outbox.ts),
 * and other databases' tests on the same server hold such transactions for a while: so this polls, up to `timeoutMs`.
 */
export async function consumeEverything(db: Db, consumer: EventConsumer, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainConsumer(db, consumer);
    const row = await db.one<{ done: boolean }>(
      `SELECT coalesce((SELECT (e.txid, e.id) <= (c.last_txid, c.last_id)
                          FROM events e ORDER BY e.txid DESC, e.id DESC LIMIT 1), true) AS done
         FROM event_consumers c WHERE c.name = $1`,
      [consumer.name],
    );
    if (row.done) return;
    if (Date.now() > deadline) throw new Error(`${consumer.name} did not catch up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
