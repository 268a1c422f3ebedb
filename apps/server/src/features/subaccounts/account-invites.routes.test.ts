import { beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { INVITE_NOT_FOUND } from './account-invites.service.ts';
import { ACCOUNT_READY } from './client-account.ts';
import { linkToken } from './mail-links.testing.ts';

const t = useTestApp();

let parent: Tenant;
beforeAll(async () => {
  parent = await makeTenant(t);
});

const signup = {
  company: 'Invited Co',
  full_name: 'Ivy Invited',
  username: 'ivy-invited',
  password: 'long-password-77',
};

describe('account invitations: the /invite page (S2-094)', () => {
  it('an invited person opens an account as a client and lands in vetting', async () => {
    const sent = await t.request<{ message: string; invite_url: string }>('POST', '/api/customers/subaccounts/invite', {
      token: parent.admin.token,
      body: { email: 'ivy@invited.test' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data?.invite_url).toMatch(/^http:\/\/console\.test\/invite\?token=/);
    const token = await linkToken(t.deps.db, 'ivy@invited.test', '/invite?token=');
    const check = await t.request<{ company: string; email: string }>(
      'GET',
      `/api/customers/subaccounts/invite/${token}`,
    );
    expect(check.status).toBe(200);
    expect(check.body.data?.email).toBe('ivy@invited.test');
    const bad = await t.request('POST', `/api/customers/subaccounts/invite/${token}`, {
      body: { ...signup, password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('password');
    const done = await t.request<{ message: string; vetting_url: string }>(
      'POST',
      `/api/customers/subaccounts/invite/${token}`,
      { body: signup },
    );
    expect(done.status).toBe(200);
    expect(done.body.data?.message).toBe(ACCOUNT_READY);
    expect(done.body.data?.vetting_url).toMatch(/^\/vetting\/[A-Za-z0-9_-]+$/);
    const customer = await t.deps.db.one<{ id: number; parent_id: number }>(
      "SELECT id, parent_id FROM customers WHERE name = 'Invited Co'",
    );
    expect(customer.parent_id).toBe(parent.cid);
    const vetting = await t.deps.db.one<{ email: string; finished: boolean }>(
      'SELECT email, finished FROM customer_vetting WHERE customer_id = $1',
      [customer.id],
    );
    expect(vetting).toEqual({ email: 'ivy@invited.test', finished: false });
    // The new admin signs in with what was chosen.
    expect(await t.login('ivy-invited', 'long-password-77')).toBeTruthy();
    // Used up: a second submission and a later check are 404.
    const again = await t.request('POST', `/api/customers/subaccounts/invite/${token}`, {
      body: { ...signup, username: 'ivy-again' },
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(INVITE_NOT_FOUND);
    expect((await t.request('GET', `/api/customers/subaccounts/invite/${token}`)).status).toBe(404);
  });

  it('sending needs an admin (401, 403), a valid and unused address (400)', async () => {
    const url = '/api/customers/subaccounts/invite';
    expect((await t.request('POST', url, { body: { email: 'x@y.test' } })).status).toBe(401);
    expect((await t.request('POST', url, { token: parent.user.token, body: { email: 'x@y.test' } })).status).toBe(403);
    const bad = await t.request('POST', url, { token: parent.admin.token, body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('email');
    const taken = await t.request('POST', url, { token: parent.admin.token, body: { email: 'ivy@invited.test' } });
    expect(taken.status).toBe(400);
    expect((await t.request('GET', '/api/customers/subaccounts/invite/unknown-token-123')).status).toBe(404);
  });
});
