import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

const t = useTestApp();
const { tenant } = useTenants(t);

const company = (website: string) => ({ address: '', city: '', country: '', vat_id: '', website });
const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript://x.y/%0Aalert(1)',
  'data:text/html,<b>x</b>',
  'http://a.b <script>',
  'example.com',
  'http://user:pw@evil.example/',
];

describe("a customer's website (issue 10 item 14)", () => {
  it('refuses a superadmin any website that is not an http(s) address, on create and update, with a field error', async () => {
    const operator = await t.login('admin', ADMIN_PASSWORD);
    for (const website of REFUSED) {
      const created = await t.request('POST', '/api/customers', {
        token: operator,
        body: { customer: 'Website Test', company: company(website) },
      });
      expect(created.status, website).toBe(400);
      expect(created.body.errors?.[0]?.field).toBe('company.website');
      const updated = await t.request('PUT', `/api/customers/${tenant.cid}`, {
        token: operator,
        body: { customer: 'Website Test', company: company(website) },
      });
      expect(updated.status, website).toBe(400);
    }
    const stored = await t.deps.db.one<{ website: string | null }>(
      "SELECT company->>'website' AS website FROM customers WHERE id = $1",
      [tenant.cid],
    );
    expect(stored.website ?? '').not.toMatch(/^(javascript|data):/i);
  });

  it("takes an https address, as the admin's own form does", async () => {
    const operator = await t.login('admin', ADMIN_PASSWORD);
    const website = 'https://www.acme.example/about?x=1';
    const updated = await t.request<{ company: { website: string } }>('PUT', `/api/customers/${tenant.cid}`, {
      token: operator,
      body: { customer: 'Acme', company: company(website) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data?.company.website).toBe(website);
    for (const bad of REFUSED) {
      const own = await t.request('PUT', '/api/account/company', {
        token: tenant.admin.token,
        body: { name: 'Acme', ...company(bad) },
      });
      expect(own.status, bad).toBe(400);
    }
  });
});
