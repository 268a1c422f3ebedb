import type { DeliveryPause } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { ROWS_SQL } from './queues.repo.ts';

/** Who paused: a destination (recipient domain) or a customer. */
export type PauseTarget = { destination: string } | { customerId: number };

/** The pause's column, the queue rows' column (in queues.repo ROWS_SQL) and the value. */
const where = (target: PauseTarget) =>
  'destination' in target
    ? { pause: 'destination', rows: 'recipient_domain', value: target.destination as string | number }
    : { pause: 'customer_id', rows: 'customer_id', value: target.customerId };

/**
 * Records the pause (a second pause of the same target changes nothing) and parks its rows at once, all but those in
 * flight: a worker holding one finishes this attempt, and the claim parks it when it comes due again
 * (delivery.repo.ts claimDeliveries). Answers whether it was newly paused and how many rows it parked.
 */
export async function pause(
  db: Db,
  leaseSeconds: number,
  target: PauseTarget,
  operatorUid: number,
): Promise<{ created: boolean; count: number }> {
  const w = where(target);
  return db.transaction(async (tx) => {
    const created = await tx.query(
      `INSERT INTO delivery_pauses (${w.pause}, paused_by)
       VALUES ($1, coalesce((SELECT username FROM users WHERE id = $2), '')) ON CONFLICT DO NOTHING RETURNING id`,
      [w.value, operatorUid],
    );
    const parked = await tx.query(
      `UPDATE delivery_queue SET hold = 'paused', due_at = 'infinity'
        WHERE id IN (SELECT id FROM (${ROWS_SQL}) rows
                      WHERE ${w.rows} = $2 AND state <> 'in_flight' AND state <> 'paused')
       RETURNING id`,
      [leaseSeconds, w.value],
    );
    return { created: created.length > 0, count: parked.length };
  });
}

/**
 * Lifts the pause; its parked rows (and those an operator released meanwhile) come due now. A row also held by
 * another pause (its customer and its destination both paused) is parked again by the next claim.
 */
export async function resume(db: Db, target: PauseTarget): Promise<{ existed: boolean; count: number }> {
  const w = where(target);
  return db.transaction(async (tx) => {
    const removed = await tx.query(`DELETE FROM delivery_pauses WHERE ${w.pause} = $1 RETURNING id`, [w.value]);
    const rows = 'destination' in target ? 'q.recipient_domain = $1' : 'm.customer_id = $1';
    const due = await tx.query(
      `UPDATE delivery_queue q SET hold = NULL, due_at = now()
         FROM messages m
        WHERE m.id = q.message_id AND q.hold = 'paused' AND ${rows}
       RETURNING q.id`,
      [w.value],
    );
    return { existed: removed.length > 0, count: due.length };
  });
}

/** Every pause in force, newest first, with the customer's name. */
export async function listPauses(db: Db): Promise<DeliveryPause[]> {
  const rows = await db.query<{
    id: number;
    destination: string | null;
    customer_id: number | null;
    customer: string | null;
    paused_by: string;
    created_at: Date | string;
  }>(
    `SELECT p.id, p.destination, p.customer_id, c.name AS customer, p.paused_by, p.created_at
       FROM delivery_pauses p LEFT JOIN customers c ON c.id = p.customer_id
      ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    destination: row.destination,
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
    customer: row.customer,
    paused_by: row.paused_by,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** Whether a customer exists (a pause of an unknown customer is a 404, not a row). */
export async function customerExists(db: Db, customerId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customers WHERE id = $1', [customerId])).length > 0;
}
