import { describe, expect, it } from 'vitest';
import { makeTenant, TEST_PASSWORD } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp();

type Notes = {
  items: { id: number; message: string; kind: string; read: boolean; timestamp: string }[];
  new_count: number;
};

describe('notifications (S7-083, S7-084, S4-037, S4-038)', () => {
  it('are created for account events, newest first, and reading one decrements the count', async () => {
    const tenant = await makeTenant(t);
    const other = await makeTenant(t);
    await t.request('POST', '/api/customers/invite', {
      token: tenant.admin.token,
      body: { email: 'gina@example.com' },
    });
    await t.request('POST', '/api/password/change', {
      token: tenant.admin.token,
      body: { password: 'correct-horse-9', new_password: 'changed-pass-11', new_password2: 'changed-pass-11' },
    });
    const mine = await t.request<Notes>('GET', '/api/notifications', { token: tenant.admin.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data?.items.map((n) => n.kind)).toEqual(['password-changed', 'user-invited']);
    expect(mine.body.data?.new_count).toBe(2);

    // The user sees the customer-wide invite, not the admin's own password notice.
    const theirs = await t.request<Notes>('GET', '/api/notifications', { token: tenant.user.token });
    expect(theirs.body.data?.items.map((n) => n.kind)).toEqual(['user-invited']);
    const stranger = await t.request<Notes>('GET', '/api/notifications', { token: other.admin.token });
    expect(stranger.body.data?.items).toEqual([]);

    const first = mine.body.data?.items[1]?.id as number;
    const after = await t.request<Notes>('PUT', '/api/notifications', {
      token: tenant.admin.token,
      body: { ids: [first] },
    });
    expect(after.body.data?.new_count).toBe(1);
    expect(after.body.data?.items.find((n) => n.id === first)?.read).toBe(true);
    // Another customer's notification id changes nothing.
    await t.request('PUT', '/api/notifications', { token: other.admin.token, body: { ids: [first] } });
    const all = await t.request<Notes>('PUT', '/api/notifications', { token: tenant.admin.token, body: {} });
    expect(all.body.data?.new_count).toBe(0);
  });

  it('answers 401 without a token and 400 for malformed ids', async () => {
    const tenant = await makeTenant(t);
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
    expect((await t.request('PUT', '/api/notifications', { body: {} })).status).toBe(401);
    const bad = await t.request('PUT', '/api/notifications', { token: tenant.user.token, body: { ids: ['x'] } });
    expect(bad.status).toBe(400);
  });

  it('notifies when the second factor is turned off', async () => {
    const tenant = await makeTenant(t);
    await t.request('DELETE', '/api/2fa', { token: tenant.user.token, body: { password: TEST_PASSWORD } });
    const res = await t.request<Notes>('GET', '/api/notifications', { token: tenant.user.token });
    expect(res.body.data?.items[0]?.kind).toBe('second-factor-off');
  });
});

describe('news and tips (S7-095, S7-096)', () => {
  it('operators publish and withdraw news; everyone reads it', async () => {
    const tenant = await makeTenant(t);
    const superToken = await t.login('admin', ADMIN_PASSWORD);
    const published = await t.request<{ id: number }>('POST', '/api/news', {
      token: superToken,
      body: { content: '<p>Maintenance on <b>Sunday</b></p>' },
    });
    expect(published.status).toBe(200);
    const read = await t.request<{ id: number; content: string }[]>('GET', '/api/news', { token: tenant.user.token });
    expect(read.body.data?.[0]).toMatchObject({
      id: published.body.data?.id,
      content: '<p>Maintenance on <b>Sunday</b></p>',
    });
    expect((await t.request('POST', '/api/news', { token: tenant.admin.token, body: { content: 'x' } })).status).toBe(
      403,
    );
    expect((await t.request('POST', '/api/news', { token: superToken, body: { content: '  ' } })).status).toBe(400);
    const id = published.body.data?.id as number;
    expect((await t.request('DELETE', `/api/news/${id}`, { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/news/${id}`, { token: superToken })).status).toBe(200);
    expect((await t.request('DELETE', `/api/news/${id}`, { token: superToken })).status).toBe(404);
    expect((await t.request('GET', '/api/news')).status).toBe(401);
  });

  it('S4-044 tips come shuffled', async () => {
    const tenant = await makeTenant(t);
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await t.request<{ content: string }[]>('GET', '/api/tips', { token: tenant.user.token });
      expect(res.body.data?.length).toBeGreaterThan(3);
      orders.add(res.body.data?.map((tip) => tip.content[0]).join('') ?? '');
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('company details (account settings)', () => {
  it('admins read and update their own company; role user is refused', async () => {
    const tenant = await makeTenant(t);
    const res = await t.request<{ name: string; website: string }>('PUT', '/api/account/company', {
      token: tenant.admin.token,
      body: { name: 'Renamed Co', website: 'https://renamed.example.com', city: 'Ghent' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed Co', city: 'Ghent' });
    const read = await t.request<{ name: string }>('GET', '/api/account/company', { token: tenant.admin.token });
    expect(read.body.data?.name).toBe('Renamed Co');
    const bad = await t.request('PUT', '/api/account/company', {
      token: tenant.admin.token,
      body: { name: 'R', website: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['name', 'website']);
    expect((await t.request('GET', '/api/account/company', { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/account/company')).status).toBe(401);
  });
});
