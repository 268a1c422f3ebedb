import type { ErrorBody, Route, RouteMatchResult } from '@mailwright/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = useTestApp();
const { tenant, other } = useTenants(t);

const support = {
  priority: 10,
  description: 'Support desk',
  expression: { type: 'match_recipient', pattern: 'support@.*' },
  actions: [{ type: 'forward_email', address: 'desk@dest.test' }, { type: 'stop' }],
};

describe('routes/{domain} CRUD (S7-085, S2-017)', () => {
  it('saves routes, lists them in priority order with items and total_count, changes, switches and deletes them', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/routes/${did}`;
    const token = tenant.user.token;
    const created = await t.request<Route>('POST', base, { token, body: support });
    expect(created.status).toBe(200);
    const route = created.body.data as Route;
    expect(route).toMatchObject({ did, priority: 10, mode: 'accept', enabled: true, description: 'Support desk' });
    const catchAll = await t.request<Route>('POST', base, {
      token,
      body: {
        priority: 0,
        expression: { type: 'catch_all' },
        actions: [{ type: 'store', notify_url: null }],
        mode: 'hold',
      },
    });
    expect(catchAll.body.data?.actions).toEqual([{ type: 'store', days: 3, notify_url: null }]);

    const list = await t.request<{ items: Route[]; total_count: number }>('GET', base, { token });
    expect(list.body.data?.total_count).toBe(2);
    expect(list.body.data?.items.map((r) => r.priority)).toEqual([0, 10]);

    const changed = await t.request<Route>('PUT', `${base}/${route.id}`, {
      token,
      body: { ...support, priority: 1, mode: 'reject', actions: [] },
    });
    expect(changed.body.data).toMatchObject({ id: route.id, priority: 1, mode: 'reject' });
    const off = await t.request<Route>('PUT', `${base}/${route.id}/state`, { token, body: { enabled: false } });
    expect(off.body.data?.enabled).toBe(false);
    expect((await t.request('DELETE', `${base}/${route.id}`, { token })).status).toBe(200);
    expect((await t.request('DELETE', `${base}/${route.id}`, { token })).status).toBe(404);
  });

  it('the test box says which route a recipient and headers match, and what it would do, without doing it', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/routes/${did}`;
    const token = tenant.admin.token;
    const post = (body: object) => t.request<Route>('POST', base, { token, body });
    await post(support);
    await post({
      priority: 5,
      expression: { type: 'match_header', header: 'Subject', pattern: 'invoice' },
      actions: [{ type: 'forward_url', url: 'https://hooks.example.com/in' }],
    });
    await post({ priority: 20, expression: { type: 'catch_all' }, mode: 'reject' });
    const match = async (body: object) =>
      (await t.request<RouteMatchResult>('POST', `${base}/match`, { token, body })).body.data as RouteMatchResult;

    const desk = await match({ recipient: 'support@in.example.com' });
    expect(desk.outcome).toBe('accept');
    expect(desk.actions).toEqual(['forward("desk@dest.test")']);
    const invoice = await match({
      recipient: 'support@in.example.com',
      headers: [{ name: 'subject', value: 'Your Invoice 42' }],
    });
    expect(invoice.routes.map((r) => r.priority)).toEqual([5, 10]);
    expect(invoice.actions).toEqual(['forward("https://hooks.example.com/in")', 'forward("desk@dest.test")']);
    const other = await match({ recipient: 'sales@in.example.com' });
    expect(other.outcome).toBe('reject');
    expect(other.routes[0]?.priority).toBe(20);
    const none = await t.request<RouteMatchResult>(
      'POST',
      `/api/routes/${(await makeTestDomain(t.deps.db, tenant.cid)).did}/match`,
      {
        token,
        body: { recipient: 'x@y.test' },
      },
    );
    expect(none.body.data?.outcome).toBe('no_match');
  });
});

