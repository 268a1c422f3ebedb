import type { Suppression } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

type List<T> = { items: T[]; total_count: number };
type Check = {
  recipient: string;
  suppressed: boolean;
  items: (Suppression & { scope: string })[];
  pattern: string | null;
};

const t = useTestApp();
const { tenant, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let master: string;
let mta: string;
let plainSuperadmin: string;

beforeAll(async () => {
  ({ master, mta, plain: plainSuperadmin } = await makeOperators(t));
});

const list = (type: string, query = '', token = tenant.user.token, did = domain.did) =>
  t.request<List<Suppression>>('GET', `/api/suppressions/${did}/${type}${query}`, { token });

describe('S7-058..060 S3-015 suppressions/{domain}/{type}', () => {
  it('adds an entry (lowercased, source api), refuses it twice with 409, lists it and deletes it by recipient', async () => {
    const token = tenant.user.token;
    const added = await t.request<Suppression>('POST', `/api/suppressions/${domain.did}/bounce`, {
      token,
      body: { recipient: ' Gone@Example.NET ', reason: 'told us so' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      recipient: 'gone@example.net',
      type: 'bounce',
      reason: 'told us so',
      source: 'api',
      category: null,
      expires_at: null,
    });
    expect(added.body.data?.sid).toBeGreaterThan(0);

    const again = await t.request('POST', `/api/suppressions/${domain.did}/bounce`, {
      token,
      body: { recipient: 'gone@example.net' },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.field).toBe('recipient');
    // The same recipient on another list of the domain is a separate entry.
    const unsub = await t.request('POST', `/api/suppressions/${domain.did}/unsubscribe`, {
      token,
      body: { recipient: 'gone@example.net' },
    });
    expect(unsub.status).toBe(200);

    expect((await list('bounce')).body.data?.items.map((s) => s.recipient)).toEqual(['gone@example.net']);
    const removed = await t.request('DELETE', `/api/suppressions/${domain.did}/bounce`, {
      token,
      body: { recipient: 'GONE@example.net' },
    });
    expect(removed.status).toBe(200);
    expect((await list('bounce')).body.data?.total_count).toBe(0);
    expect((await list('unsubscribe')).body.data?.total_count).toBe(1);
    const missing = await t.request('DELETE', `/api/suppressions/${domain.did}/bounce`, {
      token,
      body: { recipient: 'gone@example.net' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Suppression not found!');
  });

  it('S9-021 pages 10 at a time, newest first, searches recipients and deletes by sid in the query', async () => {
    const token = tenant.admin.token;
    for (let i = 0; i < 12; i++) {
      const res = await t.request('POST', `/api/suppressions/${domain.did}/complaint`, {
        token,
        body: { recipient: `c${String(i).padStart(2, '0')}@example.org` },
      });
      expect(res.status).toBe(200);
    }
    const first = await list('complaint');
    expect(first.body.data?.total_count).toBe(12);
    expect(first.body.data?.items.map((s) => s.recipient)).toEqual(
      Array.from({ length: 10 }, (_, i) => `c${String(11 - i).padStart(2, '0')}@example.org`),
    );
    const second = await list('complaint', '?skip=10');
    expect(second.body.data?.items.map((s) => s.recipient)).toEqual(['c01@example.org', 'c00@example.org']);
    const oldestFirst = await list('complaint', '?order=asc&limit=2');
    expect(oldestFirst.body.data?.items.map((s) => s.recipient)).toEqual(['c00@example.org', 'c01@example.org']);
    const search = await list('complaint', '?search=C1');
    expect(search.body.data?.items.map((s) => s.recipient)).toEqual(['c11@example.org', 'c10@example.org']);
    // % is a literal character in a search, not a wildcard.
    expect((await list('complaint', '?search=%25')).body.data?.total_count).toBe(0);

    const sid = first.body.data?.items[0]?.sid;
    const removed = await t.request('DELETE', `/api/suppressions/${domain.did}/complaint?sid=${sid}`, { token });
    expect(removed.status).toBe(200);
    expect((await list('complaint')).body.data?.total_count).toBe(11);
    // A sid of another list of the domain is not deleted through this one.
    const wrongList = await t.request(
      'DELETE',
      `/api/suppressions/${domain.did}/bounce?sid=${second.body.data?.items[0]?.sid}`,
      {
        token,
      },
    );
    expect(wrongList.status).toBe(404);
  });

  it('hides expired soft-bounce entries, which no longer suppress', async () => {
    await t.deps.db.query(
      `INSERT INTO suppressions (customer_id, domain_id, recipient, type, category, expires_at)
       VALUES ($1, $2, 'full@example.com', 'bounce', 'quota-issues', now() - interval '1 minute'),
              ($1, $2, 'fullsoon@example.com', 'bounce', 'quota-issues', now() + interval '1 hour')`,
      [tenant.cid, domain.did],
    );
    const items = (await list('bounce')).body.data?.items ?? [];
    expect(items.map((s) => s.recipient)).toEqual(['fullsoon@example.com']);
    expect(items[0]?.expires_at).not.toBeNull();
    const readded = await t.request('POST', `/api/suppressions/${domain.did}/bounce`, {
      token: tenant.user.token,
      body: { recipient: 'full@example.com' },
    });
    expect(readded.status).toBe(200);
    const rows = await t.deps.db.query('SELECT 1 FROM suppressions WHERE recipient = $1', ['full@example.com']);
    expect(rows).toHaveLength(1);
  });

  it('answers 401 without a session, 404 for another customer, 400 for bad input', async () => {
    expect((await list('bounce', '', '')).status).toBe(401);
    const foreign = await list('bounce', '', tenant.user.token, otherDomain.did);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Domain not found!');
    const foreignAdd = await t.request('POST', `/api/suppressions/${otherDomain.did}/bounce`, {
      token: tenant.admin.token,
      body: { recipient: 'x@example.com' },
    });
    expect(foreignAdd.status).toBe(404);
    const foreignDelete = await t.request(
      'DELETE',
      `/api/suppressions/${otherDomain.did}/bounce?recipient=x@example.com`,
      {
        token: tenant.admin.token,
      },
    );
    expect(foreignDelete.status).toBe(404);

    const badType = await list('spam');
    expect(badType.status).toBe(400);
    expect(badType.body.errors?.[0]?.field).toBe('params.type');
    const badAddress = await t.request('POST', `/api/suppressions/${domain.did}/bounce`, {
      token: tenant.user.token,
      body: { recipient: 'not-an-address' },
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errors).toEqual([{ field: 'recipient', message: 'Enter a valid email address' }]);
    const noKey = await t.request('DELETE', `/api/suppressions/${domain.did}/bounce`, { token: tenant.user.token });
    expect(noKey.status).toBe(400);
    expect((await list('bounce', '?limit=x')).status).toBe(400);
  });
});

describe('S7-061 suppressions/{domain}/check/{recipient}', () => {
  it('reports the domain, customer-wide and global entries and an active domain pattern that apply', async () => {
    const token = tenant.user.token;
    const check = (recipient: string, did = domain.did) =>
      t.request<Check>('GET', `/api/suppressions/${did}/check/${encodeURIComponent(recipient)}`, { token });
    expect((await check('fresh@example.com')).body.data).toEqual({
      recipient: 'fresh@example.com',
      suppressed: false,
      items: [],
      pattern: null,
    });
    await t.request('POST', `/api/suppressions/${domain.did}/block`, {
      token,
      body: { recipient: 'checked@example.com' },
    });
    await t.deps.db.query(
      "INSERT INTO suppressions (customer_id, recipient, type) VALUES ($1, 'checked@example.com', 'unsubscribe')",
      [tenant.cid],
    );
    await t.request('POST', '/api/suppressions/global/complaint', {
      token: master,
      body: { recipient: 'checked@example.com' },
    });
    const result = (await check('Checked@Example.com')).body.data as Check;
    expect(result.suppressed).toBe(true);
    expect(result.items.map((i) => [i.scope, i.type]).sort()).toEqual([
      ['customer', 'unsubscribe'],
      ['domain', 'block'],
      ['global', 'complaint'],
    ]);

    await t.request('POST', `/api/domains/${domain.did}/patterns`, { token, body: { pattern: '*@blocked.example' } });
    const byPattern = (await check('anyone@blocked.example')).body.data as Check;
    expect(byPattern).toMatchObject({ suppressed: true, items: [], pattern: '*@blocked.example' });

    expect((await check('x@example.com', otherDomain.did)).status).toBe(404);
    expect((await check('not-an-address')).status).toBe(400);
    expect((await t.request('GET', `/api/suppressions/${domain.did}/check/a@b.example`)).status).toBe(401);
  });
});

describe('S7-062..064 S3-016 global suppressions', () => {
  it('operators add, list and delete global entries; others are refused', async () => {
    const added = await t.request<Suppression>('POST', '/api/suppressions/global/bounce', {
      token: mta,
      body: { recipient: 'everyone-hates@example.com', reason: 'trap' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ recipient: 'everyone-hates@example.com', type: 'bounce', source: 'api' });
    const stored = await t.deps.db.one<{ customer_id: number | null; domain_id: number | null }>(
      'SELECT customer_id, domain_id FROM suppressions WHERE id = $1',
      [added.body.data?.sid],
    );
    expect(stored).toEqual({ customer_id: null, domain_id: null });

    const all = await t.request<List<Suppression>>('GET', '/api/suppressions/global', { token: master });
    expect(all.status).toBe(200);
    expect(all.body.data?.items.map((s) => s.recipient)).toContain('everyone-hates@example.com');
    const bounces = await t.request<List<Suppression>>('GET', '/api/suppressions/global?type=bounce', {
      token: master,
    });
    expect(bounces.body.data?.items.every((s) => s.type === 'bounce')).toBe(true);
    // Customer lists do not show global entries.
    expect((await list('bounce')).body.data?.items.map((s) => s.recipient)).not.toContain('everyone-hates@example.com');

    const removed = await t.request('DELETE', '/api/suppressions/global/global', {
      token: master,
      body: { sid: added.body.data?.sid },
    });
    expect(removed.status).toBe(200);
    const gone = await t.request('DELETE', '/api/suppressions/global/global', {
      token: master,
      body: { sid: added.body.data?.sid },
    });
    expect(gone.status).toBe(404);
  });

  it('answers 401, 403 (customers, superadmins of no mta subrole) and 400', async () => {
    expect((await t.request('GET', '/api/suppressions/global')).status).toBe(401);
    expect((await t.request('GET', '/api/suppressions/global', { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('GET', '/api/suppressions/global', { token: plainSuperadmin })).status).toBe(403);
    const body = { recipient: 'x@example.com' };
    expect(
      (await t.request('POST', '/api/suppressions/global/bounce', { token: tenant.admin.token, body })).status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', '/api/suppressions/global/global', { token: tenant.user.token, body: { sid: 1 } }))
        .status,
    ).toBe(403);
    expect((await t.request('POST', '/api/suppressions/global/spam', { token: master, body })).status).toBe(400);
    expect((await t.request('POST', '/api/suppressions/global/bounce', { token: master, body: {} })).status).toBe(400);
    expect(
      (await t.request('DELETE', '/api/suppressions/global/global', { token: master, body: { sid: 'x' } })).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/suppressions/global?type=spam', { token: master })).status).toBe(400);
  });
});
