import { CLIENT_ADDED, PAGE_SIZES } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeOperators, makeTenant, makeUser, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';
import { mailsTo } from './mail-links.testing.ts';

const t = useTestApp();

type Client = { cid: number; customer: string; email: string | null; vetting: string };
type List = { items: Client[]; total_count: number };

let parent: Tenant;
let partner: Tenant;
let other: Tenant;
let master: string;
beforeAll(async () => {
  parent = await makeTenant(t);
  partner = await makeTenant(t, { partner: true });
  other = await makeTenant(t);
  master = (await makeOperators(t)).master;
});

const addClient = (token: string, company: string, email: string) =>
  t.request<{ message: string; client: Client }>('POST', '/api/customers/subaccounts', {
    token,
    body: { company, email },
  });

describe('sub-accounts: clients (S7-020, S3-044)', () => {
  it('S8-058 S1-005 an admin adds a client: customer under the parent, admin invited, vetting form mailed', async () => {
    const res = await addClient(parent.admin.token, 'Client One Ltd', 'owner@client-one.test');
    expect(res.status).toBe(200);
    expect(res.body.data?.message).toBe(CLIENT_ADDED);
    expect(res.body.data?.message).toBe('Client added! A vetting form has been sent to email address specified.');
    const client = res.body.data?.client as Client;
    expect(client).toMatchObject({ customer: 'Client One Ltd', email: 'owner@client-one.test', vetting: 'inprogress' });
    const row = await t.deps.db.one<{ parent_id: number }>('SELECT parent_id FROM customers WHERE id = $1', [
      client.cid,
    ]);
    expect(row.parent_id).toBe(parent.cid);
    const admin = await t.deps.db.one<{ role: string; state: string }>(
      'SELECT role, state FROM users WHERE customer_id = $1',
      [client.cid],
    );
    expect(admin).toEqual({ role: 'admin', state: 'invited' });
    const mails = await mailsTo(t.deps.db, 'owner@client-one.test');
    expect(mails.map((m) => m.text).join('\n')).toMatch(/\/auth\/invite\/[A-Za-z0-9_-]+/);
    expect(mails.map((m) => m.text).join('\n')).toMatch(/http:\/\/console\.test\/vetting\/[A-Za-z0-9_-]+/);
  });

  it('S9-025 lists only its own clients, 50 a page by default, with their vetting state', async () => {
    await addClient(parent.admin.token, 'Client Two Ltd', 'owner@client-two.test');
    await addClient(other.admin.token, 'Not Yours Ltd', 'owner@not-yours.test');
    const list = await t.request<List>('GET', '/api/customers/subaccounts', { token: parent.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data?.items.map((c) => c.customer)).toEqual(['Client One Ltd', 'Client Two Ltd']);
    expect(list.body.data?.total_count).toBe(2);
    expect(list.body.data?.items.every((c) => c.vetting === 'inprogress')).toBe(true);
    const paged = await t.request<List>('GET', '/api/customers/subaccounts?limit=1&skip=1', {
      token: parent.admin.token,
    });
    expect(paged.body.data?.items.map((c) => c.customer)).toEqual(['Client Two Ltd']);
    // 55 clients: the first page holds the spec's 50.
    const big = await makeTenant(t);
    for (let i = 0; i < 55; i++)
      await makeCustomer(t.deps.db, { name: `Bulk ${String(i).padStart(2, '0')}`, parentId: big.cid });
    const first = await t.request<List>('GET', '/api/customers/subaccounts', { token: big.admin.token });
    expect(first.body.data?.items).toHaveLength(PAGE_SIZES.subaccounts);
    expect(first.body.data?.total_count).toBe(55);
    expect(first.body.data?.items[0]?.vetting).toBe('none');
  });

  it('the vetting state follows the form: submitted, approved, rejected', async () => {
    const res = await addClient(parent.admin.token, 'Vetted Ltd', 'owner@vetted.test');
    const cid = res.body.data?.client.cid as number;
    const state = async () =>
      (await t.request<List>('GET', '/api/customers/subaccounts?search=vetted', { token: parent.admin.token })).body
        .data?.items[0]?.vetting;
    await t.deps.db.query('UPDATE customer_vetting SET finished = true WHERE customer_id = $1', [cid]);
    expect(await state()).toBe('submitted');
    await t.deps.db.query("UPDATE customer_vetting SET decision = 'approve' WHERE customer_id = $1", [cid]);
    expect(await state()).toBe('approved');
    await t.deps.db.query("UPDATE customer_vetting SET decision = 'reject' WHERE customer_id = $1", [cid]);
    expect(await state()).toBe('rejected');
  });

  it('S5-010 bad input answers 400 with field errors; a taken address is a field error; nothing is left behind', async () => {
    const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers')).n;
    const bad = await t.request('POST', '/api/customers/subaccounts', {
      token: parent.admin.token,
      body: { company: 'x', email: 'not-an-address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['company', 'email']);
    // A name with a line break would reach a mail subject: refused.
    const broken = await addClient(parent.admin.token, 'Evil\r\nBcc: x@y.test', 'evil@client-evil.test');
    expect(broken.status).toBe(400);
    expect(broken.body.errors?.[0]?.field).toBe('company');
    const taken = await addClient(parent.admin.token, 'Taken Ltd', 'owner@client-one.test');
    expect(taken.status).toBe(400);
    expect(taken.body.errors?.[0]?.field).toBe('email');
    const after = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers')).n;
    expect(after).toBe(before);
    expect((await t.request('GET', '/api/customers/subaccounts?limit=-1', { token: parent.admin.token })).status).toBe(
      400,
    );
  });

  it('S6-008 401 without a session, 403 for role user', async () => {
    expect((await t.request('GET', '/api/customers/subaccounts')).status).toBe(401);
    expect((await addClient('', 'Anon Ltd', 'anon@anon.test')).status).toBe(401);
    expect((await t.request('GET', '/api/customers/subaccounts', { token: parent.user.token })).status).toBe(403);
    expect((await addClient(parent.user.token, 'User Ltd', 'user@user-ltd.test')).status).toBe(403);
  });
});

describe('acting as a client (proxy): parent admins and partners, never upwards or sideways', () => {
  it("the parent's admin acts as its client and returns; the client admin cannot reach its parent or siblings", async () => {
    const list = await t.request<List>('GET', '/api/customers/subaccounts', { token: parent.admin.token });
    const [one, two] = list.body.data?.items ?? [];
    if (!one || !two) throw new Error('two clients expected');
    const admin = await t.login(parent.admin.username, 'correct-horse-9');
    const acting = await t.request<{ session: { cid: number; role: string; origin: { cid: number } } }>(
      'PUT',
      `/api/proxy/${one.cid}`,
      { token: admin },
    );
    expect(acting.status).toBe(200);
    expect(acting.body.data?.session).toMatchObject({ cid: one.cid, role: 'admin', origin: { cid: parent.cid } });
    // Inside the client, its own (empty) client list, not the parent's.
    const inside = await t.request<List>('GET', '/api/customers/subaccounts', { token: admin });
    expect(inside.body.data?.total_count).toBe(0);
    // From inside one client, a sibling is still the parent's own client: allowed; the parent's outsiders are not.
    expect((await t.request('PUT', `/api/proxy/${other.cid}`, { token: admin })).status).toBe(404);
    expect((await t.request('DELETE', '/api/proxy', { token: admin })).status).toBe(200);

    // The client's own admin: never its parent, never a sibling.
    const clientAdmin = await makeUser(t.deps.db, one.cid, 'admin');
    const clientToken = await t.login(clientAdmin.username, 'correct-horse-9');
    expect((await t.request('PUT', `/api/proxy/${parent.cid}`, { token: clientToken })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${two.cid}`, { token: clientToken })).status).toBe(404);
    const own = await t.request<List>('GET', '/api/customers/subaccounts', { token: clientToken });
    expect(own.body.data?.items).toEqual([]);
    // Another customer's admin cannot act as the parent's client; a plain user cannot act at all.
    expect((await t.request('PUT', `/api/proxy/${one.cid}`, { token: other.admin.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${one.cid}`, { token: parent.user.token })).status).toBe(403);
  });

  it('a partner acts only as its own clients', async () => {
    const mine = await addClient(partner.admin.token, 'Partner Client Ltd', 'owner@partner-client.test');
    expect(mine.status).toBe(200);
    const mineCid = mine.body.data?.client.cid as number;
    const list = await t.request<List>('GET', '/api/customers/subaccounts', { token: partner.admin.token });
    expect(list.body.data?.items.map((c) => c.customer)).toEqual(['Partner Client Ltd']);
    const theirs = (await t.request<List>('GET', '/api/customers/subaccounts', { token: parent.admin.token })).body.data
      ?.items[0]?.cid as number;
    const token = await t.login(partner.admin.username, 'correct-horse-9');
    expect((await t.request('PUT', `/api/proxy/${theirs}`, { token })).status).toBe(404);
    expect((await t.request('PUT', `/api/proxy/${parent.cid}`, { token })).status).toBe(404);
    const acting = await t.request<{ session: { cid: number } }>('PUT', `/api/proxy/${mineCid}`, { token });
    expect(acting.status).toBe(200);
    expect(acting.body.data?.session.cid).toBe(mineCid);
  });

  it('an operator still acts as any customer', async () => {
    const res = await t.request<{ session: { cid: number } }>('PUT', `/api/proxy/${other.cid}`, { token: master });
    expect(res.body.data?.session.cid).toBe(other.cid);
  });
});
