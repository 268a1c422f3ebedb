import { describe, expect, it } from 'vitest';
import { latestSystemMail } from '../../mail/testing/system-mail-outbox.ts';
import { makeTenant, TEST_PASSWORD } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp();
const { tenant, other } = useTenants(t);

type UserBody = { uid: number; username: string; role: string; state: string; external: boolean };

describe('users CRUD (S7-033, S7-034)', () => {
  it('lists only the acting customer users', async () => {
    const res = await t.request<{ items: UserBody[]; total_count: number }>('GET', '/api/users', {
      token: tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.total_count).toBe(2);
    expect(res.body.data?.items.map((u) => u.username).sort()).toEqual(
      [tenant.admin.username, tenant.user.username].sort(),
    );
  });

  it('creates, reads, updates and deletes a user; the new user can sign in', async () => {
    const token = tenant.admin.token;
    const created = await t.request<UserBody>('POST', '/api/users', {
      token,
      body: { username: 'carol.crud', password: 'carol-password-1', role: 'user', full_name: 'Carol' },
    });
    expect(created.status).toBe(200);
    const uid = created.body.data?.uid as number;
    expect(created.body.data).toMatchObject({ username: 'carol.crud', role: 'user', state: 'active' });
    expect(await t.login('carol.crud', 'carol-password-1')).toBeTruthy();

    const read = await t.request<UserBody>('GET', `/api/users/${uid}`, { token });
    expect(read.body.data?.uid).toBe(uid);
    const updated = await t.request<UserBody>('PUT', `/api/users/${uid}`, { token, body: { role: 'admin' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ uid, role: 'admin' });

    expect((await t.request('DELETE', `/api/users/${uid}`, { token })).status).toBe(200);
    expect((await t.request('GET', `/api/users/${uid}`, { token })).status).toBe(404);
  });

  it('refuses a taken username and malformed input with field errors', async () => {
    const token = tenant.admin.token;
    const taken = await t.request('POST', '/api/users', {
      token,
      body: { username: tenant.user.username, password: 'whatever-123', role: 'user' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([{ field: 'username', message: 'This username is taken' }]);
    const bad = await t.request('POST', '/api/users', { token, body: { username: 'x', role: 'king' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['role', 'username']);
    expect((await t.request('GET', '/api/users/not-a-number', { token })).status).toBe(400);
  });

  it('S6-002 S6-003 refuses superadmin from an admin session and partner outside a partner customer', async () => {
    const token = tenant.admin.token;
    for (const role of ['superadmin', 'partner']) {
      const res = await t.request('POST', '/api/users', {
        token,
        body: { username: `want-${role}`, password: 'long-password-1', role },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('role');
    }
    const partner = await makeTenant(t, { partner: true });
    const ok = await t.request('POST', '/api/users', {
      token: partner.admin.token,
      body: { username: 'new-partner-user', password: 'long-password-1', role: 'partner' },
    });
    expect(ok.status).toBe(403); // role partner is not an admin: the users screen is admin and superadmin only
    const superToken = await t.login('admin', ADMIN_PASSWORD);
    const sup = await t.request('POST', '/api/users', {
      token: superToken,
      body: { username: 'second-super', password: 'long-password-1', role: 'superadmin', subrole: 'mta' },
    });
    expect(sup.status).toBe(200);
    expect(sup.body.data).toMatchObject({ role: 'superadmin', subrole: 'mta' });
  });

  it('answers 401 without a token, 403 for role user and 404 for another customer user', async () => {
    expect((await t.request('GET', '/api/users')).status).toBe(401);
    expect((await t.request('GET', '/api/users', { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('POST', '/api/users', { token: tenant.user.token, body: {} })).status).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/users/${other.user.uid}`],
      ['PUT', `/api/users/${other.user.uid}`],
      ['DELETE', `/api/users/${other.user.uid}`],
      ['PATCH', `/api/users/${other.user.uid}`],
      ['POST', `/api/users/${other.user.uid}/logout`],
      ['POST', `/api/users/invite/${other.user.uid}`],
      ['DELETE', `/api/users/invite/${other.user.uid}`],
      ['DELETE', `/api/users/${other.user.uid}/oauth/google`],
    ] as const) {
      const res = await t.request(method, url, { token: tenant.admin.token, body: {} });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });
});

describe('activation, forced logout and providers', () => {
  it('S7-035 deactivating revokes sessions and blocks sign-in; activating restores it', async () => {
    const { token } = tenant.admin;
    const target = await makeTenant(t).then(async () => {
      const res = await t.request<UserBody>('POST', '/api/users', {
        token,
        body: { username: 'dave.active', password: 'dave-password-1', role: 'user' },
      });
      return res.body.data as UserBody;
    });
    const daveToken = await t.login('dave.active', 'dave-password-1');
    const off = await t.request<UserBody>('PATCH', `/api/users/${target.uid}`, { token, body: { active: false } });
    expect(off.body.data?.state).toBe('inactive');
    expect((await t.request('GET', '/api/login', { token: daveToken })).status).toBe(401);
    const denied = await t.request('POST', '/api/login', {
      body: { username: 'dave.active', password: 'dave-password-1' },
    });
    expect(denied.status).toBe(403);
    const on = await t.request<UserBody>('PATCH', `/api/users/${target.uid}`, { token, body: { active: true } });
    expect(on.body.data?.state).toBe('active');
    expect(await t.login('dave.active', 'dave-password-1')).toBeTruthy();
    expect((await t.request('PATCH', `/api/users/${target.uid}`, { token, body: { active: 'yes' } })).status).toBe(400);
  });

  it('S6-023 force logout revokes every session of the user', async () => {
    const victim = await t.login(tenant.user.username, TEST_PASSWORD);
    const res = await t.request('POST', `/api/users/${tenant.user.uid}/logout`, { token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/login', { token: victim })).status).toBe(401);
    expect((await t.request('GET', '/api/login', { token: tenant.user.token })).status).toBe(401);
    tenant.user.token = await t.login(tenant.user.username, TEST_PASSWORD);
  });

  it('S7-038 unlinks a linked sign-in provider, 404 when not linked', async () => {
    await t.deps.db.query("INSERT INTO user_providers (user_id, provider, subject) VALUES ($1, 'google', 'g-123')", [
      tenant.user.uid,
    ]);
    const before = await t.request<UserBody & { providers: string[] }>('GET', `/api/users/${tenant.user.uid}`, {
      token: tenant.admin.token,
    });
    expect(before.body.data?.providers).toEqual(['google']);
    const url = `/api/users/${tenant.user.uid}/oauth/google`;
    expect((await t.request('DELETE', url, { token: tenant.admin.token })).status).toBe(200);
    expect((await t.request('DELETE', url, { token: tenant.admin.token })).status).toBe(404);
  });
});

describe('invitations (S7-013, S7-036, S7-037, S7-012)', () => {
  it('invites by email, confirms the invite, activates with a password and signs in', async () => {
    const invited = await t.request<{ user: UserBody; invite_url: string }>('POST', '/api/customers/invite', {
      token: tenant.admin.token,
      body: { email: 'erin@example.com', role: 'user' },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.data?.user).toMatchObject({ state: 'invited', external: true });
    const mail = await latestSystemMail(t.deps.db, "to_address = 'erin@example.com'");
    const inviteUrl = invited.body.data?.invite_url as string;
    expect(mail.text).toContain(inviteUrl);
    const token = inviteUrl.split('/').pop() as string;

    const accepted = await t.request<{ activation_token: string; company: string }>('GET', `/api/invite/${token}`);
    expect(accepted.status).toBe(200);
    const activation = accepted.body.data?.activation_token as string;
    expect((await t.request('GET', `/api/invite/${token}`)).status).toBe(404); // single use

    const check = await t.request<{ purpose: string }>('GET', `/api/password/reset/${activation}`);
    expect(check.body.data?.purpose).toBe('activate');
    const mismatch = await t.request('POST', '/api/password/change', {
      body: { token: activation, new_password: 'erin-password-1', new_password2: 'different-1' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ field: 'new_password2', message: 'Passwords do not match' }]);
    const set = await t.request('POST', '/api/password/change', {
      body: { token: activation, new_password: 'erin-password-1', new_password2: 'erin-password-1' },
    });
    expect(set.status).toBe(200);
    expect(await t.login('erin@example.com', 'erin-password-1')).toBeTruthy();
  });

  it('resends and withdraws an invitation', async () => {
    const invited = await t.request<{ user: UserBody }>('POST', '/api/customers/invite', {
      token: tenant.admin.token,
      body: { email: 'frank@example.com' },
    });
    const uid = invited.body.data?.user.uid as number;
    const again = await t.request<{ invite_url: string }>('POST', `/api/users/invite/${uid}`, {
      token: tenant.admin.token,
    });
    expect(again.body.data?.invite_url).toMatch(/\/auth\/invite\//);
    expect((await t.request('DELETE', `/api/users/invite/${uid}`, { token: tenant.admin.token })).status).toBe(200);
    expect((await t.request('GET', `/api/users/${uid}`, { token: tenant.admin.token })).status).toBe(404);
    const bad = await t.request('POST', '/api/customers/invite', {
      token: tenant.admin.token,
      body: { email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect((await t.request('POST', '/api/customers/invite', { token: tenant.user.token, body: {} })).status).toBe(403);
  });
});

describe('password reset and change (S7-007, S7-008, S7-009)', () => {
  it('mails a reset link and answers the same for an unknown user', async () => {
    const known = await t.request('POST', '/api/password/reset', { body: { user: tenant.user.username } });
    const unknown = await t.request('POST', '/api/password/reset', { body: { user: 'nobody-here' } });
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data).toEqual({ message: 'A reset link was sent to your email!' });
    const mail = await latestSystemMail(t.deps.db, "kind = 'password-reset'");
    const token = mail.text?.match(/\/auth\/reset\/([\w-]+)/)?.[1] as string;
    const change = await t.request('POST', '/api/password/change', {
      body: { token, new_password: 'brand-new-pass-1', new_password2: 'brand-new-pass-1' },
    });
    expect(change.status).toBe(200);
    expect(await t.login(tenant.user.username, 'brand-new-pass-1')).toBeTruthy();
    expect((await t.request('GET', `/api/password/reset/${token}`)).status).toBe(404);
    await t.request('POST', '/api/password/change', {
      token: await t.login(tenant.user.username, 'brand-new-pass-1'),
      body: { password: 'brand-new-pass-1', new_password: TEST_PASSWORD, new_password2: TEST_PASSWORD },
    });
    // A reset signs the user out everywhere: the old token is gone.
    expect((await t.request('GET', '/api/login', { token: tenant.user.token })).status).toBe(401);
    tenant.user.token = await t.login(tenant.user.username, TEST_PASSWORD);
  });

  it('signed in, needs the right current password', async () => {
    const wrong = await t.request('POST', '/api/password/change', {
      token: tenant.user.token,
      body: { password: 'not-it', new_password: 'another-pass-1', new_password2: 'another-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.field).toBe('password');
    const anonymous = await t.request('POST', '/api/password/change', {
      body: { password: 'x', new_password: 'another-pass-1', new_password2: 'another-pass-1' },
    });
    expect(anonymous.status).toBe(401);
  });
});
