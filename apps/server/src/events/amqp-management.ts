import type { EventBusQueue, EventBusStatus } from '@mailwright/contract';
import type { Db } from '../db/client.ts';
import { busNames } from './amqp-topology.ts';
import { RELAY_NAME } from './relay.ts';

interface ManagementQueue {
  name: string;
  messages_ready?: number;
  messages_unacknowledged?: number;
  consumers?: number;
  message_stats?: {
    publish_details?: { rate?: number };
    deliver_get_details?: { rate?: number };
    ack_details?: { rate?: number };
  };
}

/** Up to this many unpublished events are counted; a backlog beyond shows as this many (the lag tells the rest). */
const COUNT_CAP = 100_000;

/**
 * The event bus's queues from RabbitMQ's management API (AMQP_MANAGEMENT_URL, e.g. http://host:15672): the queues
 * of this installation's prefix in AMQP_URL's vhost. Credentials come from the management URL, else from AMQP_URL.
 * An operator's setting, never customer input: private addresses are expected here.
 */
export async function readBusQueues(
  managementUrl: string,
  amqpUrl: string,
  prefix: string,
  timeoutMs = 5000,
): Promise<EventBusQueue[]> {
  const amqp = new URL(amqpUrl);
  const base = new URL(managementUrl);
  const user = decodeURIComponent(base.username || amqp.username || 'guest');
  const password = decodeURIComponent(base.password || amqp.password || 'guest');
  base.username = '';
  base.password = '';
  // amqp://host/ and amqp://host mean the default vhost "/" (AMQP URI spec).
  const vhost = amqp.pathname.length > 1 ? decodeURIComponent(amqp.pathname.slice(1)) : '/';
  const url = new URL(`api/queues/${encodeURIComponent(vhost)}`, base.href.endsWith('/') ? base.href : `${base.href}/`);
  url.searchParams.set('columns', 'name,messages_ready,messages_unacknowledged,consumers,message_stats');
  const response = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`RabbitMQ management API answered ${response.status}`);
  const queues = (await response.json()) as ManagementQueue[];
  const names = busNames(prefix);
  return queues
    .filter((q) => q.name.startsWith(names.prefix))
    .map((q) => ({
      name: q.name,
      ready: q.messages_ready ?? 0,
      unacked: q.messages_unacknowledged ?? 0,
      consumers: q.consumers ?? 0,
      publish_rate: q.message_stats?.publish_details?.rate ?? 0,
      deliver_rate: q.message_stats?.deliver_get_details?.rate ?? 0,
      ack_rate: q.message_stats?.ack_details?.rate ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Events the relay has not published yet (capped), and the age of the oldest in seconds (0 when none). */
export async function relayBacklog(db: Db): Promise<{ unpublished: number; lag_seconds: number }> {
  // Without a relay row nothing was relayed yet: every event waits.
  const row = await db.one<{ unpublished: number; lag: number | null }>(
    `WITH relay AS (
       SELECT coalesce(c.last_txid, '0'::xid8) AS txid, coalesce(c.last_id, 0) AS id
         FROM (SELECT 1) one LEFT JOIN event_consumers c ON c.name = $1)
     SELECT (SELECT count(*) FROM (SELECT 1 FROM events e, relay r WHERE (e.txid, e.id) > (r.txid, r.id) LIMIT $2) x)::int
              AS unpublished,
            extract(epoch FROM now() - (SELECT e.created_at FROM events e, relay r WHERE (e.txid, e.id) > (r.txid, r.id)
                                         ORDER BY e.txid, e.id LIMIT 1))::float8 AS lag`,
    [RELAY_NAME, COUNT_CAP],
  );
  return { unpublished: Number(row.unpublished), lag_seconds: Math.max(0, Number(row.lag ?? 0)) };
}

/**
 * The event bus as the operators' queues screen shows it (system/monitoring/queues): not configured without
 * AMQP_URL; otherwise the relay's backlog and, with AMQP_MANAGEMENT_URL, the broker's queues, or why they are missing.
 */
export async function eventBusStatus(
  db: Db,
  amqp: { url: string; prefix: string; managementUrl: string | undefined } | null,
): Promise<EventBusStatus> {
  if (!amqp) return { configured: false };
  const backlog = await relayBacklog(db);
  if (!amqp.managementUrl)
    return { configured: true, ...backlog, queues: [], error: 'AMQP_MANAGEMENT_URL is not set: no queue figures' };
  try {
    return {
      configured: true,
      ...backlog,
      queues: await readBusQueues(amqp.managementUrl, amqp.url, amqp.prefix),
      error: null,
    };
  } catch (error) {
    return {
      configured: true,
      ...backlog,
      queues: [],
      error: `RabbitMQ management API unreachable: ${describeFailure(error)}`,
    };
  }
}

/** fetch() says only "fetch failed"; the operator needs the cause under it (ECONNREFUSED 127.0.0.1:15672, ENOTFOUND…). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.message
    ? `${error.message} (${cause.code ?? ''}${cause.code ? ': ' : ''}${cause.message})`
    : error.message;
}
