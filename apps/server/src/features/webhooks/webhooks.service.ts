import {
  type PageQuery,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookInput,
  type WebhookUpdate,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, fieldError, notFound } from '../../http/errors.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { buildWebhookPayload, sampleEvent } from './payload.ts';
import { loadSigningKey } from './signing-key.ts';
import { postWebhook } from './webhook-post.ts';
import { webhookUrlProblem } from './webhook-target.ts';
import { isMaskedFormOf, maskWebhookUrl } from './webhook-url-mask.ts';
import * as repo from './webhooks.repo.ts';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

async function requireWebhook(deps: Deps, cid: number, did: number, wid: number) {
  const domain = await requireDomain(deps, cid, did);
  const row = await repo.findWebhook(deps.db, cid, did, wid);
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return Object.assign(row, { domainName: domain.name });
}

export async function listWebhooks(deps: Deps, cid: number, did: number) {
  await requireDomain(deps, cid, did);
  const rows = await repo.listWebhooks(deps.db, cid, did);
  return { items: rows.map(repo.toWebhook), total_count: rows.length };
}

export async function getWebhook(deps: Deps, cid: number, did: number, wid: number) {
  return repo.toWebhook(await requireWebhook(deps, cid, did, wid));
}

/** A URL that reaches a private network is refused when saved, not only when called (SSRF policy). */
function checkUrl(deps: Deps, url: string | undefined) {
  const problem = url === undefined ? undefined : webhookUrlProblem(url, deps.config.webhookAllowPrivate);
  if (problem) throw fieldError('url', problem);
}

/** One URL per event type and domain: a second one for the same type is a 409 on the type field. */
export async function createWebhook(deps: Deps, cid: number, did: number, input: WebhookInput) {
  await requireDomain(deps, cid, did);
  checkUrl(deps, input.url);
  const row = await repo.insertWebhook(deps.db, cid, did, { ...input, event: input.type });
  if (!row) throw fieldError('type', `This domain already has a ${input.type} webhook`, 409);
  return repo.toWebhook(row);
}

export async function updateWebhook(deps: Deps, cid: number, did: number, wid: number, input: Partial<WebhookUpdate>) {
  const current = await requireWebhook(deps, cid, did, wid);
  // The URL as the API showed it (credentials masked) keeps the stored one; any other URL replaces it.
  const url = input.url !== undefined && isMaskedFormOf(input.url, current.url) ? undefined : input.url;
  checkUrl(deps, url);
  const row = await repo.updateWebhook(deps.db, cid, did, wid, { ...input, url });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return repo.toWebhook(row);
}

export async function deleteWebhook(deps: Deps, cid: number, did: number, wid: number) {
  await requireDomain(deps, cid, did);
  if (!(await repo.deleteWebhook(deps.db, cid, did, wid))) throw notFound(WEBHOOK_NOT_FOUND);
  return { message: 'Webhook deleted' };
}

/**
 * Sends a signed sample event of the webhook's type now. A receiver that does not answer 2xx gets the call a 400
 * whose message says what it answered; the console shows it as the test's error result (spec 8), and it is kept on
 * the webhook.
 */
export async function testWebhook(deps: Deps, cid: number, did: number, wid: number) {
  const row = await requireWebhook(deps, cid, did, wid);
  const payload = buildWebhookPayload(row.format, sampleEvent(row.event, row.domainName));
  const key = await loadSigningKey(deps.db, cid);
  const result = await postWebhook(row.url, payload, key, { allowPrivate: deps.config.webhookAllowPrivate });
  await repo.recordTestResult(deps.db, row.id, result.ok ? null : result.error);
  if (!result.ok) throw badRequest(result.error ?? 'Webhook test failed');
  return { message: `Webhook answered ${result.status}`, status: result.status as number };
}

export function webhookParams() {
  return { types: [...WEBHOOK_EVENTS], formats: [...WEBHOOK_FORMATS] };
}

export async function listDeferredWebhooks(deps: Deps, page: PageQuery) {
  const { rows, total } = await repo.listDeferred(deps.db, page);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      webhook_id: row.webhook_id,
      cid: row.customer_id,
      customer: row.customer,
      did: row.domain_id,
      domain: row.domain,
      type: row.event,
      url: maskWebhookUrl(row.url),
      event_id: Number(row.event_id),
      attempts: row.attempts,
      last_status: row.last_status,
      last_error: row.last_error,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    })),
    total_count: total,
  };
}

export async function replayDeferredWebhook(deps: Deps, id: number) {
  if (!(await repo.replayDeferred(deps.db, id))) throw notFound('Deferred webhook not found');
  return { message: 'Webhook queued to be sent again' };
}
