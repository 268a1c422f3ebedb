import type { PageQuery, Webhook, WebhookEvent, WebhookFormatName } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { openColumn, sealColumn } from '../../secrets/secret-columns.ts';
import { maskWebhookUrl } from './webhook-url-mask.ts';

export interface WebhookRow {
  id: number;
  customer_id: number;
  domain_id: number;
  event: WebhookEvent;
  url: string;
  format: WebhookFormatName;
  enabled: boolean;
  last_test_error: string | null;
  last_tested_at: Date | null;
  created_at: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The API shape: the URL's credentials masked (row.url holds them, for the sender). */
export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    did: row.domain_id,
    type: row.event,
    url: maskWebhookUrl(row.url),
    format: row.format,
    enabled: row.enabled,
    last_test_error: row.last_test_error,
    last_tested_at: iso(row.last_tested_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = 'id, customer_id, domain_id, event, url, format, enabled, last_test_error, last_tested_at, created_at';

// URLs are stored sealed to their webhook (they may carry Basic credentials; docs/security.md): opened when read.
export const openWebhookUrl = (webhookId: number, stored: string) => openColumn('webhooks.url', webhookId, stored);
const withOpenUrl = <T extends WebhookRow | undefined>(row: T): T =>
  row && { ...row, url: openWebhookUrl(row.id, row.url) };

export function listWebhooks(db: Db, cid: number, did: number): Promise<WebhookRow[]> {
  return db
    .query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE customer_id = $1 AND domain_id = $2
      ORDER BY array_position(ARRAY['accepted', 'delivered', 'rejected', 'softbounce', 'hardbounce', 'opened',
                                     'clicked', 'unsubscribed', 'complained', 'received'], event), id`,
      [cid, did],
    )
    .then((rows) => rows.map(withOpenUrl));
}

export function findWebhook(db: Db, cid: number, did: number, wid: number): Promise<WebhookRow | undefined> {
  return db
    .maybeOne<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE customer_id = $1 AND domain_id = $2 AND id = $3`, [
      cid,
      did,
      wid,
    ])
    .then(withOpenUrl);
}

/** Undefined when the domain already has a webhook for this event. */
export async function insertWebhook(
  db: Db,
  cid: number,
  did: number,
  input: { event: WebhookEvent; url: string; format: WebhookFormatName; enabled: boolean },
): Promise<WebhookRow | undefined> {
  // The id is taken first: the sealed URL is bound to it.
  const { id } = await db.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('webhooks', 'id'))::int AS id");
  const row = await db.maybeOne<WebhookRow>(
    `INSERT INTO webhooks (id, customer_id, domain_id, event, url, format, enabled)
     OVERRIDING SYSTEM VALUE VALUES ($7, $1, $2, $3, $4, $5, $6)
     ON CONFLICT (domain_id, event) DO NOTHING RETURNING ${COLUMNS}`,
    [cid, did, input.event, sealColumn('webhooks.url', id, input.url), input.format, input.enabled, id],
  );
  return withOpenUrl(row);
}

export function updateWebhook(
  db: Db,
  cid: number,
  did: number,
  wid: number,
  input: { url?: string | undefined; format?: WebhookFormatName | undefined; enabled?: boolean | undefined },
): Promise<WebhookRow | undefined> {
  const url = input.url === undefined ? null : sealColumn('webhooks.url', wid, input.url);
  return db
    .maybeOne<WebhookRow>(
      `UPDATE webhooks SET url = coalesce($4, url), format = coalesce($5, format), enabled = coalesce($6, enabled)
      WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING ${COLUMNS}`,
      [cid, did, wid, url, input.format ?? null, input.enabled ?? null],
    )
    .then(withOpenUrl);
}

export async function deleteWebhook(db: Db, cid: number, did: number, wid: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM webhooks WHERE customer_id = $1 AND domain_id = $2 AND id = $3 RETURNING id',
    [cid, did, wid],
  );
  return rows.length > 0;
}

export async function recordTestResult(db: Db, wid: number, error: string | null): Promise<void> {
  await db.query('UPDATE webhooks SET last_test_error = $2, last_tested_at = now() WHERE id = $1', [wid, error]);
}

export interface DeferredRow {
  id: number;
  webhook_id: number;
  customer_id: number;
  customer: string;
  domain_id: number;
  domain: string;
  event: WebhookEvent;
  url: string;
  event_id: number;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Operators: deliveries that failed every retry, newest first. */
export async function listDeferred(db: Db, page: PageQuery): Promise<{ rows: DeferredRow[]; total: number }> {
  const rows = await db.query<DeferredRow>(
    `SELECT d.id, d.webhook_id, d.customer_id, c.name AS customer, w.domain_id, dm.name AS domain, w.event, w.url,
            d.event_id, d.attempts, d.last_status, d.last_error, d.created_at, d.updated_at
       FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id
       JOIN domains dm ON dm.id = w.domain_id
       JOIN customers c ON c.id = d.customer_id
      WHERE d.state = 'deferred'
      ORDER BY d.updated_at DESC, d.id DESC
      LIMIT $1 OFFSET $2`,
    [page.limit === 0 ? null : page.limit, page.skip],
  );
  const total = await db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'deferred'",
  );
  return { rows: rows.map((row) => ({ ...row, url: openWebhookUrl(row.webhook_id, row.url) })), total: total.n };
}

/** A deferred delivery goes back to pending, due now, with a fresh set of retries. */
export async function replayDeferred(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
      WHERE id = $1 AND state = 'deferred' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
