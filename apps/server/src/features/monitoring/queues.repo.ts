import type { CustomerQueue, DeferredAction, DestinationQueue, Queues } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';

/**
 * The state of a delivery_queue row `q` (with `r`, its recipients' latest state). due_at doubles as the lease
 * (claimDeliveries pushes it past the lease and counts the attempt; the recorded result counts it on the recipients),
 * so a row is in flight while its due time is within one lease and its attempt is not recorded yet; deferred when
 * it was tried and waits for a later attempt; paused while an operator's pause parks it (hold, migration 0034); due
 * otherwise (new, or a crashed worker's lease ran out).
 */
export const QUEUE_STATE_SQL = `CASE
  WHEN q.hold = 'paused' THEN 'paused'
  WHEN q.due_at > now() AND q.due_at <= now() + make_interval(secs => $1) AND q.attempts > coalesce(r.attempts, 0)
    THEN 'in_flight'
  WHEN q.due_at > now() AND q.attempts > 0 THEN 'deferred'
  ELSE 'due' END`;

/** Every queue row with its customer, state and latest reply (the base of both groupings); $1 is the lease. */
export const ROWS_SQL = `
  SELECT q.id, q.recipient_domain, q.due_at, q.created_at, m.customer_id, r.last_reply, ${QUEUE_STATE_SQL} AS state
    FROM delivery_queue q
    JOIN messages m ON m.id = q.message_id
    LEFT JOIN LATERAL (
      SELECT mr.attempts, mr.last_reply FROM message_recipients mr
       WHERE mr.id = ANY(q.recipient_ids) ORDER BY mr.updated_at DESC LIMIT 1
    ) r ON true`;

const COUNTS_SQL = `count(*)::int AS queued,
  count(*) FILTER (WHERE state = 'in_flight')::int AS in_flight,
  count(*) FILTER (WHERE state = 'deferred')::int AS deferred,
  count(*) FILTER (WHERE state = 'paused')::int AS paused,
  min(created_at) AS oldest`;

interface CountsRow {
  queued: number;
  in_flight: number;
  deferred: number;
  paused: number;
  oldest: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const counts = (row: CountsRow) => ({
  queued: Number(row.queued),
  in_flight: Number(row.in_flight),
  deferred: Number(row.deferred),
  paused: Number(row.paused),
  oldest: iso(row.oldest),
});

/** The delivery queue by destination and by customer, the `limit` most queued of each. */
export async function deliveryQueues(
  db: Db,
  leaseSeconds: number,
  limit: number,
): Promise<Omit<Queues['delivery'], 'pauses'>> {
  const [total, destinations, customers] = await Promise.all([
    db.query<CountsRow>(`WITH rows AS (${ROWS_SQL}) SELECT ${COUNTS_SQL} FROM rows`, [leaseSeconds]),
    db.query<
      CountsRow & {
        destination: string;
        next_attempt: Date | string | null;
        last_reply: string | null;
        backoff_reason: string | null;
        backoff_until: Date | string | null;
        backoff_hits: number | null;
        is_paused: boolean;
      }
    >(
      `WITH rows AS (${ROWS_SQL})
       SELECT g.*, b.reason AS backoff_reason, b.until AS backoff_until, b.hits AS backoff_hits,
              EXISTS (SELECT 1 FROM delivery_pauses p WHERE p.destination = g.destination) AS is_paused
         FROM (SELECT recipient_domain AS destination, ${COUNTS_SQL},
                      min(due_at) FILTER (WHERE state = 'deferred') AS next_attempt,
                      (array_agg(last_reply ORDER BY due_at DESC) FILTER (WHERE state IN ('deferred', 'paused')))[1] AS last_reply
                 FROM rows GROUP BY recipient_domain) g
         LEFT JOIN destination_backoff b ON b.destination = g.destination AND b.until > now()
        ORDER BY g.queued DESC, g.destination LIMIT $2`,
      [leaseSeconds, limit],
    ),
    db.query<CountsRow & { customer_id: number; customer: string; is_paused: boolean }>(
      `WITH rows AS (${ROWS_SQL})
       SELECT g.*, c.name AS customer,
              EXISTS (SELECT 1 FROM delivery_pauses p WHERE p.customer_id = g.customer_id) AS is_paused
         FROM (SELECT customer_id, ${COUNTS_SQL} FROM rows GROUP BY customer_id) g
         JOIN customers c ON c.id = g.customer_id
        ORDER BY g.queued DESC, g.customer_id LIMIT $2`,
      [leaseSeconds, limit],
    ),
  ]);
  const byDestination: DestinationQueue[] = destinations.map((row) => ({
    destination: row.destination,
    ...counts(row),
    next_attempt: iso(row.next_attempt),
    last_reply: row.last_reply,
    backoff:
      row.backoff_reason !== null && row.backoff_until !== null
        ? { reason: row.backoff_reason, until: iso(row.backoff_until) as string, hits: Number(row.backoff_hits ?? 0) }
        : null,
    is_paused: row.is_paused === true,
  }));
  const byCustomer: CustomerQueue[] = customers.map((row) => ({
    customer_id: Number(row.customer_id),
    customer: row.customer,
    ...counts(row),
    is_paused: row.is_paused === true,
  }));
  const first = total[0];
  return {
    total: first ? counts(first) : { queued: 0, in_flight: 0, deferred: 0, paused: 0, oldest: null },
    by_destination: byDestination,
    by_customer: byCustomer,
  };
}

/** Makes the deferred rows to a destination due now (the operators' "Retry now"); how many it moved. */
export async function retryDestinationNow(db: Db, leaseSeconds: number, destination: string): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `UPDATE delivery_queue SET due_at = now()
      WHERE id IN (SELECT id FROM (${ROWS_SQL}) rows WHERE recipient_domain = $2 AND state = 'deferred')
     RETURNING id`,
    [leaseSeconds, destination],
  );
  return rows.length;
}

