import { DOMAIN_PATTERN_MSG, type DomainPatternWrite } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { requireDomain } from '../domains/domains.service.ts';
import * as repo from './domain-patterns.repo.ts';

export async function listDomainPatterns(deps: Deps, auth: AuthContext, did: number) {
  await requireDomain(deps, auth.cid, did);
  const rows = await repo.listDomainPatterns(deps.db, auth.cid, did);
  return { items: rows.map(repo.toDomainPattern), total_count: rows.length };
}

export async function getDomainPattern(deps: Deps, auth: AuthContext, did: number, id: number) {
  await requireDomain(deps, auth.cid, did);
  const row = await repo.findDomainPattern(deps.db, auth.cid, did, id);
  if (!row) throw notFound(DOMAIN_PATTERN_MSG.notFound);
  return repo.toDomainPattern(row);
}

export async function createDomainPattern(deps: Deps, auth: AuthContext, did: number, write: DomainPatternWrite) {
  await requireDomain(deps, auth.cid, did);
  const row = await repo.insertDomainPattern(deps.db, auth.cid, did, write);
  return { ...repo.toDomainPattern(row), message: DOMAIN_PATTERN_MSG.saved };
}

export async function updateDomainPattern(
  deps: Deps,
  auth: AuthContext,
  did: number,
  id: number,
  write: DomainPatternWrite,
) {
  await requireDomain(deps, auth.cid, did);
  const row = await repo.updateDomainPattern(deps.db, auth.cid, did, id, write);
  if (!row) throw notFound(DOMAIN_PATTERN_MSG.notFound);
  return { ...repo.toDomainPattern(row), message: DOMAIN_PATTERN_MSG.saved };
}

export async function deleteDomainPattern(deps: Deps, auth: AuthContext, did: number, id: number) {
  await requireDomain(deps, auth.cid, did);
  if (!(await repo.deleteDomainPattern(deps.db, auth.cid, did, id))) throw notFound(DOMAIN_PATTERN_MSG.notFound);
  return { message: DOMAIN_PATTERN_MSG.deleted };
}
