import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../log.ts';
import { openTestDb } from '../../test/test-db.ts';
import { verifyPassword } from '../session/passwords.ts';
import { createUserFromCli, ensureFirstSuperadmin, OPERATOR_CUSTOMER } from './bootstrap.ts';

type TestDb = Awaited<ReturnType<typeof openTestDb>>;
let db: TestDb | undefined;
afterEach(async () => {
  await db?.drop();
  db = undefined;
});

function captureLogger() {
  const lines: string[] = [];
  const log = createLogger({ logLevel: 'info', logPretty: false });
  const capture = Object.assign(Object.create(log), {
    info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
    warn: (...args: unknown[]) => lines.push(JSON.stringify(args)),
  });
  return { log: capture as typeof log, lines };
}

describe('first start', () => {
  it('creates a superadmin (subrole master) with the configured password, once', async () => {
    db = await openTestDb();
    const { log } = captureLogger();
    await ensureFirstSuperadmin(db, log, { username: 'root', password: 'configured-pass-1' });
    await ensureFirstSuperadmin(db, log, { username: 'root2', password: 'other-pass-1' });
    const users = await db.query<{ username: string; role: string; subrole: string; password_hash: string }>(
      'SELECT username, role, subrole, password_hash FROM users',
    );
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'root', role: 'superadmin', subrole: 'master' });
    expect(await verifyPassword(users[0]?.password_hash ?? null, 'configured-pass-1')).toBe(true);
  });

  it('generates a password, answers it once for the CLI to print, and never logs it', async () => {
    db = await openTestDb();
    const { log, lines } = captureLogger();
    const first = await ensureFirstSuperadmin(db, log, { username: 'admin', password: undefined });
    const generated = first?.generatedPassword;
    expect(generated).toBeTruthy();
    expect(lines.join('\n')).not.toContain(generated);
    const row = await db.one<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(await verifyPassword(row.password_hash, generated as string)).toBe(true);
    expect(await ensureFirstSuperadmin(db, log, { username: 'admin', password: undefined })).toBeNull();
  });

  it('creates one superadmin when several processes start at once on one database', async () => {
    db = await openTestDb();
    const testDb = db;
    const { log } = captureLogger();
    // The window between counting users and inserting one is short: many rounds of simultaneous starts find it.
    for (let round = 0; round < 15; round += 1) {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          ensureFirstSuperadmin(testDb, log, { username: 'admin', password: 'configured-pass-1' }),
        ),
      );
      expect(results.filter((created) => created !== null)).toHaveLength(1);
      expect(await db.query('SELECT 1 FROM users')).toHaveLength(1);
      expect(await db.query('SELECT 1 FROM customers WHERE name = $1', [OPERATOR_CUSTOMER])).toHaveLength(1);
      await db.exec('DELETE FROM sign_in_names; DELETE FROM users; DELETE FROM customers');
    }
  });
});

describe('mailwright user create', () => {
  it('creates users in named customers, creating the customer when new', async () => {
    db = await openTestDb();
    const a = await createUserFromCli(db, {
      username: 'alice',
      password: 'alice-pass-1',
      role: 'admin',
      customer: 'Acme',
    });
    const b = await createUserFromCli(db, { username: 'bob', password: 'bob-pass-1', role: 'user', customer: 'acme' });
    expect(b.cid).toBe(a.cid);
    const ops = await createUserFromCli(db, {
      username: 'ops',
      password: 'ops-pass-12',
      role: 'superadmin',
      subrole: 'mta',
    });
    const row = await db.one<{ name: string; subrole: string }>(
      'SELECT c.name, u.subrole FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = $1',
      [ops.uid],
    );
    expect(row).toEqual({ name: OPERATOR_CUSTOMER, subrole: 'mta' });
  });

  it('refuses bad roles, short passwords and taken usernames', async () => {
    db = await openTestDb();
    await createUserFromCli(db, { username: 'alice', password: 'alice-pass-1', role: 'admin' });
    await expect(createUserFromCli(db, { username: 'x1', password: 'long-enough-1', role: 'king' })).rejects.toThrow(
      /--role/,
    );
    await expect(createUserFromCli(db, { username: 'x2', password: 'short', role: 'user' })).rejects.toThrow(
      /at least 8/,
    );
    await expect(createUserFromCli(db, { username: 'ALICE', password: 'long-enough-1', role: 'user' })).rejects.toThrow(
      /taken/,
    );
    expect((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM users')).n).toBe(1);
  });

  it('refuses --role partner in a customer that is not a partner, as the API does (issue 11)', async () => {
    db = await openTestDb();
    await createUserFromCli(db, { username: 'alice', password: 'alice-pass-1', role: 'admin', customer: 'Acme' });
    await expect(
      createUserFromCli(db, { username: 'pat', password: 'pat-pass-123', role: 'partner', customer: 'Acme' }),
    ).rejects.toThrow(/cannot assign the role partner/);
    const created = await createUserFromCli(db, { username: 'pia', password: 'pia-pass-123', role: 'partner' });
    const row = await db.one<{ partner: boolean }>(
      'SELECT c.partner FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = $1',
      [created.uid],
    );
    expect(row.partner).toBe(true);
    expect((await db.one<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE username = 'pat'")).n).toBe(0);
  });

  it('gives a superadmin created without --subrole no subrole, not master (issue 11)', async () => {
    db = await openTestDb();
    const { uid } = await createUserFromCli(db, { username: 'plain', password: 'plain-pass-1', role: 'superadmin' });
    const row = await db.one<{ subrole: string | null }>('SELECT subrole FROM users WHERE id = $1', [uid]);
    expect(row.subrole).toBeNull();
  });
});