/** Which rows each bulk action takes: retry deferred ones, release paused ones, drop either. */
const ACTION_STATES: Record<DeferredAction['action'], readonly string[]> = {
  retry: ['deferred'],
  release: ['paused'],
  drop: ['deferred', 'paused'],
};

/**
 * The rows a bulk filter picks ($1 is the lease; $2 destination, $3 customer, $4 reply text, each optional; $5 the
 * states). The reply text is a plain substring (position, no pattern): nothing an operator types can backtrack.
 */
const PICKED_SQL = `SELECT id FROM (${ROWS_SQL}) rows
  WHERE state = ANY($5::text[])
    AND ($2::text IS NULL OR recipient_domain = $2)
    AND ($3::int IS NULL OR customer_id = $3)
    AND ($4::text IS NULL OR position(lower($4) in lower(coalesce(last_reply, ''))) > 0)`;

/**
 * Retry now or drop the deferred messages a filter picks; answers how many queue rows it took. A drop ends each
 * recipient as expiry does (deliver.ts settle): a hard bounce event with the reply, the recipient bounced, the row gone.
 */
export async function actOnDeferred(db: Db, leaseSeconds: number, filter: DeferredAction): Promise<number> {
  const params = pickedParams(leaseSeconds, filter);
  if (filter.action === 'retry') {
    const rows = await db.query(
      `UPDATE delivery_queue SET due_at = now() WHERE id IN (${PICKED_SQL}) RETURNING id`,
      params,
    );
    return rows.length;
  }
  if (filter.action === 'release') {
    // Released rows go now and are never parked again by the pause that still stands (PAUSED_ROW_SQL).
    const rows = await db.query(
      `UPDATE delivery_queue SET hold = 'released', due_at = now() WHERE id IN (${PICKED_SQL}) RETURNING id`,
      params,
    );
    return rows.length;
  }
  const [row] = await db.query<{ messages: number }>(
    `WITH dropped AS (
       DELETE FROM delivery_queue WHERE id IN (${PICKED_SQL}) RETURNING id, message_id, recipient_ids
     ), bounced AS (
       UPDATE message_recipients mr
          SET state = 'bounced', updated_at = now(),
              last_reply = 'Dropped by an operator' || coalesce(': ' || mr.last_reply, '')
         FROM dropped d WHERE mr.id = ANY(d.recipient_ids)
       RETURNING mr.id, mr.message_id, mr.customer_id, mr.domain_id, mr.recipient, mr.last_reply
     ), written AS (
       INSERT INTO events (customer_id, domain_id, message_id, recipient_id, recipient, event, category, reply, tags)
       SELECT b.customer_id, b.domain_id, b.message_id, b.id, b.recipient, 'hardbounce', 'dropped', b.last_reply, m.tags
         FROM bounced b JOIN messages m ON m.id = b.message_id
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM dropped)::int AS messages, (SELECT count(*) FROM written)::int AS events`,
    params,
  );
  return Number(row?.messages ?? 0);
}

const pickedParams = (leaseSeconds: number, filter: DeferredAction) => [
  leaseSeconds,
  filter.destination ?? null,
  filter.customer_id ?? null,
  filter.reply ?? null,
  ACTION_STATES[filter.action],
];

/** How many rows a bulk action would take now (the confirm dialog's count). */
export async function countDeferred(db: Db, leaseSeconds: number, filter: DeferredAction): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${PICKED_SQL}) picked`, [
    ...pickedParams(leaseSeconds, filter),
  ]);
  return Number(row?.n ?? 0);
}
