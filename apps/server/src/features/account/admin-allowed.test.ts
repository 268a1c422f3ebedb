import { describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp();
const { tenant } = useTenants(t);

const company = { name: 'Acme Ltd', address: '1 Road', city: 'Town', country: 'NL', vat_id: '', website: '' };
const createKey = (token: string) => t.request('POST', '/api/tokens', { token, body: { role: 'primary', note: 'ci' } });
const saveCompany = (token: string) => t.request('PUT', '/api/account/company', { token, body: company });

describe('the admin-allowed rule in the API (spec 5, issue 10 item 12)', () => {
  it("S5-025 lets the customer's own admin create primary keys and change the company details", async () => {
    expect((await createKey(tenant.admin.token)).status).toBe(200);
    expect((await saveCompany(tenant.admin.token)).status).toBe(200);
  });

  it('S5-026 refuses a superadmin at home and acting inside a customer (403 with the reason)', async () => {
    const operator = await t.login('admin', ADMIN_PASSWORD);
    const atHome = await createKey(operator);
    expect(atHome.status).toBe(403);
    expect(atHome.body.message).toMatch(/customer's own admin/);
    expect((await saveCompany(operator)).status).toBe(403);

    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`, { token: operator })).status).toBe(200);
    expect((await createKey(operator)).status).toBe(403);
    expect((await saveCompany(operator)).status).toBe(403);
    // Reading stays open to the acting admin, as the console shows these read-only.
    expect((await t.request('GET', '/api/account/company', { token: operator })).status).toBe(200);
    expect((await t.request('GET', '/api/tokens', { token: operator })).status).toBe(200);
    const keys = await t.request<{ items: { id: number }[] }>('GET', '/api/tokens', { token: tenant.admin.token });
    expect(keys.body.data?.items).toHaveLength(1);
    // Revoking a primary key is the customer's own admin's too, as the console shows it.
    const keyId = keys.body.data?.items[0]?.id;
    expect((await t.request('DELETE', `/api/tokens/${keyId}`, { token: operator })).status).toBe(403);
    expect((await t.request('DELETE', `/api/tokens/${keyId}`, { token: tenant.admin.token })).status).toBe(200);
  });

  it('S5-026 refuses a partner acting inside its client', async () => {
    const partner = await makeTenant(t, { partner: true });
    const client = await makeTenant(t, { parentId: partner.cid });
    expect((await t.request('PUT', `/api/proxy/${client.cid}`, { token: partner.admin.token })).status).toBe(200);
    expect((await createKey(partner.admin.token)).status).toBe(403);
    expect((await saveCompany(partner.admin.token)).status).toBe(403);
    expect((await createKey(client.admin.token)).status).toBe(200);
  });
});
