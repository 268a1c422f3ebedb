import { type FieldError, ROUTE_LIMITS, type RouteInput } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { fieldError, fieldErrors, notFound } from '../../http/errors.ts';
import { PatternSyntaxError } from '../../mail/classify/safe-regex.ts';
import { compileRoute } from '../../mail/routing/route-match.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { webhookUrlProblem } from '../webhooks/webhook-target.ts';
import { parseInbound } from './inbound-parse.ts';
import * as repo from './routes.repo.ts';

export const ROUTE_NOT_FOUND = 'Route not found';
export const INBOUND_NOT_FOUND = 'Inbound message not found';

/**
 * What the contract cannot see: a pattern RE2 cannot run (backreferences, lookaround: refused so matching stays
 * linear-time) and a URL on a private network (the webhooks' SSRF policy). 400 with field errors for the form.
 */
function checkRoute(deps: Deps, input: RouteInput) {
  const errors: FieldError[] = [];
  try {
    compileRoute({ id: 0, priority: 0, expression: input.expression, actions: [], mode: input.mode });
  } catch (error) {
    if (!(error instanceof PatternSyntaxError)) throw error;
    errors.push({ field: 'expression.pattern', message: error.message });
  }
  input.actions.forEach((action, i) => {
    const url = action.type === 'forward_url' ? action.url : action.type === 'store' ? action.notify_url : undefined;
    const problem = url ? webhookUrlProblem(url, deps.config.webhookAllowPrivate) : undefined;
    if (problem)
      errors.push({ field: `actions.${i}.${action.type === 'store' ? 'notify_url' : 'url'}`, message: problem });
  });
  if (errors.length) throw fieldErrors(errors);
}

export async function listRoutes(deps: Deps, cid: number, did: number) {
  await requireDomain(deps, cid, did);
  const rows = await repo.listRoutes(deps.db, cid, did);
  return { items: rows.map(repo.toRoute), total_count: rows.length };
}

export async function createRoute(deps: Deps, cid: number, did: number, input: RouteInput) {
  await requireDomain(deps, cid, did);
  checkRoute(deps, input);
  const row = await repo.insertRoute(deps.db, cid, did, input, ROUTE_LIMITS.routes);
  if (!row) throw fieldError('expression', `A domain has at most ${ROUTE_LIMITS.routes} routes`);
  return repo.toRoute(row);
}

export async function updateRoute(deps: Deps, cid: number, did: number, id: number, input: RouteInput) {
  await requireDomain(deps, cid, did);
  checkRoute(deps, input);
  const row = await repo.updateRoute(deps.db, cid, did, id, input);
  if (!row) throw notFound(ROUTE_NOT_FOUND);
  return repo.toRoute(row);
}

export async function setRouteEnabled(deps: Deps, cid: number, did: number, id: number, enabled: boolean) {
  await requireDomain(deps, cid, did);
  const row = await repo.setRouteEnabled(deps.db, cid, did, id, enabled);
  if (!row) throw notFound(ROUTE_NOT_FOUND);
  return repo.toRoute(row);
}

/**
 * Moves a route one place in the order the MX tries them: it swaps priorities with its neighbour. When the two share
 * a priority (then age decides), the list is first numbered 10, 20, 30… in its current order, so a swap is possible.
 */
export async function moveRoute(deps: Deps, cid: number, did: number, id: number, direction: 'up' | 'down') {
  await requireDomain(deps, cid, did);
  const rows = await repo.listRoutes(deps.db, cid, did);
  const i = rows.findIndex((r) => r.id === id);
  if (i < 0) throw notFound(ROUTE_NOT_FOUND);
  const j = direction === 'up' ? i - 1 : i + 1;
  // At either end there is nothing to move.
  if (rows[j]) {
    const tied = new Set(rows.map((r) => r.priority)).size < rows.length;
    const order = rows.map((r, k) => ({ id: r.id, priority: tied ? (k + 1) * 10 : r.priority }));
    const pa = order[i] as { priority: number };
    const pb = order[j] as { priority: number };
    [pa.priority, pb.priority] = [pb.priority, pa.priority];
    await repo.setPriorities(deps.db, cid, did, order);
  }
  return listRoutes(deps, cid, did);
}

export async function deleteRoute(deps: Deps, cid: number, did: number, id: number) {
  await requireDomain(deps, cid, did);
  if (!(await repo.deleteRoute(deps.db, cid, did, id))) throw notFound(ROUTE_NOT_FOUND);
  return { message: 'Route deleted' };
}

export async function listInboundMessages(
  deps: Deps,
  cid: number,
  did: number,
  query: { limit: number; skip: number; stored?: '0' | '1' | undefined },
) {
  await requireDomain(deps, cid, did);
  const { rows, total } = await repo.listInbound(deps.db, cid, did, { ...query, storedOnly: query.stored === '1' });
  return { items: rows.map(repo.toInboundSummary), total_count: total };
}

const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function getInboundMessage(deps: Deps, cid: number, did: number, id: number) {
  await requireDomain(deps, cid, did);
  const row = await repo.findInbound(deps.db, cid, did, id);
  if (!row) throw notFound(INBOUND_NOT_FOUND);
  const raw = toBuffer(row.raw);
  const parsed = await parseInbound(raw);
  return {
    ...repo.toInboundSummary(row),
    text: parsed.text,
    html: parsed.html,
    headers: parsed.headers,
    attachments: parsed.attachments,
    raw: raw.toString('base64'),
  };
}
