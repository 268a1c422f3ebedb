import type { DomainPool, IpCheck, IpPool, SendingIp } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

type List<T> = { items: T[]; total_count: number };

let dns: LocalDns;
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(async () => {
  await dns.stop();
});
const t = useTestApp(() => ({ dnsServers: dns.servers }));
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let superadmin: string;
beforeAll(async () => {
  superadmin = await t.login('admin', ADMIN_PASSWORD);
});

const as = (token: string) => ({
  get: <T>(url: string) => t.request<T>('GET', url, { token }),
  post: <T>(url: string, body: unknown) => t.request<T>('POST', url, { token, body }),
  put: <T>(url: string, body: unknown) => t.request<T>('PUT', url, { token, body }),
  del: <T>(url: string, body?: unknown) => t.request<T>('DELETE', url, { token, body: body ?? {} }),
});

describe('S7-097 S3-035 sending IPs: ips CRUD (superadmin)', () => {
  it('adds an IP in canonical form, edits it with the spec message, lists and reads it', async () => {
    const op = as(superadmin);
    const added = await op.post<SendingIp>('/api/ips', { ip: '2001:DB8:0:0::1', ptr_host: 'Mail1.Example.NET.' });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ ip: '2001:db8::1', ptr_host: 'mail1.example.net', warmup: null });
    const ipid = added.body.data?.ipid as number;
    // S8-057: the exact text after modifying an IP.
    const edited = await op.put<{ message: string; ip: SendingIp }>(`/api/ips/${ipid}`, {
      ip: '2001:db8::1',
      ptr_host: 'mail2.example.net',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data?.message).toBe('IP address modified successfully!');
    expect(edited.body.data?.ip.ptr_host).toBe('mail2.example.net');
    const listed = await op.get<List<SendingIp>>('/api/ips');
    expect(listed.body.data?.items.map((ip) => ip.ip)).toContain('2001:db8::1');
    expect((await op.get<SendingIp>(`/api/ips/${ipid}`)).body.data?.ipid).toBe(ipid);
  });

  it('S5-014 refuses a malformed, multicast, unspecified, broadcast or duplicate address with a field error (400)', async () => {
    const op = as(superadmin);
    await op.post('/api/ips', { ip: '127.0.0.9' });
    for (const ip of [
      '300.1.1.1',
      '1.2.3',
      'fe80::1::2',
      '224.0.0.1',
      'ff02::1',
      '0.0.0.0',
      '::',
      '255.255.255.255',
      '127.0.0.9',
      ' 127.0.0.9 ',
    ]) {
      const res = await op.post('/api/ips', { ip });
      expect(res.status, ip).toBe(400);
      expect(res.body.errors?.[0]?.field, ip).toBe('ip');
    }
    // Loopback and private addresses are an operator's own: allowed (the tests send from 127.0.0.x).
    expect((await op.post('/api/ips', { ip: '10.1.2.3' })).status).toBe(200);
    expect((await op.post('/api/ips', { ip: '127.0.0.10', pool_id: 999999 })).body.errors?.[0]?.field).toBe('pool_id');
    expect((await op.post('/api/ips', { ip: '127.0.0.11', ptr_host: 'bad host!' })).body.errors?.[0]?.field).toBe(
      'ptr_host',
    );
  });

  it('puts an IP in warm-up with the default ramp or its own schedule, and shows day N of M', async () => {
    const op = as(superadmin);
    const today = new Date().toISOString().slice(0, 10);
    const warm = await op.post<SendingIp>('/api/ips', { ip: '127.0.0.20', warmup: {} });
    expect(warm.body.data?.warmup).toMatchObject({ started_on: today, day: 1, days: 30, complete: false });
    expect(warm.body.data?.warmup?.caps_today).toEqual({ gmail: 50, microsoft: 50, yahoo: 50, other: 100 });
    const schedule = [
      { gmail: 1, microsoft: 2, yahoo: 3, other: 4 },
      { gmail: 10, microsoft: 20, yahoo: 30, other: 40 },
    ];
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const custom = await op.put<{ ip: SendingIp }>(`/api/ips/${warm.body.data?.ipid}`, {
      ip: '127.0.0.20',
      warmup: { started_on: yesterday, schedule },
    });
    expect(custom.body.data?.ip.warmup).toMatchObject({ day: 2, days: 2, custom_schedule: true });
    expect(custom.body.data?.ip.warmup?.caps_today).toEqual(schedule[1]);
    const bad = await op.put(`/api/ips/${warm.body.data?.ipid}`, {
      ip: '127.0.0.20',
      warmup: { schedule: [{ gmail: -1, microsoft: 1, yahoo: 1, other: 1 }] },
    });
    expect(bad.status).toBe(400);
    const warmed = await op.put<{ ip: SendingIp }>(`/api/ips/${warm.body.data?.ipid}`, {
      ip: '127.0.0.20',
      warmup: null,
    });
    expect(warmed.body.data?.ip.warmup).toBeNull();
  });

  it('S4-032 deletes in two steps; an IP still in a pool is refused without force (409)', async () => {
    const op = as(superadmin);
    const pool = await op.post<IpPool>('/api/ips/pools', { title: 'Delete test' });
    const ip = await op.post<SendingIp>('/api/ips', { ip: '127.0.0.30', pool_id: pool.body.data?.id });
    const url = `/api/ips/${ip.body.data?.ipid}`;
    const refused = await op.del(url);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("still in pool 'Delete test'");
    const asked = await op.del<{ confirm: string }>(url, { force: true });
    expect(asked.status).toBe(200);
    expect((await op.del(url, { confirm: 'wrong' })).body.errors?.[0]?.field).toBe('confirm');
    expect((await op.get(url)).status).toBe(200);
    expect((await op.del(url, { confirm: asked.body.data?.confirm })).status).toBe(200);
    expect((await op.get(url)).status).toBe(404);
  });

  it('answers 401 without a session and 403 to customers, admins included', async () => {
    expect((await t.request('GET', '/api/ips')).status).toBe(401);
    for (const token of [tenant.admin.token, tenant.user.token]) {
      expect((await as(token).get('/api/ips')).status).toBe(403);
      expect((await as(token).post('/api/ips', { ip: '127.0.0.40' })).status).toBe(403);
      expect((await as(token).get('/api/ips/check?ip=127.0.0.40')).status).toBe(403);
    }
  });
});

