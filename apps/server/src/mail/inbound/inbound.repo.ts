import type { Db } from '../../db/client.ts';

/** The message recipient a VERP address stands for, with what an event about it needs. */
export interface VerpTarget {
  recipientId: number;
  messageId: number;
  customerId: number;
  domainId: number;
  recipient: string;
  state: string;
  tags: string[];
}

interface TargetRow {
  id: number;
  message_id: number;
  customer_id: number;
  domain_id: number;
  recipient: string;
  state: string;
  tags: string[];
}

/**
 * The recipient behind a VERP id, only when the address was at the bounce host of that recipient's own domain: a
 * valid id at another customer's host is as unknown as a made-up one.
 */
export async function findVerpTarget(
  db: Db,
  recipientId: number,
  bounceHost: string | null,
): Promise<VerpTarget | null> {
  // bounceHost null: the id was read from a signed VERP address quoted in a report (its MAC vouches for it).
  const row = await db.maybeOne<TargetRow>(
    `SELECT r.id, r.message_id, r.customer_id, r.domain_id, r.recipient, r.state, m.tags
       FROM message_recipients r JOIN messages m ON m.id = r.message_id JOIN domains d ON d.id = r.domain_id
      WHERE r.id = $1 AND ($2::text IS NULL OR d.bounce_host = $2)`,
    [recipientId, bounceHost?.toLowerCase().replace(/\.$/, '') ?? null],
  );
  if (!row) return null;
  return {
    recipientId: Number(row.id),
    messageId: Number(row.message_id),
    customerId: row.customer_id,
    domainId: row.domain_id,
    recipient: row.recipient,
    state: row.state,
    tags: row.tags,
  };
}

export interface InboundEvent {
  event: 'hardbounce' | 'softbounce' | 'queued' | 'complained' | 'unsubscribed';
  category: string | null;
  reply: string;
}

/**
 * Writes the event and, for a hard bounce, the recipient's new state, in one statement (so one transaction and one
 * round trip). A report that repeats what is already known (a second DSN for a bounced recipient, a second complaint
 * or unsubscribe) writes nothing; answers whether it wrote. The recipient row is locked first, so two reports about
 * it arriving together are applied one after the other.
 */
export async function recordInboundEvent(db: Db, target: VerpTarget, event: InboundEvent): Promise<boolean> {
  const row = await db.one<{ written: number }>(
    `WITH current AS (SELECT state FROM message_recipients WHERE id = $4 FOR UPDATE),
     fresh AS (
       SELECT 1 FROM current
        WHERE CASE $6::text
                WHEN 'hardbounce' THEN current.state <> 'bounced'
                WHEN 'softbounce' THEN true
                ELSE NOT EXISTS (SELECT 1 FROM events WHERE message_id = $3 AND recipient_id = $4 AND event = $6::text)
              END
     ),
     added AS (
       INSERT INTO events (customer_id, domain_id, message_id, recipient_id, recipient, event, category, reply, tags)
       SELECT $1, $2, $3, $4, $5, $6::text, $7, $8, $9::text[] FROM fresh
       RETURNING 1
     ),
     bounced AS (
       UPDATE message_recipients SET state = 'bounced', last_reply = $8, updated_at = now()
        WHERE id = $4 AND $6::text = 'hardbounce' AND EXISTS (SELECT 1 FROM added)
     )
     SELECT count(*)::int AS written FROM added`,
    [
      target.customerId,
      target.domainId,
      target.messageId,
      target.recipientId,
      target.recipient,
      event.event,
      event.category,
      event.reply,
      target.tags,
    ],
  );
  return row.written > 0;
}