describe('reordering', () => {
  it('moves a route up or down by swapping priorities; tied priorities are numbered 10, 20, 30 first', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/routes/${did}`;
    const token = tenant.user.token;
    const add = async (pattern: string, priority: number) =>
      (
        await t.request<Route>('POST', base, {
          token,
          body: { ...support, priority, expression: { type: 'match_recipient', pattern } },
        })
      ).body.data as Route;
    const a = await add('a@.*', 5);
    const b = await add('b@.*', 5);
    const c = await add('c@.*', 7);
    const move = async (id: number, direction: string) =>
      t.request<{ items: Route[] }>('PUT', `${base}/${id}/move`, { token, body: { direction } });
    const order = (res: Awaited<ReturnType<typeof move>>) => res.body.data?.items.map((r) => [r.id, r.priority]);
    // a and b share 5 (the older first): numbered 10, 20, 30, then b and a swap.
    expect(order(await move(b.id, 'up'))).toEqual([
      [b.id, 10],
      [a.id, 20],
      [c.id, 30],
    ]);
    expect(order(await move(c.id, 'up'))).toEqual([
      [b.id, 10],
      [c.id, 20],
      [a.id, 30],
    ]);
    // At an end, nothing moves.
    expect(order(await move(b.id, 'up'))).toEqual([
      [b.id, 10],
      [c.id, 20],
      [a.id, 30],
    ]);
    expect(order(await move(a.id, 'down'))).toEqual([
      [b.id, 10],
      [c.id, 20],
      [a.id, 30],
    ]);
    expect((await move(a.id, 'sideways')).status).toBe(400);
    expect(
      (await t.request('PUT', `${base}/${a.id}/move`, { token: other.admin.token, body: { direction: 'up' } })).status,
    ).toBe(404);
  });
});

describe('routes/{domain} refusals (S8-012, S5-005)', () => {
  it('answers 401 without a session, 404 for another customer’s domain and routes', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const foreign = await makeTestDomain(t.deps.db, other.cid);
    const base = `/api/routes/${did}`;
    const mine = await t.request<Route>('POST', base, { token: tenant.admin.token, body: support });
    const rid = mine.body.data?.id as number;
    expect((await t.request('GET', base)).status).toBe(401);
    expect((await t.request('POST', base, { body: support })).status).toBe(401);
    expect((await t.request('GET', base, { token: other.admin.token })).status).toBe(404);
    expect((await t.request('POST', base, { token: other.admin.token, body: support })).status).toBe(404);
    expect((await t.request('GET', `${base}/messages`, { token: other.user.token })).status).toBe(404);
    // Another customer's route, through this domain or through the other customer's own domain: 404, unchanged.
    for (const path of [`${base}/${rid}`, `/api/routes/${foreign.did}/${rid}`]) {
      expect((await t.request('PUT', path, { token: other.admin.token, body: support })).status).toBe(404);
      expect(
        (await t.request('PUT', `${path}/state`, { token: other.admin.token, body: { enabled: false } })).status,
      ).toBe(404);
      expect((await t.request('DELETE', path, { token: other.admin.token })).status).toBe(404);
    }
    const after = await t.request<{ items: Route[] }>('GET', base, { token: tenant.user.token });
    expect(after.body.data?.items).toEqual([mine.body.data]);
  });

  it('wrong role: routes are open to every signed-in role (S2-018), and an operator outside the customer gets 404', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const operators = await makeOperators(t);
    for (const token of [tenant.user.token, tenant.admin.token]) {
      expect((await t.request('POST', `/api/routes/${did}`, { token, body: support })).status).toBe(200);
    }
    // A superadmin at home acts for its own customer: this customer's domain is not its own unless it proxies in.
    expect((await t.request('GET', `/api/routes/${did}`, { token: operators.mta })).status).toBe(404);
  });

  it('bad input is a 400 with field errors: a backtracking-only pattern (backreference, lookaround), a private URL, shapes', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/routes/${did}`;
    const token = tenant.user.token;
    const refused = async (body: object) => {
      const res = await t.request<unknown>('POST', base, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return (res.body as ErrorBody).errors ?? [];
    };
    const backref = await refused({ ...support, expression: { type: 'match_recipient', pattern: '(a+)\\1@x' } });
    expect(backref[0]).toMatchObject({ field: 'expression.pattern', message: expect.stringMatching(/RE2/) });
    const lookahead = await refused({
      ...support,
      expression: { type: 'match_header', header: 'Subject', pattern: '^(?!spam).*' },
    });
    expect(lookahead[0]?.field).toBe('expression.pattern');
    expect((await refused({ ...support, expression: { type: 'match_recipient', pattern: '(' } }))[0]?.message).toMatch(
      /Not a valid regular expression/,
    );
    const privateUrl = await refused({
      ...support,
      actions: [{ type: 'forward_url', url: 'http://127.0.0.1:8080/in' }],
    });
    expect(privateUrl[0]?.field).toBe('actions.0.url');
    const notify = await refused({ ...support, actions: [{ type: 'store', notify_url: 'http://10.0.0.1/' }] });
    expect(notify[0]?.field).toBe('actions.0.notify_url');
    await refused({ ...support, expression: { type: 'match_everything' } });
    await refused({ ...support, actions: [{ type: 'forward_email', address: 'not-an-address' }] });
    await refused({ ...support, actions: [{ type: 'stop' }] });
    await refused({ ...support, mode: 'discard' });
    await refused({ ...support, expression: { type: 'match_header', header: 'Sub:ject', pattern: 'x' } });
    await refused({ ...support, actions: [{ type: 'store', days: 365 }] });
    expect((await t.request('PUT', `${base}/abc`, { token, body: support })).status).toBe(400);
    expect((await t.request('POST', `${base}/match`, { token, body: { recipient: 'nope' } })).status).toBe(400);
    const list = await t.request<{ total_count: number }>('GET', base, { token });
    expect(list.body.data?.total_count).toBe(0);
  });
});
