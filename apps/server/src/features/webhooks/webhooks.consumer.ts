import {
  INBOUND_CHANNEL,
  type InboundEventDetail,
  type WebhookEvent,
  type WebhookFormatName,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { EventConsumer } from '../../events/consumer-runner.ts';
import { BATCH_SUMMARY, NEXT_EVENTS, runBatchStatement } from '../../events/outbox.ts';
import { buildWebhookPayload } from './payload.ts';

interface Matched {
  id: number;
  event: WebhookEvent;
  created_at: Date;
  recipient: string;
  tags: string[];
  category: string | null;
  reply: string | null;
  bot: boolean;
  url: string | null;
  user_agent: string | null;
  ip: string | null;
  webhook_id: number;
  customer_id: number;
  format: WebhookFormatName;
  domain: string;
  message_id_header: string | null;
  variables: Record<string, string> | null;
  inbound: InboundEventDetail | null;
}

/**
 * The events of the batch that an enabled webhook of their domain wants: (cursor, last] for the cursor runner (every
 * event in that span is final already: the summary statement only reached `last` through committed transactions, so
 * no xmin guard), the ids received for the event bus.
 */
const matched = (
  batch: string,
) => `SELECT e.id, e.event, e.created_at, e.recipient, e.tags, e.category, e.reply, e.bot, e.url,
       e.user_agent, e.ip, w.id AS webhook_id, w.customer_id, w.format, d.name AS domain, m.message_id_header,
       m.variables, e.inbound
  FROM events e
  JOIN webhooks w ON w.domain_id = e.domain_id AND w.customer_id = e.customer_id AND w.event = e.event AND w.enabled
  JOIN domains d ON d.id = e.domain_id
  LEFT JOIN messages m ON m.id = e.message_id
 WHERE ${batch}
   AND coalesce(e.channel, '') IN ('', '${INBOUND_CHANNEL}')`;

const BY_CURSOR = matched('(e.txid, e.id) > ($1::xid8, $2::bigint) AND (e.txid, e.id) <= ($3::xid8, $4::bigint)');
const BY_ID = matched('e.id = ANY($1::bigint[])');

/** One delivery per (webhook, event), once: a batch applied again adds nothing. */
async function queueDeliveries(tx: Db, rows: readonly Matched[]): Promise<void> {
  if (!rows.length) return;
  const payloads = rows.map((row) =>
    buildWebhookPayload(row.format, {
      eventId: Number(row.id),
      event: row.event,
      createdAt: new Date(row.created_at),
      domain: row.domain,
      recipient: row.recipient,
      messageId: row.message_id_header,
      tags: row.tags,
      variables: row.variables ?? {},
      category: row.category,
      reply: row.reply,
      bot: row.bot,
      url: row.url,
      userAgent: row.user_agent,
      ip: row.ip,
      inbound: row.inbound,
    }),
  );
  await tx.query(
    `INSERT INTO webhook_deliveries (webhook_id, customer_id, event_id, payload)
     SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::jsonb[])
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [
      rows.map((r) => r.webhook_id),
      rows.map((r) => r.customer_id),
      rows.map((r) => r.id),
      payloads.map((p) => JSON.stringify(p)),
    ],
  );
}

/**
 * Queues one delivery per (webhook, event); the sender POSTs them. Channel events (seed tests…) send none, except
 * the inbound channel's `received`, which webhooks subscribe to by that name.
 */
export const webhooksConsumer: EventConsumer = {
  name: 'webhooks',
  async consume(tx, cursor, limit) {
    const taken = await runBatchStatement(
      tx,
      `WITH batch AS MATERIALIZED (${NEXT_EVENTS}) ${BATCH_SUMMARY}`,
      cursor,
      limit,
    );
    if (!taken.last) return taken;
    const rows = await tx.query<Matched>(BY_CURSOR, [cursor.txid, cursor.id, taken.last.txid, taken.last.id]);
    await queueDeliveries(tx, rows);
    return taken;
  },
  async apply(tx, ids) {
    if (ids.length) await queueDeliveries(tx, await tx.query<Matched>(BY_ID, [ids]));
  },
};
