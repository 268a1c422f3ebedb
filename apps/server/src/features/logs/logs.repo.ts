import {
  CHANNEL_PREFIXES,
  INBOUND_CHANNEL,
  INBOUND_EVENT,
  INBOUND_EVENT_NAME,
  type InboundEventDetail,
  type LogsQuery,
} from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { normalizeMailbox } from '../../mail/message/addresses.ts';

export interface LogRow {
  id: number;
  event: string;
  channel: string | null;
  recipient: string;
  message_id: number | null;
  message_id_header: string | null;
  from_address: string | null;
  subject: string | null;
  tags: string[];
  category: string | null;
  reply: string | null;
  bot: boolean;
  url: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  inbound: InboundEventDetail | null;
}

const SORTS: Record<LogsQuery['sort'], string> = {
  created_at: 'e.created_at',
  recipient: 'e.recipient',
  event: 'e.event',
};
const DEFAULT_DAYS = 30;

const SELECT = `SELECT e.id, e.event, e.channel, e.recipient, e.message_id, m.message_id_header, m.from_address, m.subject,
    e.tags, e.category, e.reply, e.bot, e.url, e.ip, e.user_agent, e.created_at, e.inbound
  FROM events e LEFT JOIN messages m ON m.id = e.message_id`;

/** The WHERE clause and parameters of a log query; $1 customer, $2 domain. */
function filters(cid: number, did: number, query: LogsQuery) {
  const params: unknown[] = [cid, did];
  const where = ['e.customer_id = $1', 'e.domain_id = $2'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const to = query.to ? new Date(query.to) : null;
  const from = query.from ? new Date(query.from) : new Date((to ?? new Date()).getTime() - DEFAULT_DAYS * 86_400_000);
  add((p) => `e.created_at >= ${p}::timestamptz`, from);
  if (to) add((p) => `e.created_at < ${p}::timestamptz`, to);
  if (query.action === INBOUND_EVENT_NAME) {
    add((p) => `e.event = ${p}`, INBOUND_EVENT);
    add((p) => `e.channel = ${p}`, INBOUND_CHANNEL);
  } else if (query.action) {
    const prefix = CHANNEL_PREFIXES.find((p) => query.action?.startsWith(p));
    add((p) => `e.event = ${p}`, query.action.slice(prefix?.length ?? 0));
    if (prefix) add((p) => `rtrim(e.channel, ':') = ${p}`, prefix.slice(0, -1));
    else where.push("coalesce(e.channel, '') = ''");
  }
  // Directions: outbound is every channel but inbound (seed tests and journal copies are outbound mail too).
  if (query.channel === 'outbound') add((p) => `coalesce(e.channel, '') <> ${p}`, INBOUND_CHANNEL);
  else if (query.channel && query.channel !== 'all') {
    add((p) => `rtrim(e.channel, ':') = ${p}`, query.channel.replace(/:$/, ''));
  }
  if (query.recipient) add((p) => `e.recipient = ${p}`, normalizeMailbox(query.recipient));
  if (query.bot === false) where.push('NOT e.bot');
  return { where: where.join(' AND '), params };
}

export async function listLogs(db: Db, cid: number, did: number, query: LogsQuery) {
  const { where, params } = filters(cid, did, query);
  const order = `${SORTS[query.sort]} ${query.order === 'asc' ? 'ASC' : 'DESC'}, e.id ${query.order === 'asc' ? 'ASC' : 'DESC'}`;
  const [rows, total] = await Promise.all([
    db.query<LogRow>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.skip}`, params),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE ${where}`, params),
  ]);
  return { rows, total: total.n };
}

export interface MessageRow {
  id: number;
  domain_id: number;
  message_id_header: string;
  from_address: string;
  subject: string;
  size_bytes: number;
  tags: string[];
  variables: Record<string, string> | null;
  template: { name: string; tag: string } | null;
  testmode: boolean;
  source: string;
  created_at: Date;
  raw: Uint8Array | null;
}

export function findMessage(db: Db, cid: number, did: number, messageId: number) {
  return db.maybeOne<MessageRow>(
    `SELECT m.id, m.domain_id, m.message_id_header, m.from_address, m.subject, m.size_bytes, m.tags, m.variables,
            m.template, m.testmode, m.source, m.created_at, b.raw
       FROM messages m LEFT JOIN message_bodies b ON b.message_id = m.id
      WHERE m.customer_id = $1 AND m.domain_id = $2 AND m.id = $3`,
    [cid, did, messageId],
  );
}

export function messageRecipients(db: Db, messageId: number) {
  return db.query<{ id: number; recipient: string; state: string; attempts: number; last_reply: string | null }>(
    'SELECT id, recipient, state, attempts, last_reply FROM message_recipients WHERE message_id = $1 ORDER BY id',
    [messageId],
  );
}

export function messageEvents(db: Db, messageId: number) {
  return db.query<LogRow>(`${SELECT} WHERE e.message_id = $1 ORDER BY e.id`, [messageId]);
}

export function messageAttempts(db: Db, messageId: number) {
  return db.query<{
    recipient: string;
    mx_host: string | null;
    remote_ip: string | null;
    reply_code: number | null;
    reply_text: string;
    tls: boolean;
    started_at: Date;
    duration_ms: number;
  }>(
    `SELECT r.recipient, a.mx_host, a.remote_ip, a.reply_code, a.reply_text, a.tls, a.started_at, a.duration_ms
       FROM delivery_attempts a JOIN message_recipients r ON r.id = a.recipient_id
      WHERE a.message_id = $1 ORDER BY a.id`,
    [messageId],
  );
}
