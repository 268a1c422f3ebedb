import type { CredentialCreate, CredentialUpdate } from '@mailwright/contract';
import type { Deps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { requireDomain } from '../domains/domains.service.ts';
import { generatePassword, hashPassword } from '../session/passwords.ts';
import * as repo from './credentials.repo.ts';

const CREDENTIAL_NOT_FOUND = 'SMTP user not found';

/** 24 base64url characters (144 bits) when the admin leaves the password blank. */
const PASSWORD_BYTES = 18;

async function requireCredential(deps: Deps, cid: number, did: number, crid: number) {
  const row = await repo.findCredential(deps.db, cid, did, crid);
  if (!row) throw notFound(CREDENTIAL_NOT_FOUND);
  return row;
}

export async function listCredentials(deps: Deps, auth: AuthContext, did: number) {
  await requireDomain(deps, auth.cid, did);
  const rows = await repo.listDomainCredentials(deps.db, auth.cid, did);
  return { items: rows.map(repo.toCredential), total_count: rows.length };
}

export async function getCredential(deps: Deps, auth: AuthContext, did: number, crid: number) {
  await requireDomain(deps, auth.cid, did);
  return repo.toCredential(await requireCredential(deps, auth.cid, did, crid));
}

/** The login is an address at the domain: a bare local part gets `@<domain>`, a full address must end with it. */
function loginAt(login: string, domainName: string): string {
  if (!login.includes('@')) return `${login}@${domainName}`;
  if (!login.endsWith(`@${domainName}`)) throw fieldError('login', `The login must be an address at ${domainName}`);
  return login;
}

export async function createCredential(deps: Deps, auth: AuthContext, did: number, input: CredentialCreate) {
  const domain = await requireDomain(deps, auth.cid, did);
  const login = loginAt(input.login, domain.name);
  const taken = () => fieldError('login', 'This login already exists', 409);
  if (await repo.isLoginTaken(deps.db, login)) throw taken();
  const password = input.password ?? generatePassword(PASSWORD_BYTES);
  try {
    const crid = await repo.insertCredential(deps.db, auth.cid, did, {
      login,
      passwordHash: await hashPassword(password),
      note: input.note,
    });
    return { ...(await getCredential(deps, auth, did, crid)), password };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw taken();
    throw error;
  }
}

/**
 * Changes the note and, only when asked (`reset: true` or a password given), resets the password: a new one is
 * generated when none is given, and answered once. A note-only edit keeps the password (issue 10 item 14).
 */
export async function updateCredential(
  deps: Deps,
  auth: AuthContext,
  did: number,
  crid: number,
  input: CredentialUpdate,
) {
  await requireDomain(deps, auth.cid, did);
  await requireCredential(deps, auth.cid, did, crid);
  const reset = input.reset === true || input.password !== undefined;
  const password = reset ? (input.password ?? generatePassword(PASSWORD_BYTES)) : null;
  await repo.updateCredential(deps.db, auth.cid, crid, {
    passwordHash: password === null ? null : await hashPassword(password),
    note: input.note,
  });
  return { ...(await getCredential(deps, auth, did, crid)), password };
}

export async function deleteCredential(deps: Deps, auth: AuthContext, did: number, crid: number) {
  await requireDomain(deps, auth.cid, did);
  await requireCredential(deps, auth.cid, did, crid);
  await repo.deleteCredential(deps.db, auth.cid, crid);
  return { message: 'SMTP user deleted' };
}
