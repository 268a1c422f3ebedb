import type { Domain, Role, Subrole } from '@mailwright/contract';
import type { Db } from '../db/client.ts';
import { insertCustomer } from '../features/customers/customers.repo.ts';
import { hashPassword } from '../features/session/passwords.ts';
import { insertUser } from '../features/users/users.repo.ts';
import { ADMIN_PASSWORD, type FileTestApp } from './test-app.ts';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function makeCustomer(db: Db, options: { name?: string; partner?: boolean; parentId?: number } = {}) {
  return insertCustomer(db, {
    customer: options.name ?? `Customer ${next()}`,
    partner: options.partner ?? false,
    parentId: options.parentId ?? null,
    company: { address: '', city: '', country: '', vat_id: '', website: '' },
  });
}

export const TEST_PASSWORD = 'correct-horse-9';

export async function makeUser(
  db: Db,
  cid: number,
  role: Role = 'admin',
  options: { username?: string; email?: string; subrole?: Subrole } = {},
) {
  const username = options.username ?? `${role}-${next()}`;
  const uid = await insertUser(db, {
    customerId: cid,
    username,
    email: options.email ?? `${username}@example.com`,
    fullName: `${role} person`,
    role,
    subrole: role === 'superadmin' ? (options.subrole ?? 'master') : null,
    passwordHash: await hashPassword(TEST_PASSWORD),
    state: 'active',
    external: false,
  });
  return { uid, username };
}

/** A customer with an admin and a user, each signed in. */
export async function makeTenant(t: FileTestApp, options: { partner?: boolean; parentId?: number } = {}) {
  const cid = await makeCustomer(t.deps.db, options);
  const admin = await makeUser(t.deps.db, cid, options.partner ? 'partner' : 'admin');
  const user = await makeUser(t.deps.db, cid, 'user');
  return {
    cid,
    admin: { ...admin, token: await t.login(admin.username, TEST_PASSWORD) },
    user: { ...user, token: await t.login(user.username, TEST_PASSWORD) },
  };
}

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

/**
 * Signed-in operators: `master`, the first superadmin (subrole master), and, in a customer of their own, `mta`, a
 * superadmin with subrole mta, and `plain`, a superadmin with no subrole at all.
 */
export async function makeOperators(t: FileTestApp) {
  const master = await t.login('admin', ADMIN_PASSWORD);
  const operators = await makeCustomer(t.deps.db);
  const mtaUser = await makeUser(t.deps.db, operators, 'superadmin', { subrole: 'mta' });
  const mta = await t.login(mtaUser.username, TEST_PASSWORD);
  const plainUser = await makeUser(t.deps.db, operators, 'superadmin');
  await t.deps.db.query('UPDATE users SET subrole = NULL WHERE id = $1', [plainUser.uid]);
  const plain = await t.login(plainUser.username, TEST_PASSWORD);
  return { master, mta, plain };
}

/** A domain created through the API as the given admin, as a customer would add it. */
export async function makeDomain(t: FileTestApp, token: string, name: string): Promise<Domain> {
  const res = await t.request<Domain>('POST', '/api/domains', { token, body: { name } });
  if (res.status !== 200 || !res.body.data)
    throw new Error(`creating ${name} failed: ${res.status} ${res.body.message}`);
  return res.body.data;
}
