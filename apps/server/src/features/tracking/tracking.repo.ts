import type { Db } from '../../db/client.ts';

/** The message and recipient a tracking link stands for, with when that recipient's mail was delivered. */
export interface TrackedRecipient {
  customer_id: number;
  domain_id: number;
  message_id: number | null;
  tags: string[];
  recipient_id: number | null;
  recipient: string;
  delivered_at: Date | null;
}

/**
 * Finds a message by domain and Message-ID and, within it, the recipient by address; with no address (a message to
 * several recipients), the recipient only when there is exactly one. Undefined when the message is gone or unknown.
 */
export function findTrackedRecipient(
  db: Db,
  domainId: number,
  messageId: string,
  recipient: string,
): Promise<TrackedRecipient | undefined> {
  return db.maybeOne<TrackedRecipient>(
    `SELECT m.customer_id, m.domain_id, m.id AS message_id, m.tags, r.id AS recipient_id,
            coalesce(r.recipient, $3) AS recipient,
            (SELECT max(e.created_at) FROM events e
              WHERE e.message_id = m.id AND e.recipient_id = r.id AND e.event = 'delivered') AS delivered_at
       FROM messages m
       LEFT JOIN LATERAL (
         SELECT id, recipient FROM message_recipients mr
          WHERE mr.message_id = m.id
            AND CASE WHEN $3 = '' THEN (SELECT count(*) FROM message_recipients x WHERE x.message_id = m.id) = 1
                     ELSE lower(mr.recipient) = lower($3) END
          LIMIT 1) r ON true
      WHERE m.domain_id = $1 AND m.message_id_header = $2
      ORDER BY m.id DESC LIMIT 1`,
    [domainId, messageId, recipient],
  );
}

export interface TrackingEvent {
  target: TrackedRecipient;
  event: 'opened' | 'clicked' | 'unsubscribed';
  bot: boolean;
  url: string | null;
  userAgent: string | null;
  ip: string | null;
}

/** Writes the event into the outbox: statistics, webhooks and suppressions take it from there. */
export async function insertTrackingEvent(db: Db, e: TrackingEvent): Promise<void> {
  await db.query(
    `INSERT INTO events (customer_id, domain_id, message_id, recipient_id, recipient, event, bot, tags, url, user_agent, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11)`,
    [
      e.target.customer_id,
      e.target.domain_id,
      e.target.message_id,
      e.target.recipient_id,
      e.target.recipient,
      e.event,
      e.bot,
      e.target.tags,
      e.url,
      e.userAgent?.slice(0, 500) ?? null,
      e.ip,
    ],
  );
}

export function domainName(db: Db, domainId: number): Promise<{ name: string } | undefined> {
  return db.maybeOne<{ name: string }>('SELECT name FROM domains WHERE id = $1', [domainId]);
}

/** Whether an address is one of a message's recipients (the unsubscribe page asks when the link names nobody). */
export async function isRecipientOf(db: Db, messageId: number, address: string): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>(
    'SELECT id FROM message_recipients WHERE message_id = $1 AND lower(recipient) = lower($2) LIMIT 1',
    [messageId, address],
  );
  return row ? Number(row.id) : null;
}

/** For an unsubscribe link whose message is gone (retention): the recipient is still known from the signed link. */
export async function targetWithoutMessage(
  db: Db,
  domainId: number,
  recipient: string,
): Promise<TrackedRecipient | undefined> {
  const domain = await db.maybeOne<{ customer_id: number }>('SELECT customer_id FROM domains WHERE id = $1', [
    domainId,
  ]);
  if (!domain) return undefined;
  const base = { message_id: null, tags: [], recipient_id: null, delivered_at: null };
  return { ...base, customer_id: domain.customer_id, domain_id: domainId, recipient };
}

/** Whether this recipient already unsubscribed through this message (a second click changes nothing). */
export async function hasUnsubscribed(db: Db, target: TrackedRecipient): Promise<boolean> {
  const row = await db.maybeOne(
    `SELECT 1 FROM events WHERE domain_id = $1 AND recipient = $2 AND event = 'unsubscribed'
        AND message_id IS NOT DISTINCT FROM $3 LIMIT 1`,
    [target.domain_id, target.recipient, target.message_id],
  );
  return row !== undefined;
}
