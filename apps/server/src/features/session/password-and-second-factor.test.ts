import { describe, expect, it } from 'vitest';
import { makeTenant, TEST_PASSWORD } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { totp } from './totp.ts';

const t = useTestApp();

describe('changing the password (issue 10 item 8)', () => {
  it('signs out the other sessions of the user and keeps the one that changed it', async () => {
    const tenant = await makeTenant(t);
    const here = tenant.user.token;
    const elsewhere = await t.login(tenant.user.username, TEST_PASSWORD);
    const changed = await t.request('POST', '/api/password/change', {
      token: here,
      body: { password: TEST_PASSWORD, new_password: 'another-horse-10', new_password2: 'another-horse-10' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/login', { token: elsewhere })).status).toBe(401);
    expect((await t.request('GET', '/api/login', { token: here })).status).toBe(200);
    // Another user's sessions are not touched.
    expect((await t.request('GET', '/api/login', { token: tenant.admin.token })).status).toBe(200);
  });

  it('refuses a wrong current password with a field error and signs nobody out', async () => {
    const tenant = await makeTenant(t);
    const elsewhere = await t.login(tenant.user.username, TEST_PASSWORD);
    const wrong = await t.request('POST', '/api/password/change', {
      token: tenant.user.token,
      body: { password: 'not-the-password', new_password: 'another-horse-10', new_password2: 'another-horse-10' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'password', message: 'Current password is wrong' }]);
    expect((await t.request('GET', '/api/login', { token: elsewhere })).status).toBe(200);
  });
});

describe('turning the second factor off (issue 10 item 8)', () => {
  async function withSecondFactor() {
    const tenant = await makeTenant(t);
    const token = tenant.admin.token;
    const setup = await t.request<{ secret: string }>('GET', '/api/2fa', { token });
    const secret = setup.body.data?.secret as string;
    const previousStep = totp(secret, Date.now() - 30_000);
    expect((await t.request('POST', '/api/2fa', { token, body: { code: previousStep, secret } })).status).toBe(200);
    return { token, secret };
  }

  const totpEnabled = async (token: string) =>
    (await t.request<{ session: { totp_enabled: boolean } }>('GET', '/api/login', { token })).body.data?.session
      .totp_enabled;

  it('needs the password or a code: a session alone answers 400 naming the field', async () => {
    const { token } = await withSecondFactor();
    const bare = await t.request('DELETE', '/api/2fa', { token });
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.[0]?.field).toBe('password');
    const wrongPassword = await t.request('DELETE', '/api/2fa', { token, body: { password: 'not-it-at-all' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'Current password is wrong' }]);
    const wrongCode = await t.request('DELETE', '/api/2fa', { token, body: { code: '000000' } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual([{ field: 'code', message: 'Invalid code' }]);
    expect(await totpEnabled(token)).toBe(true);
  });

  it('turns off with the password', async () => {
    const { token } = await withSecondFactor();
    expect((await t.request('DELETE', '/api/2fa', { token, body: { password: TEST_PASSWORD } })).status).toBe(200);
    expect(await totpEnabled(token)).toBe(false);
  });

  it('turns off with a current code, which is then used up', async () => {
    const { token, secret } = await withSecondFactor();
    const code = totp(secret);
    expect((await t.request('DELETE', '/api/2fa', { token, body: { code } })).status).toBe(200);
    expect(await totpEnabled(token)).toBe(false);
  });
});
