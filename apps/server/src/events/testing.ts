import type { Db } from '../db/client.ts';
import { insertDomain } from '../features/domains/domains.repo.ts';
import { insertRows } from '../mail/sql-batch.ts';

let sequence = 0;

/** A domain row for tests that need no DKIM signing (statistics, webhooks): the key fields hold placeholders. */
export async function makeTestDomain(db: Db, cid: number, name?: string): Promise<{ did: number; name: string }> {
  const domain = name ?? `d${Date.now().toString(36)}${(sequence++).toString(36)}.example.com`;
  const key = { selector: 'mw1', privateKeyPem: 'unused in this test', publicKeyBase64: 'unused' };
  const did = await insertDomain(db, cid, {
    name: domain,
    key,
    bounceHost: `mwb.${domain}`,
    trackingHost: `mwt.${domain}`,
  });
  return { did, name: domain };
}

export interface TestEvent {
  customerId: number;
  domainId: number;
  event: string;
  recipient?: string;
  messageId?: number | null;
  recipientId?: number | null;
  category?: string | null;
  reply?: string | null;
  channel?: string | null;
  bot?: boolean;
  tags?: string[];
  createdAt?: Date;
}

const COLUMNS = ['customer_id', 'domain_id', 'message_id', 'recipient_id', 'recipient', 'event', 'category', 'reply'];

/**
 * Waits until every committed event is final for consumers (older than every running transaction). Transaction ids
 * are cluster-wide: on a shared PostgreSQL a transaction left open in another database (another suite) holds
 * consumers back for a moment, and a test that drains right away would find nothing to take.
 */
export async function waitForFinalEvents(db: Db, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.one<{ pending: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM events WHERE txid >= pg_snapshot_xmin(pg_current_snapshot())) AS pending',
    );
    if (!row.pending) return;
    if (Date.now() > deadline) throw new Error('Events stayed behind a running transaction');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Writes outbox events the way the engine does (one multi-row INSERT), with chosen times; answers once final. */
export async function insertEvents(
  db: Db,
  events: readonly TestEvent[],
  options: { waitFinal?: boolean } = {},
): Promise<void> {
  await insertRows(
    db,
    'events',
    [...COLUMNS, 'channel', 'bot', 'tags', 'created_at'],
    events.map((e) => [
      e.customerId,
      e.domainId,
      e.messageId ?? null,
      e.recipientId ?? null,
      e.recipient ?? 'someone@example.net',
      e.event,
      e.category ?? null,
      e.reply ?? null,
      e.channel ?? null,
      e.bot ?? false,
      e.tags ?? [],
      e.createdAt ?? new Date(),
    ]),
    { tags: 'text[]', created_at: 'timestamptz' },
  );
  if (options.waitFinal !== false) await waitForFinalEvents(db);
}
