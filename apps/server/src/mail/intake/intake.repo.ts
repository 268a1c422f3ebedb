import pino from 'pino';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { countAgainstQuota, readQuotaPlans } from '../policy/quota.ts';
import { checkSuppressions, describeSuppression, type SuppressionHit } from '../policy/suppression-check.ts';
import { insertTogether, takeIds } from '../sql-batch.ts';
import type { Personalization } from '../tracking/personalize.ts';
import { IntakeError } from './intake-error.ts';

export type MessageSource = 'smtp' | 'api' | 'mailgun' | 'sendgrid' | 'system' | 'route';

export interface AcceptedRecipient {
  address: string;
  domain: string;
}

/** One message ready to store: signed, checked, with its recipients. */
export interface AcceptedMessage {
  customerId: number;
  domainId: number;
  messageIdHeader: string;
  from: string;
  subject: string;
  tags: string[];
  variables: Record<string, string> | null;
  /** The template it was rendered from (migration 0016). */
  template?: { name: string; tag: string } | null;
  testmode: boolean;
  source: MessageSource;
  raw: Buffer;
  /** MAIL FROM takes SMTPUTF8 / BODY=8BITMIME at the next hop (migration 0014). */
  smtputf8?: boolean;
  eightBitMime?: boolean;
  /** Each recipient's copy is made (links, DKIM) at delivery; `raw` is unsigned then. */
  personalize?: Personalization | null;
  /** The envelope sender instead of VERP: SRS for a route's forward, '' for a bounce we send (migration 0017). */
  envelopeFrom?: string | null;
  recipients: AcceptedRecipient[];
  /** First delivery attempt (scheduled sending); null = now. */
  deliverAt: Date | null;
  expiresAt: Date;
}

const EVENT_COLUMNS = ['customer_id', 'domain_id', 'message_id', 'recipient_id', 'recipient', 'event', 'reply', 'tags'];

/** What storing answers for each message: its id, or the refusal (a quota) that kept it out of the batch. */
export type StoreOutcome = number | IntakeError;

const quiet = pino({ enabled: false });

/** storeMessages for callers that store messages no quota refuses (tests): the ids, or the first refusal thrown. */
export async function storeAcceptedMessages(
  db: Db,
  batch: readonly AcceptedMessage[],
  log: Logger = quiet,
): Promise<number[]> {
  const outcomes = await storeMessages(db, batch, log);
  const refusal = outcomes.find((o) => o instanceof IntakeError);
  if (refusal) throw refusal;
  return outcomes as number[];
}

/**
 * Stores a batch of messages in one transaction: message rows, bodies, recipients, their `accepted` events and one
 * queue row per message and recipient domain. Suppressed recipients are dropped with a `rejected` event; the check
 * runs inside the same transaction, so if it fails nothing is stored (fail closed). Then the quota (policy/quota.ts)
 * counts the recipients left, in the same transaction: a message over a hard cap is left out with `rejected` events
 * and answered as its refusal, and a rollback takes the count back with everything else. Answers, in order, each
 * message's id or refusal.
 */