describe('S7-098 S3-038 ips/check: forward-confirmed reverse DNS', () => {
  it('answers match and host: PTR → host → A contains the address', async () => {
    dns.set('50.0.0.127.in-addr.arpa', 'PTR', ['mail50.example.net']);
    dns.set('mail50.example.net', 'A', ['127.0.0.50']);
    dns.set('51.0.0.127.in-addr.arpa', 'PTR', ['mail51.example.net']);
    dns.set('mail51.example.net', 'A', ['127.0.0.99']);
    dns.set('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa', 'PTR', ['v6.example.net']);
    dns.set('v6.example.net', 'AAAA', ['2001:db8::1']);
    const check = async (ip: string) => (await as(superadmin).get<IpCheck>(`/api/ips/check?ip=${ip}`)).body.data;
    expect(await check('127.0.0.50')).toMatchObject({ match: true, host: 'mail50.example.net' });
    expect(await check('127.0.0.51')).toMatchObject({ match: false, host: 'mail51.example.net' });
    expect(await check('127.0.0.52')).toMatchObject({ match: false, host: null });
    expect(await check('2001:db8::1')).toMatchObject({ match: true, host: 'v6.example.net' });
    expect((await as(superadmin).get('/api/ips/check?ip=999.1.1.1')).status).toBe(400);
  });
});

