import type { SuppressionCreate, SuppressionDelete, SuppressionListQuery, SuppressionType } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { firstMatchingPattern } from '../../mail/policy/domain-pattern-match.ts';
import { activeDomainPatterns } from '../domain-patterns/domain-patterns.repo.ts';
import { requireDomain } from '../domains/domains.service.ts';
import * as repo from './suppressions.repo.ts';

export const SUPPRESSION_NOT_FOUND = 'Suppression not found!';
const onListAlready = () => fieldError('recipient', 'This recipient is on the list already', 409);

function listAnswer(result: { rows: repo.SuppressionRow[]; total: number }) {
  return { items: result.rows.map(repo.toSuppression), total_count: result.total };
}

/** Delete takes a recipient or a sid, in the body or in the query string. */
function deleteKey(query: SuppressionDelete, body: SuppressionDelete) {
  const by = { sid: body.sid ?? query.sid, recipient: body.recipient ?? query.recipient };
  if (by.sid === undefined && by.recipient === undefined) throw fieldError('recipient', 'Give a recipient or a sid');
  return by;
}

export async function listDomainSuppressions(
  deps: Deps,
  auth: AuthContext,
  did: number,
  type: SuppressionType,
  query: SuppressionListQuery,
) {
  await requireDomain(deps, auth.cid, did);
  return listAnswer(await repo.listSuppressions(deps.db, { cid: auth.cid, did }, type, query));
}

async function addSuppression(deps: Deps, scope: repo.ListScope, type: SuppressionType, body: SuppressionCreate) {
  return deps.db.transaction(async (tx) => {
    if (await repo.findLiveSuppression(tx, scope, type, body.recipient)) throw onListAlready();
    const row = await repo.insertSuppression(tx, scope, { ...body, type, source: 'api' });
    return repo.toSuppression(row);
  });
}

export async function addDomainSuppression(
  deps: Deps,
  auth: AuthContext,
  did: number,
  type: SuppressionType,
  body: SuppressionCreate,
) {
  await requireDomain(deps, auth.cid, did);
  return addSuppression(deps, { cid: auth.cid, did }, type, body);
}

export async function removeDomainSuppression(
  deps: Deps,
  auth: AuthContext,
  did: number,
  type: SuppressionType,
  input: { query: SuppressionDelete; body: SuppressionDelete },
) {
  await requireDomain(deps, auth.cid, did);
  const removed = await repo.deleteSuppressions(
    deps.db,
    { cid: auth.cid, did },
    type,
    deleteKey(input.query, input.body),
  );
  if (!removed) throw notFound(SUPPRESSION_NOT_FOUND);
  return { message: 'Suppression deleted!' };
}

/** What intake would decide for this recipient on this domain, and why. */
export async function checkRecipient(deps: Deps, auth: AuthContext, did: number, recipient: string) {
  await requireDomain(deps, auth.cid, did);
  const [rows, patterns] = await Promise.all([
    repo.findApplyingSuppressions(deps.db, auth.cid, did, recipient),
    activeDomainPatterns(deps.db, auth.cid, did),
  ]);
  const pattern = firstMatchingPattern(patterns, recipient)?.pattern ?? null;
  return {
    recipient,
    suppressed: rows.length > 0 || pattern !== null,
    items: rows.map((row) => ({ ...repo.toSuppression(row), scope: row.scope })),
    pattern,
  };
}

export async function listGlobalSuppressions(
  deps: Deps,
  query: SuppressionListQuery & { type?: SuppressionType | undefined },
) {
  return listAnswer(await repo.listSuppressions(deps.db, 'global', query.type, query));
}

export function addGlobalSuppression(deps: Deps, type: SuppressionType, body: SuppressionCreate) {
  return addSuppression(deps, 'global', type, body);
}

export async function removeGlobalSuppression(
  deps: Deps,
  input: { query: SuppressionDelete; body: SuppressionDelete },
) {
  const removed = await repo.deleteSuppressions(deps.db, 'global', null, deleteKey(input.query, input.body));
  if (!removed) throw notFound(SUPPRESSION_NOT_FOUND);
  return { message: 'Suppression deleted!' };
}
