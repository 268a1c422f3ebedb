import type { LogEntry, LogsQuery, MessageDetail } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { splitMessage } from '../../mail/message/headers.ts';
import { requireDomain } from '../domains/domains.service.ts';
import * as repo from './logs.repo.ts';

const iso = (date: Date) => new Date(date).toISOString();

function toEntry(row: repo.LogRow): LogEntry {
  // An inbound message has no outbound message row: its sender and subject come from the event.
  const inbound = row.inbound;
  return {
    id: Number(row.id),
    event: row.channel ? `${row.channel.replace(/:$/, '')}:${row.event}` : row.event,
    recipient: row.recipient,
    message_id: row.message_id === null ? null : Number(row.message_id),
    message_id_header: row.message_id_header,
    from: inbound ? inbound.from || inbound.sender : row.from_address,
    subject: inbound ? inbound.subject : row.subject,
    tags: row.tags,
    category: row.category,
    reply: row.reply,
    channel: row.channel,
    bot: row.bot,
    url: row.url,
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: iso(row.created_at),
    inbound: inbound ? { ...inbound, message_id: Number(inbound.message_id) } : null,
  };
}

export async function listLogs(deps: Deps, cid: number, did: number, query: LogsQuery) {
  await requireDomain(deps, cid, did);
  const { rows, total } = await repo.listLogs(deps.db, cid, did, query);
  return { items: rows.map(toEntry), total_count: total };
}

/** The header fields of a stored message, unfolded, in order. */
function headerList(raw: Uint8Array | null): { name: string; value: string }[] {
  if (!raw) return [];
  return splitMessage(Buffer.from(raw)).headers.map((h) => {
    const colon = h.line.indexOf(':');
    return {
      name: h.line.slice(0, colon),
      value: h.line
        .slice(colon + 1)
        .replace(/\r\n[ \t]+/g, ' ')
        .trim(),
    };
  });
}

export async function getMessage(deps: Deps, cid: number, did: number, messageId: number): Promise<MessageDetail> {
  await requireDomain(deps, cid, did);
  const message = await repo.findMessage(deps.db, cid, did, messageId);
  if (!message) throw notFound('Message not found');
  const [recipients, events, attempts] = await Promise.all([
    repo.messageRecipients(deps.db, messageId),
    repo.messageEvents(deps.db, messageId),
    repo.messageAttempts(deps.db, messageId),
  ]);
  return {
    id: Number(message.id),
    did: message.domain_id,
    message_id_header: message.message_id_header,
    from: message.from_address,
    subject: message.subject,
    size_bytes: message.size_bytes,
    tags: message.tags,
    variables: message.variables ?? {},
    template: message.template ?? null,
    testmode: message.testmode,
    source: message.source,
    created_at: iso(message.created_at),
    headers: headerList(message.raw),
    recipients: recipients.map((r) => ({
      ...r,
      id: Number(r.id),
      state: r.state as MessageDetail['recipients'][number]['state'],
    })),
    events: events.map(toEntry),
    attempts: attempts.map((a) => ({ ...a, started_at: iso(a.started_at) })),
  };
}