describe('S7-099 S3-036 S3-037 IP pools: system and dedicated pools, assignments', () => {
  it('creates a system default pool and a dedicated pool; a customer sees only its own dedicated pools', async () => {
    const op = as(superadmin);
    const system = await op.post<IpPool>('/api/ips/pools', { title: 'Shared', is_default: true });
    expect(system.body.data).toMatchObject({ title: 'Shared', cid: null, is_default: true });
    const mine = await op.post<IpPool>('/api/ips/pools', { title: 'Tenant dedicated', cid: tenant.cid });
    expect(mine.body.data).toMatchObject({ cid: tenant.cid, is_default: false });
    await op.post('/api/ips', { ip: '127.0.0.60', ptr_host: 'mail60.example.net', pool_id: mine.body.data?.id });
    const seen = await as(tenant.admin.token).get<List<IpPool>>('/api/ips/pools');
    expect(seen.body.data?.items.map((p) => p.title)).toEqual(['Tenant dedicated']);
    expect(seen.body.data?.items[0]?.ips.map((ip) => ip.ip)).toEqual(['127.0.0.60']);
    const outsider = await as(other.admin.token).get<List<IpPool>>('/api/ips/pools');
    expect(outsider.body.data?.items).toEqual([]);
    // A second default takes the flag from the first: one system default.
    const second = await op.post<IpPool>('/api/ips/pools', { title: 'Shared 2', is_default: true });
    const all = await op.get<List<IpPool>>('/api/ips/pools');
    expect(all.body.data?.items.filter((p) => p.is_default).map((p) => p.id)).toEqual([second.body.data?.id]);
  });

  it('refuses an unknown cid, a default with a cid, and writes by customers', async () => {
    const op = as(superadmin);
    expect((await op.post('/api/ips/pools', { title: 'x', cid: 999999 })).body.errors?.[0]?.field).toBe('cid');
    const res = await op.post('/api/ips/pools', { title: 'x', cid: tenant.cid, is_default: true });
    expect(res.body.errors?.[0]?.field).toBe('is_default');
    expect((await op.post('/api/ips/pools', { title: '' })).status).toBe(400);
    expect((await as(tenant.admin.token).post('/api/ips/pools', { title: 'mine' })).status).toBe(403);
    expect((await as(tenant.user.token).get('/api/ips/pools')).status).toBe(403);
    expect((await t.request('GET', '/api/ips/pools')).status).toBe(401);
  });

  it("assigns a pool to a domain (wins) or a customer; another customer's dedicated pool is refused", async () => {
    const op = as(superadmin);
    const theirs = await op.post<IpPool>('/api/ips/pools', { title: 'Other dedicated', cid: other.cid });
    const mine = await op.post<IpPool>('/api/ips/pools', { title: 'Mine for domain', cid: tenant.cid });
    const customerPool = await op.post<IpPool>('/api/ips/pools', { title: 'Customer level' });
    const url = `/api/ips/pools/domain/${domain.did}`;
    const refused = await op.put(url, { pool_id: theirs.body.data?.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toBe('This pool is dedicated to another customer');
    expect((await op.put(`/api/ips/pools/customer/${tenant.cid}`, { pool_id: theirs.body.data?.id })).status).toBe(400);

    expect(
      (await op.put(`/api/ips/pools/customer/${tenant.cid}`, { pool_id: customerPool.body.data?.id })).status,
    ).toBe(200);
    const viaCustomer = await as(tenant.user.token).get<DomainPool>(url);
    expect(viaCustomer.body.data).toMatchObject({ source: 'customer', pool: { title: 'Customer level' } });
    const assigned = await op.put<DomainPool>(url, { pool_id: mine.body.data?.id });
    expect(assigned.body.data).toMatchObject({ source: 'domain', pool_id: mine.body.data?.id });
    const read = await as(tenant.admin.token).get<DomainPool>(url);
    expect(read.body.data).toMatchObject({ source: 'domain', pool: { title: 'Mine for domain' } });
    // Another customer's domain is not found, for reading and for its admins.
    expect((await as(other.admin.token).get(url)).status).toBe(404);
    expect((await as(tenant.admin.token).get(`/api/ips/pools/domain/${otherDomain.did}`)).status).toBe(404);
    expect((await as(tenant.admin.token).put(url, { pool_id: null })).status).toBe(403);
    const cleared = await op.put<DomainPool>(url, { pool_id: null });
    expect(cleared.body.data).toMatchObject({ source: 'customer', pool_id: null });
  });

  it('deletes a pool: its IPs stay unassigned; unknown ids are 404', async () => {
    const op = as(superadmin);
    const pool = await op.post<IpPool>('/api/ips/pools', { title: 'Short-lived' });
    const ip = await op.post<SendingIp>('/api/ips', { ip: '127.0.0.70', pool_id: pool.body.data?.id });
    expect((await op.del(`/api/ips/pools/${pool.body.data?.id}`)).status).toBe(200);
    expect((await op.get<SendingIp>(`/api/ips/${ip.body.data?.ipid}`)).body.data?.pool_id).toBeNull();
    expect((await op.del(`/api/ips/pools/${pool.body.data?.id}`)).status).toBe(404);
    expect((await op.put('/api/ips/pools/999999', { title: 'x' })).status).toBe(404);
    expect((await op.put('/api/ips/pools/domain/999999', { pool_id: null })).status).toBe(404);
  });
});
