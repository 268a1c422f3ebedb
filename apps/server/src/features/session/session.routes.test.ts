import { describe, expect, it } from 'vitest';
import { makeTenant, TEST_PASSWORD } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { totp } from './totp.ts';

const t = useTestApp();

describe('POST /api/login', () => {
  it('S3-002 answers session, token and persist_code for the right password', async () => {
    const res = await t.request<{ session: { username: string; role: string }; token: string; persist_code: null }>(
      'POST',
      '/api/login',
      { body: { username: 'admin', password: ADMIN_PASSWORD } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.session).toMatchObject({ username: 'admin', role: 'superadmin', subrole: 'master' });
    expect(res.body.data?.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data?.persist_code).toBeNull();
  });

  it('answers 403 with the server message for a wrong password (401 is reserved for the second factor)', async () => {
    const res = await t.request('POST', '/api/login', { body: { username: 'admin', password: 'wrong-password' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Invalid username or password');
  });

  it('answers 400 with field errors for missing fields and malformed JSON', async () => {
    const missing = await t.request('POST', '/api/login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Various errors');
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['password', 'username']);
    const malformed = await t.request('POST', '/api/login', {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed JSON body');
  });

  it('answers 425 after too many failures for one user, and counts them', async () => {
    const tenant = await makeTenant(t);
    for (let i = 0; i < t.deps.config.loginMaxFailuresPerUser; i++) {
      const res = await t.request('POST', '/api/login', { body: { username: tenant.user.username, password: 'bad' } });
      expect(res.status).toBe(403);
    }
    const locked = await t.request('POST', '/api/login', {
      body: { username: tenant.user.username, password: TEST_PASSWORD },
    });
    expect(locked.status).toBe(425);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    const counted = await t.deps.db.query<{ reason: string; n: number }>(
      `SELECT reason, count(*)::int AS n FROM login_attempts WHERE user_id = $1 AND success = false
        GROUP BY reason ORDER BY reason`,
      [tenant.user.uid],
    );
    // Every password check is counted; the refused attempt is recorded too, but it checked nothing.
    expect(counted).toEqual([
      { reason: 'limited', n: 1 },
      { reason: 'password', n: t.deps.config.loginMaxFailuresPerUser },
    ]);
  });
});

describe('GET /api/login and POST /api/logout', () => {
  it('S7-002 answers the session for a valid token and 401 without one', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const ok = await t.request<{ session: { uid: number } }>('GET', '/api/login', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.session.uid).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/login')).status).toBe(401);
    expect((await t.request('GET', '/api/login', { token: 'not-a-token' })).status).toBe(401);
  });

  it('S7-004 logout revokes the token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/login', { token })).status).toBe(401);
    expect((await t.request('POST', '/api/logout')).status).toBe(401);
  });
});

describe('second factor (TOTP)', () => {
  it('S4-001 S4-002 S4-003 asks for a code, refuses a wrong one, accepts a right one and remembers the device', async () => {
    const tenant = await makeTenant(t);
    const token = tenant.admin.token;
    const setup = await t.request<{ secret: string; otpauth_url: string }>('GET', '/api/2fa', { token });
    expect(setup.status).toBe(200);
    const secret = setup.body.data?.secret as string;
    expect(setup.body.data?.otpauth_url).toContain(`secret=${secret}`);

    const wrongEnable = await t.request('POST', '/api/2fa', { token, body: { code: '000000', secret } });
    expect(wrongEnable.status).toBe(400);
    const previousStep = totp(secret, Date.now() - 30_000);
    expect((await t.request('POST', '/api/2fa', { token, body: { code: previousStep, secret } })).status).toBe(200);

    const login = { username: tenant.admin.username, password: TEST_PASSWORD };
    const needsCode = await t.request('POST', '/api/login', { body: login });
    expect(needsCode.status).toBe(401);
    expect(needsCode.body.message).toBe('Second factor required');

    const wrong = await t.request('POST', '/api/login', { body: { ...login, code: '123456' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid code');

    const code = totp(secret);
    const ok = await t.request<{ persist_code: string }>('POST', '/api/login', {
      body: { ...login, code, remember: true },
    });
    expect(ok.status).toBe(200);
    const persist = ok.body.data?.persist_code as string;
    expect(persist).toBeTruthy();

    const replay = await t.request('POST', '/api/login', { body: { ...login, code } });
    expect(replay.status).toBe(401);

    const remembered = await t.request('POST', '/api/login', { body: { ...login, persist_code: persist } });
    expect(remembered.status).toBe(200);

    expect((await t.request('DELETE', '/api/2fa', { token, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect((await t.request('POST', '/api/login', { body: login })).status).toBe(200);
    expect((await t.request('DELETE', '/api/2fa', { body: { password: TEST_PASSWORD } })).status).toBe(401);
  });
});

describe('proxy', () => {
  it('S7-005 S7-006 lets a superadmin act as a customer and come back', async () => {
    const tenant = await makeTenant(t);
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.request<{ session: { cid: number; role: string; origin: { cid: number } } }>(
      'PUT',
      `/api/proxy/${tenant.cid}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.session).toMatchObject({ cid: tenant.cid, role: 'admin' });
    expect(res.body.data?.session.origin.cid).not.toBe(tenant.cid);
    const users = await t.request<{ items: { cid: number }[] }>('GET', '/api/users', { token });
    expect(users.body.data?.items.every((u) => u.cid === tenant.cid)).toBe(true);

    const back = await t.request<{ session: { cid: number; role: string } }>('DELETE', '/api/proxy', { token });
    expect(back.body.data?.session).toMatchObject({ role: 'superadmin' });
    expect(back.body.data?.session.cid).not.toBe(tenant.cid);
  });

  it('lets a partner act only as its own clients', async () => {
    const partner = await makeTenant(t, { partner: true });
    const client = await makeTenant(t, { parentId: partner.cid });
    const stranger = await makeTenant(t);
    const own = await t.request('PUT', `/api/proxy/${client.cid}`, { token: partner.admin.token });
    expect(own.status).toBe(200);
    await t.request('DELETE', '/api/proxy', { token: partner.admin.token });
    const other = await t.request('PUT', `/api/proxy/${stranger.cid}`, { token: partner.admin.token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Customer not found!');
  });

  it('refuses other roles (403), no token (401) and a malformed id (400)', async () => {
    const tenant = await makeTenant(t);
    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`, { token: tenant.user.token })).status).toBe(403);
    // Issue 15: an admin may act as its own clients only; anything else is not found to it.
    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`, { token: tenant.admin.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`)).status).toBe(401);
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.request('PUT', '/api/proxy/abc', { token })).status).toBe(400);
    expect((await t.request('PUT', '/api/proxy/999999', { token })).status).toBe(404);
  });
});
