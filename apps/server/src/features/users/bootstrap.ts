import { ROLES, type Role, SUBROLES, type Subrole, userCreate } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../log.ts';
import { insertCustomer } from '../customers/customers.repo.ts';
import { generatePassword, hashPassword } from '../session/passwords.ts';
import { countUsers, insertUser, signInNameTaken } from './users.repo.ts';

export const OPERATOR_CUSTOMER = 'Mailwright operators';
const FIRST_SUPERADMIN_LOCK = 727_002;

/**
 * The first start on an empty database creates the operator customer and a superadmin (subrole master): from
 * MAILWRIGHT_ADMIN_USERNAME / MAILWRIGHT_ADMIN_PASSWORD, or with a generated password printed once in the log.
 */
export async function ensureFirstSuperadmin(
  db: Db,
  log: Logger,
  admin: { username: string; password: string | undefined },
): Promise<FirstSuperadmin | null> {
  if ((await countUsers(db)) > 0) return null;
  const password = admin.password ?? generatePassword(12);
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Several processes may start at once on one PostgreSQL database: they take turns here, and only the first finds
    // no users (the others then see its committed row and create nothing).
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_SUPERADMIN_LOCK]);
    if ((await countUsers(tx)) > 0) return false;
    const cid = await insertCustomer(tx, {
      customer: OPERATOR_CUSTOMER,
      partner: false,
      company: { address: '', city: '', country: '', vat_id: '', website: '' },
    });
    await insertUser(tx, {
      customerId: cid,
      username: admin.username,
      email: null,
      fullName: 'Administrator',
      role: 'superadmin',
      subrole: 'master',
      passwordHash,
      state: 'active',
      external: false,
    });
    return true;
  });
  if (!created) return null;
  log.info({ username: admin.username }, 'created the first superadmin');
  // The generated password goes back to the caller (the CLI prints it once as plain text), never into the log.
  return { username: admin.username, generatedPassword: admin.password ? null : password };
}

export interface FirstSuperadmin {
  username: string;
  /** Set when no MAILWRIGHT_ADMIN_PASSWORD was configured: the only time anyone can learn it. */
  generatedPassword: string | null;
}

export interface CliUser {
  username: string;
  password: string;
  role: string;
  subrole?: string | undefined;
  customer?: string | undefined;
  email?: string | undefined;
}

/** `mailwright user create`: the customer is found by name or id, and created when a new name is given. */
export async function createUserFromCli(db: Db, input: CliUser): Promise<{ uid: number; cid: number }> {
  if (!(ROLES as readonly string[]).includes(input.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  if (input.subrole && !(SUBROLES as readonly string[]).includes(input.subrole)) {
    throw new Error(`--subrole must be one of ${SUBROLES.join(', ')}`);
  }
  const checked = userCreate.safeParse({ username: input.username, password: input.password, role: input.role });
  if (!checked.success) throw new Error(checked.error.issues.map((i) => i.message).join('; '));
  if (await signInNameTaken(db, input.username)) throw new Error(`The username ${input.username} is taken`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const name = input.customer ?? (input.role === 'superadmin' ? OPERATOR_CUSTOMER : input.username);
    const found = await tx.maybeOne<{ id: number }>(
      'SELECT id FROM customers WHERE id::text = $1 OR lower(name) = lower($1) ORDER BY id LIMIT 1',
      [name],
    );
    const role = input.role as Role;
    if (
      found &&
      role === 'partner' &&
      !(await tx.one<{ partner: boolean }>('SELECT partner FROM customers WHERE id = $1', [found.id])).partner
    ) {
      // As the API refuses it (spec 6): a partner user only inside a partner customer.
      throw new Error(`You cannot assign the role partner: customer ${name} is not a partner`);
    }
    const cid =
      found?.id ??
      (await insertCustomer(tx, {
        customer: name,
        partner: role === 'partner',
        company: { address: '', city: '', country: '', vat_id: '', website: '' },
      }));
    const uid = await insertUser(tx, {
      customerId: cid,
      username: input.username,
      email: input.email ?? null,
      fullName: '',
      role,
      // No --subrole means no subrole (a superadmin without master or mta rights), never a silent master.
      subrole: role === 'superadmin' ? ((input.subrole as Subrole | undefined) ?? null) : null,
      passwordHash,
      state: 'active',
      external: false,
    });
    return { uid, cid };
  });
}
