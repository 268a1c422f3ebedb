import { beforeAll, describe, expect, it } from 'vitest';
import { makeDomain, makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

const t = useTestApp();

type Country = { name: string; iso3: string; iso2: string };
type Location = { code: string; name: string; usage: number };

let a: Tenant;
let b: Tenant;
let master: string;
beforeAll(async () => {
  a = await makeTenant(t);
  b = await makeTenant(t);
  master = (await makeOperators(t)).master;
});

describe('extras: countries (S3-010, S7-068, S9-029)', () => {
  it('lists every ISO 3166-1 country with name and iso3, by name, 1000 a page', async () => {
    const res = await t.request<{ items: Country[]; total_count: number }>('GET', '/api/extras/countries?limit=1000');
    expect(res.status).toBe(200);
    const items = res.body.data?.items ?? [];
    // 249 officially assigned ISO 3166-1 codes, plus Kosovo's user-assigned XK/XKX the package carries.
    expect(items.length).toBeGreaterThanOrEqual(249);
    expect(res.body.data?.total_count).toBe(items.length);
    expect(items).toContainEqual({ name: 'Germany', iso3: 'DEU', iso2: 'DE' });
    expect(items).toContainEqual(expect.objectContaining({ iso3: 'ALA', iso2: 'AX' })); // Åland: not hand-typed
    expect(new Set(items.map((c) => c.iso3)).size).toBe(items.length);
    expect(items.every((c) => /^[A-Z]{3}$/.test(c.iso3))).toBe(true);
    const names = items.map((c) => c.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
    const page = await t.request<{ items: Country[] }>('GET', '/api/extras/countries?limit=2&skip=1');
    expect(page.body.data?.items).toEqual(items.slice(1, 3));
  });

  it('refuses a page beyond the spec limit (400)', async () => {
    expect((await t.request('GET', '/api/extras/countries?limit=1001')).status).toBe(400);
    expect((await t.request('GET', '/api/extras/countries?skip=-1')).status).toBe(400);
  });
});

describe('extras: data locations (S3-011, S7-069, S7-070)', () => {
  it("lists the operator's locations with usage counted in the caller's own domains", async () => {
    const one = await makeDomain(t, a.admin.token, 'loc-one.test');
    const two = await makeDomain(t, a.admin.token, 'loc-two.test');
    const theirs = await makeDomain(t, b.admin.token, 'loc-theirs.test');
    await t.deps.db.query("UPDATE domains SET location = 'eu' WHERE id = ANY($1)", [[one.did, theirs.did]]);
    await t.deps.db.query("UPDATE domains SET location = 'us' WHERE id = $1", [two.did]);
    const usage = async (token?: string) => {
      const res = await t.request<{ items: Location[] }>('GET', '/api/extras/locations', { token });
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.data?.items ?? []).map((l) => [l.code, l.usage]));
    };
    expect(await usage(a.admin.token)).toEqual({ eu: 1, us: 1 });
    expect(await usage(a.user.token)).toEqual({ eu: 1, us: 1 });
    expect(await usage(b.admin.token)).toEqual({ eu: 1, us: 0 });
    expect(await usage(master)).toMatchObject({ eu: 2, us: 1 });
    expect(await usage(undefined)).toEqual({ eu: 0, us: 0 });
    const named = await t.request<{ items: Location[] }>('GET', '/api/extras/locations');
    expect(named.body.data?.items[0]).toEqual({ code: 'eu', name: 'European Union', usage: 0 });
  });

  it("locations/domain: the caller's own domains with their location; 401 without a session", async () => {
    const res = await t.request<{ items: { did: number; name: string; location: string | null }[] }>(
      'GET',
      '/api/extras/locations/domain',
      { token: a.admin.token },
    );
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.body.data?.items ?? []).map((d) => [d.name, d.location]));
    expect(byName).toMatchObject({ 'loc-one.test': 'eu', 'loc-two.test': 'us' });
    expect(byName['loc-theirs.test']).toBeUndefined();
    expect((await t.request('GET', '/api/extras/locations/domain')).status).toBe(401);
  });

  it('a location in use cannot be removed, and a domain cannot point at an unknown one', async () => {
    await expect(t.deps.db.query("DELETE FROM data_locations WHERE code = 'eu'")).rejects.toThrow();
    await expect(
      t.deps.db.query("UPDATE domains SET location = 'mars' WHERE customer_id = $1", [a.cid]),
    ).rejects.toThrow();
  });
});
