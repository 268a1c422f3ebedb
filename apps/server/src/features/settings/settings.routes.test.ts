import { describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp({ mailHostname: 'mail.example.test', smtpPort: 2525, publicUrl: 'https://mw.example.test' });

describe('GET /api/settings (issue 11)', () => {
  it('tells a customer how to connect, and nothing about system mail', async () => {
    const tenant = await makeTenant(t);
    const res = await t.request('GET', '/api/settings', { token: tenant.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      smtp: { host: 'mail.example.test', port: 2525, security: 'STARTTLS', auth: ['PLAIN', 'LOGIN'] },
      api_url: 'https://mw.example.test',
      system_mail: null,
    });
  });

  it('tells an operator that system mail is not set up, and the reset answer stays the same but is logged', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.request<{ system_mail: unknown }>('GET', '/api/settings', { token });
    expect(res.body.data?.system_mail).toEqual({
      configured: false,
      problem: 'SYSTEM_MAIL_DOMAIN is not set: password reset links and invitations are not mailed.',
    });
    const reset = await t.request<{ message: string }>('POST', '/api/password/reset', { body: { user: 'admin' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data?.message).toBe('A reset link was sent to your email!');
  });

  it('is for signed-in users only', async () => {
    expect((await t.request('GET', '/api/settings')).status).toBe(401);
  });
});
