import type { InboundAuth } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { startPoller } from '../../events/poller.ts';
import type { Logger } from '../../log.ts';
import { loadSigningKey } from '../webhooks/signing-key.ts';
import { type PostResult, postWebhook, WEBHOOK_TIMEOUT_MS } from '../webhooks/webhook-post.ts';
import { retryDelaySeconds } from '../webhooks/webhook-sender.ts';
import { parseInbound } from './inbound-parse.ts';

interface ClaimedPost {
  id: number;
  customer_id: number;
  attempts: number;
  url: string;
  inbound_id: number;
  domain_id: number;
  recipient: string;
  sender: string;
  from_header: string;
  subject: string;
  stored: boolean;
  raw: Uint8Array;
  auth: InboundAuth | null;
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Takes due posts and leases them past the request timeout (a crash makes them due again: at least once). */
async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedPost[]> {
  return db.query<ClaimedPost>(
    `WITH due AS (
       SELECT id FROM inbound_posts WHERE state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE inbound_posts p SET next_attempt_at = now() + make_interval(secs => $2), updated_at = now()
       FROM due, inbound_messages m
      WHERE p.id = due.id AND m.id = p.inbound_message_id
     RETURNING p.id::int AS id, p.customer_id, p.attempts, p.url, m.id::int AS inbound_id, m.domain_id, m.recipient,
               m.sender, m.from_header, m.subject, m.stored, m.raw, m.auth`,
    [limit, leaseSeconds],
  );
}

const MAILGUN_WORDS: Record<string, string> = { softfail: 'SoftFail', temperror: 'TempError', permerror: 'PermError' };
/** Mailgun writes result words capitalised: Pass, Fail, SoftFail, Neutral, None. */
const mailgunWord = (result: string) => MAILGUN_WORDS[result] ?? result.charAt(0).toUpperCase() + result.slice(1);

/** Mailgun's SPF and DKIM fields, and the DMARC result beside them (no Mailgun name for it). */
const authFields = (auth: InboundAuth | null) =>
  auth
    ? {
        'X-Mailgun-Spf': mailgunWord(auth.spf.result),
        'X-Mailgun-Dkim-Check-Result': mailgunWord(auth.dkim.result),
        'X-Mailwright-Dmarc-Result': mailgunWord(auth.dmarc.result),
      }
    : {};

/**
 * The body of a route's URL forward: Mailgun's inbound field names (recipient, sender, from, subject, body-plain,
 * body-html, stripped-text, message-headers, attachment-count), so a receiver written for Mailgun routes reads it.
 * postWebhook adds `signature: {timestamp, token, signature}`, HMAC-SHA256 with the account's signing key.
 */
export async function buildInboundPayload(post: Omit<ClaimedPost, 'id' | 'customer_id' | 'attempts' | 'url'>) {
  const parsed = await parseInbound(toBuffer(post.raw));
  return {
    recipient: post.recipient,
    sender: post.sender,
    from: post.from_header,
    subject: post.subject,
    'body-plain': parsed.text ?? '',
    'body-html': parsed.html ?? '',
    'stripped-text': parsed.strippedText,
    'message-headers': parsed.headers.map((h) => [h.name, h.value]),
    'attachment-count': parsed.attachments.length,
    attachments: parsed.attachments,
    // Where the console API serves it while it is kept (stored messages only).
    'message-url': post.stored ? `/api/routes/${post.domain_id}/messages/${post.inbound_id}` : null,
    // SPF and DKIM as checked at our MX; message-headers starts with our Authentication-Results field.
    ...authFields(post.auth),
  };
}

async function recordResult(db: Db, post: ClaimedPost, result: PostResult) {
  const attempts = post.attempts + 1;
  const delay = result.ok ? null : retryDelaySeconds(attempts);
  await db.query(
    `UPDATE inbound_posts SET attempts = $2, last_status = $3, last_error = $4, updated_at = now(),
            state = CASE WHEN $5 THEN 'delivered' WHEN $6::float8 IS NULL THEN 'deferred' ELSE 'pending' END,
            next_attempt_at = CASE WHEN $6::float8 IS NULL THEN next_attempt_at
                                   ELSE now() + make_interval(secs => $6::float8) END
      WHERE id = $1`,
    [post.id, attempts, result.status, result.error, result.ok, delay],
  );
}

/** Drops messages past their keeping time (and their posts with them), a batch a round. */
async function pruneExpired(db: Db): Promise<void> {
  await db.query(
    `DELETE FROM inbound_messages WHERE id IN (
       SELECT id FROM inbound_messages WHERE expires_at <= now() ORDER BY expires_at LIMIT 500)`,
  );
}

/** One round: POSTs up to `limit` due forwards, a few at a time, over the webhooks' SSRF-guarded client. */
export async function sendDueInboundPosts(
  db: Db,
  options: { allowPrivate: boolean; limit?: number; concurrency?: number },
): Promise<number> {
  await pruneExpired(db);
  const claimed = await claimDue(db, options.limit ?? 50, (WEBHOOK_TIMEOUT_MS / 1000) * 3);
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const post = claimed[next++] as ClaimedPost;
      const key = await loadSigningKey(db, post.customer_id);
      const payload = await buildInboundPayload(post);
      const result = await postWebhook(post.url, payload, key, { allowPrivate: options.allowPrivate });
      await recordResult(db, post, result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 5, claimed.length) }, worker));
  return claimed.length;
}

/** The worker role's sender of route URL forwards: polls every second, like the webhook sender. */
export function startInboundPostSender(db: Db, log: Logger, options: { allowPrivate: boolean; intervalMs?: number }) {
  const limit = 50;
  const round = async () => (await sendDueInboundPosts(db, { allowPrivate: options.allowPrivate, limit })) === limit;
  return startPoller('inbound-post-sender', log, round, options.intervalMs ?? 1000);
}
