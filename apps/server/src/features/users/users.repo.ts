import type { PageQuery, Role, Subrole, User } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { openColumn, sealColumn } from '../../secrets/secret-columns.ts';

export interface UserRow {
  id: number;
  customer_id: number;
  username: string;
  email: string | null;
  full_name: string;
  role: Role;
  subrole: Subrole | null;
  password_hash: string | null;
  state: User['state'];
  external: boolean;
  totp_secret: string | null;
  totp_last_counter: number | null;
  created_at: Date;
  last_login_at: Date | null;
  providers: string[];
}

const SELECT_USER = `SELECT u.*, COALESCE((SELECT array_agg(p.provider ORDER BY p.provider) FROM user_providers p
                       WHERE p.user_id = u.id), ARRAY[]::text[]) AS providers FROM users u`;

export function toUser(row: UserRow): User {
  return {
    uid: row.id,
    cid: row.customer_id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    subrole: row.subrole,
    state: row.state,
    external: row.external,
    totp_enabled: row.totp_secret !== null,
    providers: row.providers,
    created_at: new Date(row.created_at).toISOString(),
    last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}

// The TOTP secret is stored sealed to its user (docs/security.md); rows read one at a time carry it opened.
const withOpenTotp = (row: UserRow | undefined): UserRow | undefined =>
  row?.totp_secret ? { ...row, totp_secret: openColumn('users.totp_secret', row.id, row.totp_secret) } : row;

/**
 * Sign-in accepts the username or the email address, case-insensitively. Both live in one namespace across all
 * customers (sign_in_names, migration 0009), so a name finds at most one account.
 */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .maybeOne<UserRow>(
      `${SELECT_USER} WHERE u.id = (SELECT n.user_id FROM sign_in_names n WHERE n.name = lower(btrim($1)))`,
      [login],
    )
    .then(withOpenTotp);
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.maybeOne<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]).then(withOpenTotp);
}

export async function findCustomerUser(db: Db, cid: number, id: number): Promise<UserRow | undefined> {
  return db.maybeOne<UserRow>(`${SELECT_USER} WHERE u.customer_id = $1 AND u.id = $2`, [cid, id]).then(withOpenTotp);
}

/** Whether a sign-in name (username or e-mail, any customer, any case) belongs to an account other than exceptId. */
export async function signInNameTaken(db: Db, name: string, exceptId = 0): Promise<boolean> {
  const row = await db.maybeOne('SELECT 1 FROM sign_in_names WHERE name = lower(btrim($1)) AND user_id <> $2', [
    name,
    exceptId,
  ]);
  return row !== undefined;
}

/** The unique violation the database answers when a name is already someone else's (the race the check misses). */
export const isSignInNameConflict = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  ['sign_in_names_pkey', 'users_username_key'].includes((error as { constraint?: string }).constraint ?? '');

const USER_SORTS: Record<string, string> = {
  username: 'lower(u.username)',
  full_name: 'lower(u.full_name)',
  role: 'u.role',
  created_at: 'u.created_at',
  state: 'u.state',
};

export async function listCustomerUsers(db: Db, cid: number, page: PageQuery) {
  const sort = USER_SORTS[page.sort ?? 'username'] ?? USER_SORTS.username;
  const order = page.order === 'desc' ? 'DESC' : 'ASC';
  const search = page.search ? `%${page.search.toLowerCase()}%` : null;
  const where = `u.customer_id = $1 AND ($2::text IS NULL OR lower(u.username) LIKE $2 OR lower(u.full_name) LIKE $2
                 OR lower(coalesce(u.email, '')) LIKE $2)`;
  const [rows, total] = await Promise.all([
    db.query<UserRow>(`${SELECT_USER} WHERE ${where} ORDER BY ${sort} ${order}, u.id LIMIT $3 OFFSET $4`, [
      cid,
      search,
      page.limit === 0 ? null : page.limit,
      page.skip,
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, [cid, search]),
  ]);
  return { items: rows.map(toUser), total_count: total.n };
}

export async function insertUser(
  db: Db,
  user: {
    customerId: number;
    username: string;
    email: string | null;
    fullName: string;
    role: Role;
    subrole: Subrole | null;
    passwordHash: string | null;
    state: User['state'];
    external: boolean;
  },
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (customer_id, username, email, full_name, role, subrole, password_hash, state, external)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      user.customerId,
      user.username,
      user.email,
      user.fullName,
      user.role,
      user.subrole,
      user.passwordHash,
      user.state,
      user.external,
    ],
  );
  return row.id;
}

export async function updateUserFields(
  db: Db,
  id: number,
  fields: Partial<{
    email: string | null;
    full_name: string;
    role: Role;
    subrole: Subrole | null;
    state: User['state'];
    password_hash: string;
    totp_secret: string | null;
    totp_last_counter: number | null;
    last_login_at: Date;
    username: string;
  }>,
) {
  const stored = fields.totp_secret
    ? { ...fields, totp_secret: sealColumn('users.totp_secret', id, fields.totp_secret) }
    : fields;
  const entries = Object.entries(stored).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ');
  await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
}

export async function deleteUser(db: Db, id: number) {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM users')).n;
}
