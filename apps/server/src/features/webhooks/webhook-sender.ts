import type { Db } from '../../db/client.ts';
import { type Poller, startPoller } from '../../events/poller.ts';
import type { Logger } from '../../log.ts';
import { loadSigningKey } from './signing-key.ts';
import { type PostResult, postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-post.ts';
import { openWebhookUrl } from './webhooks.repo.ts';

/** Delays before each retry: 1 min, 5 min, 30 min, 2 h, 6 h. After the last one fails, the delivery is deferred. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * Seconds until the next try after `attempts` failed ones, with ±10% jitter so receivers that come back are not hit
 * by every waiting delivery at once; null when it is time to give up (defer).
 */
export function retryDelaySeconds(attempts: number, random = Math.random): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_SECONDS[Math.max(0, attempts - 1)] as number;
  return Math.round(base * (0.9 + 0.2 * random()));
}

interface ClaimedDelivery {
  id: number;
  customer_id: number;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
}

/**
 * Takes due deliveries and pushes their due time past the request timeout while this process holds them: if it
 * crashes, they come due again by themselves (at least once; receivers dedupe on the event id).
 */
async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const rows = await db.query<ClaimedDelivery & { webhook_id: number }>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => $2), updated_at = now()
       FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id, d.customer_id, d.payload, d.attempts, d.webhook_id, w.url`,
    [limit, leaseSeconds],
  );
  return rows.map(({ webhook_id, ...row }) => ({ ...row, url: openWebhookUrl(webhook_id, row.url) }));
}

async function recordResult(db: Db, delivery: ClaimedDelivery, result: PostResult): Promise<void> {
  const attempts = delivery.attempts + 1;
  if (result.ok) {
    await db.query(
      `UPDATE webhook_deliveries SET state = 'delivered', attempts = $2, last_status = $3, last_error = NULL,
              updated_at = now() WHERE id = $1`,
      [delivery.id, attempts, result.status],
    );
    return;
  }
  const delay = retryDelaySeconds(attempts);
  await db.query(
    `UPDATE webhook_deliveries SET attempts = $2, last_status = $3, last_error = $4, updated_at = now(),
            state = CASE WHEN $5::float8 IS NULL THEN 'deferred' ELSE 'pending' END,
            next_attempt_at = CASE WHEN $5::float8 IS NULL THEN next_attempt_at
                                   ELSE now() + make_interval(secs => $5::float8) END
      WHERE id = $1`,
    [delivery.id, attempts, result.status, result.error, delay],
  );
}

/** One round: send up to `limit` due deliveries, `concurrency` at a time. Answers how many it sent (or tried). */
export async function sendDueWebhooks(
  db: Db,
  options: { allowPrivate: boolean; limit?: number; concurrency?: number },
): Promise<number> {
  const limit = options.limit ?? 100;
  const concurrency = options.concurrency ?? 10;
  const claimed = await claimDue(db, limit, (WEBHOOK_TIMEOUT_MS / 1000) * 3);
  const keys = new Map<number, Promise<string>>();
  const keyFor = (cid: number) => {
    const key = keys.get(cid) ?? loadSigningKey(db, cid);
    keys.set(cid, key);
    return key;
  };
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next++] as ClaimedDelivery;
      const key = await keyFor(delivery.customer_id);
      const result = await postWebhook(delivery.url, delivery.payload, key, { allowPrivate: options.allowPrivate });
      await recordResult(db, delivery, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
  return claimed.length;
}

/** The worker role's webhook sender: polls for due deliveries every second. */
export function startWebhookSender(
  db: Db,
  log: Logger,
  options: { allowPrivate: boolean; intervalMs?: number; limit?: number },
): Poller {
  const limit = options.limit ?? 100;
  const round = async () => (await sendDueWebhooks(db, { allowPrivate: options.allowPrivate, limit })) === limit;
  return startPoller('webhook-sender', log, round, options.intervalMs ?? 1000);
}
