import { SEEDTEST_MSG, type seedMailboxCreate, type seedMailboxUpdate } from '@mailwright/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { checkLogin, ImapProblem } from './imap-reader.ts';
import * as repo from './seed-mailboxes.repo.ts';

type Create = z.output<typeof seedMailboxCreate>;
type Update = z.output<typeof seedMailboxUpdate>;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * A seed mailbox that cannot be read would only show up later as every test "missing" there: the details are
 * checked by logging in before they are saved, and a failure is a 400 on the field to fix.
 */
async function refuseUnusable(deps: Deps, fields: repo.SeedMailboxFields, password: string) {
  try {
    await checkLogin(
      { host: fields.imap_host, port: fields.imap_port, tls: fields.tls, username: fields.username, password },
      deps.config.seedAllowPrivate,
    );
  } catch (error) {
    if (error instanceof ImapProblem) throw fieldError(error.field, error.message);
    throw error;
  }
}

async function saved<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('address', 'This address is on the seed list already');
    throw error;
  }
}

export async function listSeedMailboxes(deps: Deps) {
  const rows = await repo.listSeedMailboxes(deps.db);
  return { items: rows.map(repo.toSeedMailbox), total_count: rows.length };
}

export async function createSeedMailbox(deps: Deps, body: Create) {
  const { password, ...fields } = body;
  await refuseUnusable(deps, fields, password);
  const id = await saved(() => repo.insertSeedMailbox(deps.db, fields, password));
  const row = await repo.findSeedMailbox(deps.db, id);
  if (!row) throw notFound(SEEDTEST_MSG.mailboxNotFound);
  return { ...repo.toSeedMailbox(row), message: SEEDTEST_MSG.mailboxSaved };
}

export async function updateSeedMailbox(deps: Deps, id: number, body: Update) {
  const row = await repo.findSeedMailbox(deps.db, id);
  if (!row) throw notFound(SEEDTEST_MSG.mailboxNotFound);
  const current = repo.accountOf(row);
  const fields: repo.SeedMailboxFields = {
    provider: body.provider ?? row.provider,
    address: body.address ?? row.address,
    imap_host: body.imap_host ?? row.imap_host,
    imap_port: body.imap_port ?? row.imap_port,
    tls: body.tls ?? row.tls,
    username: body.username ?? row.username,
    active: body.active ?? row.active,
  };
  const password = body.password ?? current.password;
  const loginChanged =
    password !== current.password ||
    fields.imap_host !== row.imap_host ||
    fields.imap_port !== row.imap_port ||
    fields.tls !== row.tls ||
    fields.username !== row.username;
  if (loginChanged) await refuseUnusable(deps, fields, password);
  await saved(() => repo.updateSeedMailbox(deps.db, id, fields, password));
  const updated = await repo.findSeedMailbox(deps.db, id);
  if (!updated) throw notFound(SEEDTEST_MSG.mailboxNotFound);
  return { ...repo.toSeedMailbox(updated), message: SEEDTEST_MSG.mailboxSaved };
}

export async function deleteSeedMailbox(deps: Deps, id: number) {
  if (!(await repo.deleteSeedMailbox(deps.db, id))) throw notFound(SEEDTEST_MSG.mailboxNotFound);
  return { message: SEEDTEST_MSG.mailboxDeleted };
}
