import { URI_MSG, type UriBlockWrite, type UriListQuery } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { forgetCachedUriLists } from '../../mail/policy/uri-check.ts';
import * as repo from './uribl.repo.ts';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function listUriBlocklist(deps: Deps, page: UriListQuery & { enabled?: 'true' | 'false' | undefined }) {
  const { rows, total } = await repo.listUriBlocklist(deps.db, page);
  return { items: rows.map(repo.toUriBlockEntry), total_count: total };
}

export async function getUriBlock(deps: Deps, id: number) {
  const row = await repo.findUriBlock(deps.db, id);
  if (!row) throw notFound(URI_MSG.notFound);
  return repo.toUriBlockEntry(row);
}

async function save(write: () => Promise<repo.UriBlockRow | undefined>, message: string) {
  try {
    const row = await write();
    if (!row) throw notFound(URI_MSG.notFound);
    forgetCachedUriLists();
    return { ...repo.toUriBlockEntry(row), message };
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('uri', 'This URI is on the blocklist already', 409);
    throw error;
  }
}

export const createUriBlock = (deps: Deps, write: UriBlockWrite) =>
  save(() => repo.insertUriBlock(deps.db, write), URI_MSG.saved);

export const updateUriBlock = (deps: Deps, id: number, write: UriBlockWrite) =>
  save(() => repo.updateUriBlock(deps.db, id, write), URI_MSG.saved);

export const toggleUriBlock = (deps: Deps, id: number, enabled: boolean | undefined) =>
  save(() => repo.toggleUriBlock(deps.db, id, enabled), URI_MSG.toggled);

export async function deleteUriBlock(deps: Deps, id: number) {
  if (!(await repo.deleteUriBlock(deps.db, id))) throw notFound(URI_MSG.notFound);
  forgetCachedUriLists();
  return { message: URI_MSG.deleted };
}
