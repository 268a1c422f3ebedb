import type { Db } from '../../db/client.ts';
import { insertTogether } from '../sql-batch.ts';
import type { Personalization } from '../tracking/personalize.ts';
import { PAUSED_ROW_SQL } from './destination-limits.repo.ts';
import type { Transport } from './smtp-client.ts';

/** A claimed queue row with everything needed to deliver it. */
export interface Delivery {
  queueId: number;
  messageId: number;
  customerId: number;
  domainId: number;
  recipientDomain: string;
  recipients: { id: number; address: string }[];
  /** Attempts of this row so far, this one included. */
  attempts: number;
  expiresAt: Date;
  tags: string[];
  testmode: boolean;
  /** Sent from a sandbox domain: delivered only to the catch-all MX (deliver.ts). */
  sandbox: boolean;
  /** Null when the sending domain was deleted meanwhile. */
  bounceHost: string | null;
  raw: Buffer;
  /** The Message-ID header (without angle brackets): the per-recipient tokens name the message by it. */
  messageIdHeader?: string;
  /** SMTPUTF8 / BODY=8BITMIME for MAIL FROM (migration 0014). */
  transport?: Transport;
  /** Set when `raw` is unsigned and each recipient gets a copy of its own (deliver.ts copyFor). */
  personalize?: Personalization | null;
  /** The envelope sender instead of VERP (a route's SRS forward, '' for a bounce we send); null: VERP. */
  envelopeFrom?: string | null;
  /** When the row was queued (at acceptance): the delivery latency metric counts from it. */
  queuedAt?: Date;
}

interface ClaimedRow {
  id: number;
  message_id: number;
  recipient_domain: string;
  recipient_ids: number[];
  attempts: number;
  expires_at: Date;
  created_at: Date;
  paused: boolean;
}

interface MessageRow {
  id: number;
  customer_id: number;
  domain_id: number;
  tags: string[];
  testmode: boolean;
  raw: Uint8Array;
  bounce_host: string | null;
  sandbox: boolean | null;
  message_id_header: string;
  smtputf8: boolean;
  body_8bitmime: boolean;
  personalize: Personalization | null;
  envelope_from: string | null;
}

const toBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Claims up to `limit` due queue rows (FOR UPDATE SKIP LOCKED: concurrent workers never take the same row) by
 * pushing their due time past the lease, then loads their messages and recipients. A row to a paused destination or
 * of a paused customer (destination-limits.repo.ts) is parked in the same statement instead: out of every claim
 * until the pause is lifted, no attempt counted.
 */
export async function claimDeliveries(db: Db, limit: number, leaseSeconds: number): Promise<Delivery[]> {
  const rows = await db.query<ClaimedRow>(
    `UPDATE delivery_queue q
        SET due_at = CASE WHEN due.paused THEN 'infinity' ELSE now() + make_interval(secs => $2) END,
            attempts = q.attempts + CASE WHEN due.paused THEN 0 ELSE 1 END,
            hold = CASE WHEN due.paused THEN 'paused' ELSE q.hold END
       FROM (SELECT id, ${PAUSED_ROW_SQL} AS paused FROM delivery_queue dq
              WHERE due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE q.id = due.id
     RETURNING q.id, q.message_id, q.recipient_domain, q.recipient_ids, q.attempts, q.expires_at, q.created_at,
               due.paused`,
    [limit, leaseSeconds],
  );
  const claimed = rows.filter((row) => !row.paused);
  if (!claimed.length) return [];
  const messageIds = [...new Set(claimed.map((c) => Number(c.message_id)))];
  const recipientIds = claimed.flatMap((c) => c.recipient_ids.map(Number));
  const [messages, recipients] = await Promise.all([
    db.query<MessageRow>(
      `SELECT m.id, m.customer_id, m.domain_id, m.tags, m.testmode, b.raw, d.bounce_host, d.sandbox,
              m.message_id_header, m.smtputf8, m.body_8bitmime, m.personalize, m.envelope_from
         FROM messages m JOIN message_bodies b ON b.message_id = m.id LEFT JOIN domains d ON d.id = m.domain_id
        WHERE m.id = ANY($1::bigint[])`,
      [messageIds],
    ),
    db.query<{ id: number; recipient: string }>(
      'SELECT id, recipient FROM message_recipients WHERE id = ANY($1::bigint[])',
      [recipientIds],
    ),
  ]);
  const messageById = new Map(messages.map((m) => [Number(m.id), m]));
  const addressById = new Map(recipients.map((r) => [Number(r.id), r.recipient]));
  const deliveries: Delivery[] = [];
  for (const row of claimed) {
    const message = messageById.get(Number(row.message_id));
    if (!message) continue; // pruned by retention meanwhile: nothing left to send
    deliveries.push({
      queueId: Number(row.id),
      messageId: Number(row.message_id),
      customerId: message.customer_id,
      domainId: message.domain_id,
      recipientDomain: row.recipient_domain,
      recipients: row.recipient_ids.map(Number).map((id) => ({ id, address: addressById.get(id) ?? '' })),
      attempts: row.attempts,
      expiresAt: new Date(row.expires_at),
      tags: message.tags,
      testmode: message.testmode,
      sandbox: message.sandbox === true,
      bounceHost: message.bounce_host,
      raw: toBuffer(message.raw),
      messageIdHeader: message.message_id_header,
      transport: { smtputf8: message.smtputf8, eightBitMime: message.body_8bitmime },
      personalize: message.personalize,
      envelopeFrom: message.envelope_from,
      queuedAt: new Date(row.created_at),
    });
  }
  return deliveries;
}

