import type { InboundEventDetail, WebhookEvent, WebhookFormatName } from '@mailwright/contract';

/** One event as a webhook tells it. */
export interface WebhookEventData {
  eventId: number;
  event: WebhookEvent;
  createdAt: Date;
  domain: string;
  recipient: string;
  /** The Message-ID header, without angle brackets. */
  messageId: string | null;
  tags: string[];
  /** The message's variables (native variables, Mailgun v:, SendGrid custom_args); {} when it has none. */
  variables: Record<string, string>;
  category: string | null;
  reply: string | null;
  bot: boolean;
  url: string | null;
  userAgent: string | null;
  ip: string | null;
  /** The inbound message of a `received` event (sender, subject, route, outcome, results); null for others. */
  inbound?: InboundEventDetail | null;
}

const seconds = (date: Date) => date.getTime() / 1000;

function nativePayload(e: WebhookEventData) {
  return {
    event: {
      id: String(e.eventId),
      event: e.event,
      timestamp: seconds(e.createdAt),
      domain: e.domain,
      recipient: e.recipient,
      message_id: e.messageId,
      tags: e.tags,
      variables: e.variables,
      category: e.category,
      reply: e.reply,
      bot: e.bot,
      url: e.url,
      user_agent: e.userAgent,
      ip: e.ip,
      ...(e.inbound ? { inbound: e.inbound } : {}),
    },
  };
}

/** Mailgun's event names: both bounce kinds are "failed", told apart by severity. */
const MAILGUN_EVENT: Record<WebhookEvent, string> = {
  accepted: 'accepted',
  delivered: 'delivered',
  rejected: 'rejected',
  softbounce: 'failed',
  hardbounce: 'failed',
  opened: 'opened',
  clicked: 'clicked',
  unsubscribed: 'unsubscribed',
  complained: 'complained',
  received: 'received',
};

function mailgunPayload(e: WebhookEventData) {
  const code = Number(e.reply?.match(/^\d{3}/)?.[0] ?? 0) || undefined;
  const failed = e.event === 'softbounce' || e.event === 'hardbounce';
  return {
    'event-data': {
      id: String(e.eventId),
      event: MAILGUN_EVENT[e.event],
      timestamp: seconds(e.createdAt),
      recipient: e.recipient,
      'recipient-domain': e.recipient.split('@')[1] ?? '',
      tags: e.tags,
      // Mailgun's name for the v: variables a message was sent with.
      'user-variables': e.variables,
      message: { headers: { 'message-id': e.messageId } },
      ...(failed
        ? { severity: e.event === 'hardbounce' ? 'permanent' : 'temporary', reason: e.category ?? 'generic' }
        : {}),
      ...(e.reply || failed
        ? { 'delivery-status': { code, message: e.reply ?? '', description: e.category ?? '' } }
        : {}),
      ...(e.url ? { url: e.url } : {}),
      ...(e.userAgent || e.bot ? { 'client-info': { 'user-agent': e.userAgent ?? '', bot: e.bot } } : {}),
      ...(e.ip ? { ip: e.ip } : {}),
      ...(e.inbound ? mailgunInbound(e.inbound, e.recipient) : {}),
    },
  };
}

/** An inbound message as Mailgun's events tell a message (envelope, message headers), plus what the route did. */
function mailgunInbound(inbound: InboundEventDetail, recipient: string) {
  return {
    envelope: { sender: inbound.sender, targets: recipient, transport: 'smtp' },
    message: { headers: { to: recipient, from: inbound.from, subject: inbound.subject, 'message-id': null } },
    inbound,
  };
}

/** The body of a webhook POST, without its signature (added when it is sent, with a fresh timestamp). */
export function buildWebhookPayload(format: WebhookFormatName, event: WebhookEventData): Record<string, unknown> {
  return format === 'mailgun' ? mailgunPayload(event) : nativePayload(event);
}

/** What the test call sends: a made-up event of the webhook's type. */
export function sampleEvent(event: WebhookEvent, domain: string, now = new Date()): WebhookEventData {
  const bounce = event === 'softbounce' || event === 'hardbounce';
  if (event === 'received') {
    // An inbound message: not a message of the customer's, so no Message-ID, tags or variables of theirs.
    const base = { eventId: 0, event, createdAt: now, domain, recipient: `support@${domain}`, messageId: null };
    const none = { bot: false, url: null, userAgent: null, ip: null, reply: null };
    return { ...base, ...none, tags: [], variables: {}, category: 'accepted', inbound: sampleInbound };
  }
  return {
    eventId: 0,
    event,
    createdAt: now,
    domain,
    recipient: 'alice@example.com',
    messageId: `sample.${now.getTime().toString(36)}@${domain}`,
    tags: ['sample'],
    variables: { 'order-id': '1234' },
    category: bounce ? (event === 'hardbounce' ? 'bad-mailbox' : 'quota-issues') : null,
    reply: bounce ? (event === 'hardbounce' ? '550 5.1.1 No such user' : '452 4.2.2 Mailbox full') : null,
    bot: false,
    url: event === 'clicked' ? 'https://example.com/sample-link' : null,
    userAgent: event === 'opened' || event === 'clicked' ? 'Mozilla/5.0 (sample)' : null,
    ip: event === 'opened' || event === 'clicked' ? '192.0.2.1' : null,
  };
}

const sampleInbound: InboundEventDetail = {
  message_id: 0,
  sender: 'bob@example.org',
  from: 'Bob <bob@example.org>',
  subject: 'Sample inbound message',
  route_id: null,
  route: 'Support desk',
  outcome: 'accepted',
  stored: true,
  results: [{ action: 'store(days=3)', result: 'stored for 3 days' }],
};
