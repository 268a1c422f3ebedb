import type { Db } from '../../db/client.ts';

let sequence = 0;

/** The state a test queue row is written in: due in (negative: overdue), attempts claimed and recorded, the reply. */
export interface QueuedState {
  dueInSeconds: number;
  attempts: number;
  recorded: number;
  reply?: string;
  ageSeconds?: number;
}

/** A stored message of `customerId` queued to `domain` for one recipient, in the given state; answers the queue row. */
export async function queueMessage(db: Db, customerId: number, domain: string, state: QueuedState): Promise<number> {
  const { id } = await db.one<{ id: number }>(
    `INSERT INTO messages (customer_id, domain_id, message_id_header, from_address, size_bytes, source)
     VALUES ($1, 1, $2, 'news@example.com', 100, 'api') RETURNING id`,
    [customerId, `q${sequence++}.${process.pid}@example.com`],
  );
  // A body too, so a claim (delivery.repo.ts) loads the row as a worker would.
  await db.query(`INSERT INTO message_bodies (message_id, raw) VALUES ($1, convert_to('Subject: q', 'UTF8'))`, [id]);
  const rcpt = await db.one<{ id: number }>(
    `INSERT INTO message_recipients (message_id, customer_id, domain_id, recipient, recipient_domain, attempts, last_reply)
     VALUES ($1, $2, 1, $3, $4, $5, $6) RETURNING id`,
    [id, customerId, `someone${sequence}@${domain}`, domain, state.recorded, state.reply ?? null],
  );
  const row = await db.one<{ id: number }>(
    `INSERT INTO delivery_queue (message_id, recipient_domain, recipient_ids, due_at, expires_at, attempts, created_at)
     VALUES ($1, $2, ARRAY[$3::bigint], now() + make_interval(secs => $4), now() + interval '5 days', $5,
             now() - make_interval(secs => $6)) RETURNING id`,
    [id, domain, rcpt.id, state.dueInSeconds, state.attempts, state.ageSeconds ?? 0],
  );
  return Number(row.id);
}
