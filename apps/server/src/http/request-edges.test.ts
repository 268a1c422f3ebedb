import { describe, expect, it } from 'vitest';
import { makeTenant } from '../test/factories.ts';
import { useTestApp } from '../test/setup.ts';
import { ADMIN_PASSWORD } from '../test/test-app.ts';

const t = useTestApp();

describe('request edges a real client meets (issue 11)', () => {
  it('takes an empty JSON body as no body: PUT /api/proxy/{id} from a client that always sends the content type', async () => {
    const tenant = await makeTenant(t);
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/proxy/${tenant.cid}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.session.cid).toBe(tenant.cid);
  });

  it('still refuses malformed JSON and prototype pollution with a 400', async () => {
    const headers = { 'content-type': 'application/json' };
    const broken = await t.app.inject({ method: 'POST', url: '/api/login', headers, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Malformed JSON body');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers,
      payload: '{"__proto__":{"role":"superadmin"},"username":"a","password":"b"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers a short reset or invitation token like any wrong one: the invalid-link text, not field errors', async () => {
    for (const url of ['/api/password/reset/x', '/api/password/reset/abcdefghijklmnop']) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.message, url).toBe('This link is invalid or has expired.');
    }
  });
});
