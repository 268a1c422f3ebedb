import type { Db } from '../../db/client.ts';
import { insertRows } from '../sql-batch.ts';

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
export async function findVerpTarget(db: Db, recipientId: number, bounceHost: string): Promise<VerpTarget | null> {
  const row = await db.maybeOne<TargetRow>(
    `SELECT r.id, r.message_id, r.customer_id, r.domain_id, r.recipient, r.state, m.tags
       FROM message_recipients r JOIN messages m ON m.id = r.message_id JOIN domains d ON d.id = r.domain_id
      WHERE r.id = $1 AND d.bounce_host = $2`,
    [recipientId, bounceHost.toLowerCase().replace(/\.$/, '')],
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
  event: 'hardbounce' | 'softbounce' | 'complained' | 'unsubscribed';
  category: string | null;
  reply: string;
}

/**
 * Writes the event and, for a hard bounce, the recipient's new state, in one transaction. A report that repeats what
 * is already known (a second DSN for a bounced recipient, a second complaint) writes nothing; answers whether it wrote.
 */
export async function recordInboundEvent(db: Db, target: VerpTarget, event: InboundEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock the recipient row: two reports about it arriving together are applied one after the other.
    const current = await tx.one<{ state: string }>('SELECT state FROM message_recipients WHERE id = $1 FOR UPDATE', [
      target.recipientId,
    ]);
    if (event.event === 'hardbounce' && current.state === 'bounced') return false;
    if (event.event !== 'hardbounce' && event.event !== 'softbounce') {
      const seen = await tx.maybeOne(
        'SELECT 1 FROM events WHERE message_id = $1 AND recipient_id = $2 AND event = $3 LIMIT 1',
        [target.messageId, target.recipientId, event.event],
      );
      if (seen) return false;
    }
    await insertRows(
      tx,
      'events',
      ['customer_id', 'domain_id', 'message_id', 'recipient_id', 'recipient', 'event', 'category', 'reply', 'tags'],
      [
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
      ],
      { tags: 'text[]' },
    );
    if (event.event === 'hardbounce') {
      await tx.query(
        "UPDATE message_recipients SET state = 'bounced', last_reply = $2, updated_at = now() WHERE id = $1",
        [target.recipientId, event.reply],
      );
    }
    return true;
  });
}
