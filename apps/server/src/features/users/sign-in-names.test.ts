import { describe, expect, it } from 'vitest';
import { makeCustomer, makeUser, TEST_PASSWORD } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { insertUser } from './users.repo.ts';

const t = useTestApp();
const { tenant: victim, other: attacker } = useTenants(t);

const victimEmail = async () =>
  (await t.deps.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [victim.user.uid])).email;

describe('one namespace of sign-in names across customers (issue 10 item 11)', () => {
  it("refuses another customer's admin a username equal to a user's e-mail, in any case, and the victim still signs in", async () => {
    const email = await victimEmail();
    for (const username of [email, email.toUpperCase()]) {
      const res = await t.request('POST', '/api/users', {
        token: attacker.admin.token,
        body: { username, role: 'user', password: 'attacker-pass-1' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'username', message: 'This username is taken' }]);
    }
    const signIn = await t.request<{ session: { cid: number; uid: number } }>('POST', '/api/login', {
      body: { username: email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data?.session).toMatchObject({ cid: victim.cid, uid: victim.user.uid });
  });

  it("refuses an e-mail equal to another account's username or e-mail, on create, update and invite", async () => {
    const email = await victimEmail();
    const boss = await makeUser(t.deps.db, victim.cid, 'user', {
      username: 'boss@victim.test',
      email: 'b@victim.test',
    });
    const taken = { field: 'email', message: 'This email address is already used to sign in to an account' };
    const create = await t.request('POST', '/api/users', {
      token: attacker.admin.token,
      body: { username: 'fresh-name-1', email: boss.username.toUpperCase(), role: 'user', password: 'pass-pass-1' },
    });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual([taken]);
    const update = await t.request('PUT', `/api/users/${attacker.user.uid}`, {
      token: attacker.admin.token,
      body: { email },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([taken]);
    const invite = await t.request('POST', '/api/customers/invite', {
      token: attacker.admin.token,
      body: { email: 'Boss@Victim.test', role: 'user' },
    });
    expect(invite.status).toBe(400);
    expect(invite.body.errors?.[0]?.field).toBe('email');
  });

  it("lets a user's username equal its own e-mail address", async () => {
    const res = await t.request<{ uid: number }>('POST', '/api/users', {
      token: attacker.admin.token,
      body: { username: 'same@example.net', email: 'Same@Example.net', role: 'user', password: 'pass-pass-1' },
    });
    expect(res.status).toBe(200);
    const own = await t.request('PUT', `/api/users/${res.body.data?.uid}`, {
      token: attacker.admin.token,
      body: { email: 'SAME@example.net' },
    });
    expect(own.status).toBe(200);
  });

  it('is a database constraint, not only a check: a direct insert of a taken name fails', async () => {
    const cid = await makeCustomer(t.deps.db);
    const email = await victimEmail();
    await expect(
      insertUser(t.deps.db, {
        customerId: cid,
        username: email.toUpperCase(),
        email: null,
        fullName: '',
        role: 'user',
        subrole: null,
        passwordHash: null,
        state: 'active',
        external: false,
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const made = await makeUser(t.deps.db, cid, 'user');
    await expect(
      t.deps.db.query('UPDATE users SET email = $2 WHERE id = $1', [made.uid, victim.admin.username]),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
