import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';

const t = useTestApp();
const { tenant, domain } = useTenants(t, { domains: 'rows' });

// Malformed on purpose: the key is checked first, so the answer tells whether the key still works (400) or not (401).
const send = (key: string) =>
  t.request('POST', '/api/v1/send', { headers: { authorization: `Bearer ${key}` }, body: { from: 'x' } });

describe('revoking a sending key (issue 10 item 14)', () => {
  it('stops the key at once in the process that revoked it, although its check was cached', async () => {
    const created = await t.request<{ id: number; token: string }>('POST', `/api/tokens/${domain.did}`, {
      token: tenant.admin.token,
      body: { role: 'sending', note: 'revoke me' },
    });
    const key = created.body.data?.token as string;
    expect((await send(key)).status).toBe(400);
    expect((await send(key)).status).toBe(400);
    const revoked = await t.request('DELETE', `/api/tokens/${created.body.data?.id}`, { token: tenant.admin.token });
    expect(revoked.status).toBe(200);
    const after = await send(key);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Missing or invalid API key');
  });

  it("applies a change of the key's IP allow-list at once", async () => {
    const created = await t.request<{ id: number; token: string }>('POST', `/api/tokens/${domain.did}`, {
      token: tenant.admin.token,
      body: { role: 'sending', note: 'allow-list' },
    });
    const key = created.body.data?.token as string;
    expect((await send(key)).status).toBe(400);
    const added = await t.request('PUT', `/api/tokens/${created.body.data?.id}/security`, {
      token: tenant.admin.token,
      body: { ipv4: '192.0.2.1', note: 'office' },
    });
    expect(added.status).toBe(200);
    expect((await send(key)).status).toBe(403);
  });
});