export async function storeMessages(db: Db, batch: readonly AcceptedMessage[], log: Logger): Promise<StoreOutcome[]> {
  const at = new Date();
  const plans = await readQuotaPlans(
    db,
    batch.map((m) => m.customerId),
    at,
  );
  const recipientCount = batch.reduce((n, m) => n + m.recipients.length, 0);
  const messageIds = await takeIds(db, 'messages', batch.length);
  const recipientIds = await takeIds(db, 'message_recipients', recipientCount);
  return db.transaction(async (tx) => {
    const suppressed = await checkSuppressions(tx, batch);
    const hits: (SuppressionHit | undefined)[][] = batch.map((m) =>
      m.recipients.map((r) => suppressed.find(m, r.address)),
    );
    const refusals = await countAgainstQuota(
      tx,
      log,
      plans,
      batch.map((m, i) => ({
        customerId: m.customerId,
        count: hits[i]?.filter((hit) => !hit).length ?? 0,
        exempt: m.source === 'system',
      })),
      at,
    );
    const messages: unknown[][] = [];
    const bodies: unknown[][] = [];
    const recipients: unknown[][] = [];
    const events: unknown[][] = [];
    const queue: unknown[][] = [];
    let r = 0;
    batch.forEach((m, i) => {
      const refusal = refusals[i];
      if (refusal) {
        // As the URI check does: the refusal is in the logs, with no message stored for it to name.
        for (const rcpt of m.recipients) {
          events.push([m.customerId, m.domainId, null, null, rcpt.address, 'rejected', refusal.message, m.tags]);
        }
        return;
      }
      const messageId = messageIds[i] as number;
      messages.push([
        messageId,
        m.customerId,
        m.domainId,
        m.messageIdHeader,
        m.from,
        m.subject,
        m.raw.length,
        m.tags,
        m.variables ? JSON.stringify(m.variables) : null,
        m.testmode,
        m.source,
        m.smtputf8 === true,
        m.eightBitMime === true,
        m.personalize ? JSON.stringify(m.personalize) : null,
        m.envelopeFrom ?? null,
        m.template ? JSON.stringify(m.template) : null,
      ]);
      bodies.push([messageId, m.raw]);
      const byDomain = new Map<string, number[]>();
      const scheduled =
        m.deliverAt && m.deliverAt.getTime() > Date.now() ? `Scheduled for ${m.deliverAt.toISOString()}` : null;
      m.recipients.forEach((rcpt, k) => {
        const recipientId = recipientIds[r++] as number;
        const suppressedBy = hits[i]?.[k];
        const state = suppressedBy ? 'rejected' : 'queued';
        recipients.push([recipientId, messageId, m.customerId, m.domainId, rcpt.address, rcpt.domain, state]);
        const event = suppressedBy ? 'rejected' : 'accepted';
        const reply = suppressedBy ? describeSuppression(suppressedBy) : null;
        events.push([m.customerId, m.domainId, messageId, recipientId, rcpt.address, event, reply, m.tags]);
        if (!suppressedBy) byDomain.set(rcpt.domain, [...(byDomain.get(rcpt.domain) ?? []), recipientId]);
        // Scheduled sending: the message waits in the queue until its time (counted as `queued` in the statistics).
        if (!suppressedBy && scheduled) {
          events.push([m.customerId, m.domainId, messageId, recipientId, rcpt.address, 'queued', scheduled, m.tags]);
        }
      });
      for (const [domain, ids] of byDomain) {
        queue.push([messageId, domain, ids, m.deliverAt ?? new Date(), m.expiresAt]);
      }
    });
    // One statement for all five tables: fewer round trips inside the transaction, so it commits sooner.
    await insertTogether(tx, [
      {
        table: 'messages',
        columns: [
          'id',
          'customer_id',
          'domain_id',
          'message_id_header',
          'from_address',
          'subject',
          'size_bytes',
          'tags',
          'variables',
          'testmode',
          'source',
          'smtputf8',
          'body_8bitmime',
          'personalize',
          'envelope_from',
          'template',
        ],
        rows: messages,
        casts: { tags: 'text[]', variables: 'jsonb', personalize: 'jsonb', template: 'jsonb' },
      },
      { table: 'message_bodies', columns: ['message_id', 'raw'], rows: bodies },
      {
        table: 'message_recipients',
        columns: ['id', 'message_id', 'customer_id', 'domain_id', 'recipient', 'recipient_domain', 'state'],
        rows: recipients,
      },
      { table: 'events', columns: EVENT_COLUMNS, rows: events, casts: { tags: 'text[]' } },
      {
        table: 'delivery_queue',
        columns: ['message_id', 'recipient_domain', 'recipient_ids', 'due_at', 'expires_at'],
        rows: queue,
        casts: { recipient_ids: 'bigint[]', due_at: 'timestamptz', expires_at: 'timestamptz' },
      },
    ]);
    return batch.map((_, i) => refusals[i] ?? (messageIds[i] as number));
  });
}