/** Pushes the lease of rows this worker still holds (the heartbeat); rows already done are gone and unaffected. */
export async function extendLeases(db: Db, queueIds: readonly number[], leaseSeconds: number): Promise<void> {
  await db.query('UPDATE delivery_queue SET due_at = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[])', [
    queueIds,
    leaseSeconds,
  ]);
}

export type RecipientOutcome = 'delivered' | 'softbounce' | 'hardbounce';

/** What one attempt at one recipient came to. */
export interface RecipientResult {
  recipientId: number;
  recipient: string;
  outcome: RecipientOutcome;
  category: string | null;
  replyCode: number | null;
  reply: string;
  mxHost: string | null;
  remoteIp: string | null;
  tls: boolean;
  startedAt: Date;
  durationMs: number;
  /** False when nothing reached the wire (no MX, testmode): no delivery_attempts row. */
  attempted: boolean;
}

/** The end of one claimed row: its recipients' results, and when to retry those still to deliver (or done). */
export interface DeliveryResult {
  delivery: Delivery;
  results: RecipientResult[];
  retry: { recipientIds: number[]; dueAt: Date } | null;
}

const STATE: Record<RecipientOutcome, string> = { delivered: 'delivered', softbounce: 'queued', hardbounce: 'bounced' };

/** Writes a batch of delivery results in one transaction: attempts, events, recipient states, queue rows. */
export async function recordDeliveryResults(db: Db, batch: readonly DeliveryResult[]): Promise<undefined[]> {
  const attempts: unknown[][] = [];
  const events: unknown[][] = [];
  const states: unknown[] = [];
  const done: number[] = [];
  const retries: unknown[] = [];
  for (const { delivery: d, results, retry } of batch) {
    for (const r of results) {
      if (r.attempted) {
        attempts.push([
          d.messageId,
          r.recipientId,
          r.mxHost,
          r.remoteIp,
          r.replyCode,
          r.reply,
          r.tls,
          r.startedAt,
          r.durationMs,
        ]);
      }
      events.push([
        d.customerId,
        d.domainId,
        d.messageId,
        r.recipientId,
        r.recipient,
        r.outcome,
        r.category,
        r.reply,
        d.tags,
      ]);
      states.push(r.recipientId, STATE[r.outcome], r.reply);
    }
    if (retry) retries.push(d.queueId, retry.recipientIds, retry.dueAt);
    else done.push(d.queueId);
  }
  await db.transaction(async (tx) => {
    await insertTogether(tx, [
      {
        table: 'delivery_attempts',
        columns: [
          'message_id',
          'recipient_id',
          'mx_host',
          'remote_ip',
          'reply_code',
          'reply_text',
          'tls',
          'started_at',
          'duration_ms',
        ],
        rows: attempts,
        casts: { started_at: 'timestamptz' },
      },
      {
        table: 'events',
        columns: [
          'customer_id',
          'domain_id',
          'message_id',
          'recipient_id',
          'recipient',
          'event',
          'category',
          'reply',
          'tags',
        ],
        rows: events,
        casts: { tags: 'text[]' },
      },
    ]);
    // 3 parameters a recipient; chunks keep each statement far below PostgreSQL's 65535 parameters.
    for (let at = 0; at < states.length; at += 30_000) {
      const chunk = states.slice(at, at + 30_000);
      await tx.query(
        `UPDATE message_recipients r SET state = v.state, attempts = r.attempts + 1, last_reply = v.reply, updated_at = now()
           FROM (VALUES ${tuples(chunk.length / 3, 3, ['bigint', 'text', 'text'])}) AS v(id, state, reply)
          WHERE r.id = v.id`,
        chunk,
      );
    }
    if (done.length) await tx.query('DELETE FROM delivery_queue WHERE id = ANY($1::bigint[])', [done]);
    if (retries.length) {
      await tx.query(
        `UPDATE delivery_queue q SET recipient_ids = v.ids, due_at = v.due_at
           FROM (VALUES ${tuples(retries.length / 3, 3, ['bigint', 'bigint[]', 'timestamptz'])}) AS v(id, ids, due_at)
          WHERE q.id = v.id`,
        retries,
      );
    }
  });
  return batch.map(() => undefined);
}

/** `($1::t1,$2::t2),($3::t1,…)` for `rows` rows of `width` parameters. */
function tuples(rows: number, width: number, types: readonly string[]): string {
  return Array.from(
    { length: rows },
    (_, row) => `(${types.map((type, col) => `$${row * width + col + 1}::${type}`).join(',')})`,
  ).join(',');
}
