import {
  type AllowlistDelete,
  type AllowlistWrite,
  type PageQuery,
  URI_MSG,
  type UriListQuery,
  type UriWrite,
} from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { forgetCachedUriLists } from '../../mail/policy/uri-check.ts';
import { requireDomain } from '../domains/domains.service.ts';
import * as recipients from './recipient-allowlist.repo.ts';
import * as uris from './uri-allowlist.repo.ts';

export const ENTRY_NOT_FOUND = 'Allow-list entry not found!';

export async function listRecipients(deps: Deps, auth: AuthContext, did: number, page: PageQuery) {
  await requireDomain(deps, auth.cid, did);
  const { rows, total } = await recipients.listAllowlist(deps.db, auth.cid, did, page);
  return { items: rows.map(recipients.toAllowlistEntry), total_count: total };
}

export async function saveRecipient(deps: Deps, auth: AuthContext, did: number, write: AllowlistWrite) {
  await requireDomain(deps, auth.cid, did);
  return recipients.toAllowlistEntry(await recipients.upsertAllowlistEntry(deps.db, auth.cid, did, write));
}

export async function deleteRecipient(
  deps: Deps,
  auth: AuthContext,
  did: number,
  input: { query: AllowlistDelete; body: AllowlistDelete },
) {
  await requireDomain(deps, auth.cid, did);
  const by = { id: input.body.id ?? input.query.id, recipient: input.body.recipient ?? input.query.recipient };
  if (by.id === undefined && by.recipient === undefined) throw fieldError('recipient', 'Give a recipient or an id');
  if (!(await recipients.deleteAllowlistEntry(deps.db, auth.cid, did, by))) throw notFound(ENTRY_NOT_FOUND);
  return { message: 'Allow-list entry deleted!' };
}

export async function checkRecipient(deps: Deps, auth: AuthContext, did: number, recipient: string) {
  await requireDomain(deps, auth.cid, did);
  const entry = await recipients.findCoveringEntry(deps.db, auth.cid, did, recipient);
  return { recipient, allowed: Boolean(entry), entry: entry ? recipients.toAllowlistEntry(entry) : null };
}

const uriTaken = () => fieldError('uri', 'This URI is on the list already', 409);
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function listUris(deps: Deps, auth: AuthContext, page: UriListQuery) {
  const { rows, total } = await uris.listUriAllowlist(deps.db, auth.cid, page);
  return { items: rows.map(uris.toUriAllowEntry), total_count: total };
}

async function writeUri(write: () => Promise<uris.UriAllowRow | undefined>) {
  try {
    const row = await write();
    if (!row) throw notFound(URI_MSG.notFound);
    forgetCachedUriLists();
    return { ...uris.toUriAllowEntry(row), message: URI_MSG.saved };
  } catch (error) {
    if (isUniqueViolation(error)) throw uriTaken();
    throw error;
  }
}

export function createUri(deps: Deps, auth: AuthContext, write: UriWrite) {
  return writeUri(() => uris.insertUriAllow(deps.db, auth.cid, write));
}

export function updateUri(deps: Deps, auth: AuthContext, id: number, write: UriWrite) {
  return writeUri(() => uris.updateUriAllow(deps.db, auth.cid, id, write));
}

export async function deleteUri(deps: Deps, auth: AuthContext, id: number) {
  if (!(await uris.deleteUriAllow(deps.db, auth.cid, id))) throw notFound(URI_MSG.notFound);
  forgetCachedUriLists();
  return { message: URI_MSG.deleted };
}
