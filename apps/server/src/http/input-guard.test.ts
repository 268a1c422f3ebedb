import { describe, expect, it } from 'vitest';
import { makeTestDomain } from '../events/testing.ts';
import { makeOperators } from '../test/factories.ts';
import { useTenants, useTestApp } from '../test/setup.ts';
import { findNulByte } from './input-guard.ts';

const t = useTestApp();
const { tenant } = useTenants(t);

describe('issue 10 item 13: a NUL byte is refused at validation with 400, never a 500', () => {
  it('without signing in: POST /api/login and POST /api/password/reset', async () => {
    const login = await t.request('POST', '/api/login', { body: { username: 'ad\u0000min', password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual([{ field: 'username', message: 'Must not contain a NUL character' }]);
    const reset = await t.request('POST', '/api/password/reset', { body: { user: 'someone\u0000@example.com' } });
    expect(reset.status).toBe(400);
    expect(reset.body.errors?.[0]?.field).toBe('user');
  });

  it('in a text field, a query string and a path parameter of signed-in calls', async () => {
    const token = tenant.admin.token;
    const domain = await t.request('POST', '/api/domains', { token, body: { name: 'nul\u0000.test' } });
    expect(domain.status).toBe(400);
    const search = await t.request('GET', '/api/domains?search=a%00b', { token });
    expect(search.status).toBe(400);
    expect(search.body.errors?.[0]?.field).toBe('search');
    const param = await t.request('GET', '/api/suppressions/1/check/a%00b@rcpt.test', { token });
    expect(param.status).toBe(400);
    expect(param.body.errors?.[0]?.field).toBe('params.recipient');
  });

  it('in an object key (a jsonb column cannot hold it either)', () => {
    expect(findNulByte({ headers: { 'X-A\u0000': 'v' } })).toEqual(['headers', 'X-A\\0']);
    expect(findNulByte({ to: ['a@b.test', 'c\u0000@d.test'] })).toEqual(['to', '1']);
    expect(findNulByte({ subject: 'plain', n: 1, ok: true, none: null })).toBeNull();
  });
});

describe('issue 10 item 13: dates outside 1970..9998 on the statistics and log endpoints answer 400', () => {
  const cases = ['0000-01-01', '0001-01-01T00:00:00Z', '1969-12-31', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z'];

  it.each(cases)('from/to = %s', async (date) => {
    const operators = await makeOperators(t);
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const q = encodeURIComponent(date);
    const urls: [string, string][] = [
      [`/api/stats/${did}?from=${q}`, tenant.user.token],
      [`/api/stats/${did}?from=2026-01-01&to=${q}`, tenant.user.token],
      [`/api/stats?from=${q}&to=2026-01-01`, tenant.admin.token],
      [`/api/stats/global?from=${q}&to=2026-01-01`, operators.master],
      [`/api/stats/${did}/logs?from=${q}`, tenant.user.token],
    ];
    for (const [url, token] of urls) {
      const res = await t.request('GET', url, { token });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
  });

  it('the widest range inside the years still answers (monthly buckets stay in four-digit years)', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const res = await t.request('GET', `/api/stats/${did}?from=9990-01-01&to=9998-12-31T23:59:59Z`, {
      token: tenant.user.token,
    });
    expect(res.status).toBe(200);
  });
});

describe('issue 10 item 13: errors met before validation are 4xx in the API error shape', () => {
  it.each([
    ['a malformed percent-encoding in the path', 'GET', '/api/domains/%E0%A4%A', undefined, 'text/plain', 400],
    ['a lone surrogate in the path', 'GET', '/api/suppressions/1/check/%ud800', undefined, 'text/plain', 400],
    ['malformed JSON', 'POST', '/api/login', '{"username":', 'application/json', 400],
    ['a __proto__ key', 'POST', '/api/login', '{"__proto__":{"x":1}}', 'application/json', 400],
    ['a form body', 'POST', '/api/login', 'username=a', 'application/x-www-form-urlencoded', 415],
  ])('%s answers %s with {message}', async (_what, method, url, payload, type, status) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload, headers: { 'content-type': type } });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});
