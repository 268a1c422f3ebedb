import type { Domain, OperatorDomain } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDkimKey } from '../../mail/dns/dkim-keys.ts';
import { findDomainByName, findDomainForCustomer } from '../../mail/intake/sending-domain.repo.ts';
import { makeCustomer } from '../../test/factories.ts';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { insertDomain } from './domains.repo.ts';

let dns: LocalDns;
let superadmin: string;
const TARGETS = { spfInclude: '_spf.mail.test', inboundMxHost: 'mx.mail.test', trackingHost: 'track.mail.test' };

// The DNS server's hooks come first: it is up before the app starts and is stopped after the app is closed.
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(async () => {
  await dns.stop();
});
const t = useTestApp(() => ({ ...TARGETS, dnsServers: dns.servers, dnsTimeoutMs: 500 }));
const { tenant, other } = useTenants(t);
beforeAll(async () => {
  superadmin = await t.login('admin', ADMIN_PASSWORD);
});

type List<T> = { items: T[]; total_count: number };
const record = (domain: Domain | undefined, kind: string) => domain?.records.find((r) => r.kind === kind);

async function addDomain(token: string, name: string) {
  const res = await t.request<Domain>('POST', '/api/domains', { token, body: { name } });
  expect(res.status).toBe(200);
  return res.body.data as Domain;
}

/** Publishes every record the API asks for in the local DNS server. */
function publish(domain: Domain) {
  for (const r of domain.records) {
    if (r.type === 'MX') dns.set(r.host, 'MX', [{ exchange: r.value, priority: r.priority ?? 10 }]);
    else if (r.type === 'CNAME') dns.set(r.host, 'CNAME', [r.value]);
    else dns.set(r.host, 'TXT', [r.value]);
  }
}

describe('POST /api/domains', () => {
  it('adds a domain (lowercased) with a DKIM key and the six records to publish', async () => {
    const domain = await addDomain(tenant.admin.token, 'Create-One.Example.test.');
    expect(domain).toMatchObject({ cid: tenant.cid, name: 'create-one.example.test', state: 'unverified' });
    expect(domain.dkim_selector).toMatch(/^mw\d{6}[0-9a-f]{4}$/);
    expect(domain.records.map((r) => [r.kind, r.type, r.host, r.required, r.state])).toEqual([
      ['spf', 'TXT', 'create-one.example.test', true, 'unchecked'],
      ['dkim', 'TXT', `${domain.dkim_selector}._domainkey.create-one.example.test`, true, 'unchecked'],
      ['dmarc', 'TXT', '_dmarc.create-one.example.test', false, 'unchecked'],
      ['return_path', 'MX', 'mwb.create-one.example.test', true, 'unchecked'],
      ['tracking', 'CNAME', 'mwt.create-one.example.test', false, 'unchecked'],
      ['receiving', 'MX', 'create-one.example.test', false, 'unchecked'],
    ]);
    // The receiving MX (issue 13) is the domain's own MX at the inbound host: for inbound routes, not for sending.
    expect(record(domain, 'receiving')).toMatchObject({ value: 'mx.mail.test', priority: 10 });
    expect(record(domain, 'receiving')?.description).toMatch(/not required for sending/);
    expect(record(domain, 'spf')?.value).toBe('v=spf1 include:_spf.mail.test ~all');
    expect(record(domain, 'return_path')).toMatchObject({ value: 'mx.mail.test', priority: 10 });
    expect(record(domain, 'tracking')?.value).toBe('track.mail.test');
    const row = await findDomainByName(t.deps.db, 'CREATE-ONE.example.test');
    expect(row?.dkim_private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(record(domain, 'dkim')?.value).toBe(`v=DKIM1; k=rsa; p=${row?.dkim_public_key}`);
    expect(JSON.stringify(domain)).not.toContain('PRIVATE KEY');
  });

  it('answers 409 with a field error for a name any customer already has', async () => {
    await addDomain(tenant.admin.token, 'taken.example.test');
    const again = await t.request('POST', '/api/domains', {
      token: other.admin.token,
      body: { name: 'TAKEN.example.test' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Various errors',
      errors: [{ field: 'name', message: 'This domain is already registered' }],
    });
  });

  it('answers 400 with field errors for names that are not host names', async () => {
    for (const name of [
      'localhost',
      'no_underscores.test',
      '-dash.example.test',
      'a..b.test',
      'x.123',
      '',
      'mwb.x.test',
    ]) {
      const res = await t.request('POST', '/api/domains', { token: tenant.admin.token, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.body.errors?.[0]?.field, name).toBe('name');
    }
    const missing = await t.request('POST', '/api/domains', { token: tenant.admin.token, body: {} });
    expect(missing.body.errors).toEqual([{ field: 'name', message: 'This field is required' }]);
    const long = await t.request('POST', '/api/domains', {
      token: tenant.admin.token,
      body: { name: `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.test` },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'name', message: 'A domain name has at most 249 characters here' }]);
  });

  it('answers 401 without a token and 403 for role user', async () => {
    expect((await t.request('POST', '/api/domains', { body: { name: 'x.example.test' } })).status).toBe(401);
    const user = await t.request('POST', '/api/domains', {
      token: tenant.user.token,
      body: { name: 'x.example.test' },
    });
    expect(user.status).toBe(403);
  });
});

describe('GET /api/domains and /api/domains/all', () => {
  it('S3-008 S3-009 S7-047 lists the customer domains for role user, searchable, with did, cid, name, state', async () => {
    const res = await t.request<List<Domain>>('GET', '/api/domains?search=TAKEN', { token: tenant.user.token });
    expect(res.status).toBe(200);
    expect(res.body.data?.total_count).toBe(1);
    expect(res.body.data?.items[0]).toMatchObject({ cid: tenant.cid, name: 'taken.example.test', state: 'unverified' });
    expect(res.body.data?.items[0]?.did).toBeGreaterThan(0);
    const wildcard = await t.request<List<Domain>>('GET', '/api/domains?search=%25', { token: tenant.user.token });
    expect(wildcard.body.data?.total_count).toBe(0);
    const theirs = await t.request<List<Domain>>('GET', '/api/domains', { token: other.user.token });
    expect(theirs.body.data?.items.every((d) => d.cid === other.cid)).toBe(true);
  });

  it('S9-018 pages 50 domains by default, and 20 in domains/all', async () => {
    const cid = await makeCustomer(t.deps.db, { name: 'Many Domains Ltd' });
    const key = await generateDkimKey();
    for (let i = 0; i < 51; i++) {
      const name = `d${String(i).padStart(2, '0')}.many.test`;
      await insertDomain(t.deps.db, cid, { name, key, bounceHost: `mwb.${name}`, trackingHost: `mwt.${name}` });
    }
    const token = superadmin;
    expect((await t.request('PUT', `/api/proxy/${cid}`, { token })).status).toBe(200);
    const page = await t.request<List<Domain>>('GET', '/api/domains', { token });
    expect(page.body.data?.items).toHaveLength(50);
    expect(page.body.data?.total_count).toBe(51);
    const last = await t.request<List<Domain>>('GET', '/api/domains?skip=50&order=desc', { token });
    expect(last.body.data?.items.map((d) => d.name)).toEqual(['d00.many.test']);
    await t.request('DELETE', '/api/proxy', { token });

    const all = await t.request<List<OperatorDomain>>('GET', '/api/domains/all?search=many+domains', { token });
    expect(all.status).toBe(200);
    expect(all.body.data?.items).toHaveLength(20);
    expect(all.body.data?.total_count).toBe(51);
    expect(all.body.data?.items[0]).toMatchObject({ cid, customer: 'Many Domains Ltd', name: 'd00.many.test' });
  });

  it('answers 401, 403 for non-superadmins on domains/all, and 400 for a malformed query', async () => {
    expect((await t.request('GET', '/api/domains')).status).toBe(401);
    expect((await t.request('GET', '/api/domains/all')).status).toBe(401);
    expect((await t.request('GET', '/api/domains/all', { token: tenant.admin.token })).status).toBe(403);
    const bad = await t.request('GET', '/api/domains?limit=-1&sort=password', { token: tenant.user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['limit', 'sort']);
    expect((await t.request('GET', '/api/domains/all?skip=x', { token: superadmin })).status).toBe(400);
  });
});

describe('GET, PUT and DELETE /api/domains/:id', () => {
  it('S7-049 reads (role user too), updates tracking settings and deletes', async () => {
    const domain = await addDomain(tenant.admin.token, 'crud.example.test');
    const read = await t.request<Domain>('GET', `/api/domains/${domain.did}`, { token: tenant.user.token });
    expect(read.body.data).toMatchObject({ did: domain.did, open_tracking: false, unsubscribe_tracking: true });
    const updated = await t.request<Domain>('PUT', `/api/domains/${domain.did}`, {
      token: tenant.admin.token,
      body: { open_tracking: true, click_tracking: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ did: domain.did, open_tracking: true, click_tracking: true });
    expect(updated.body.data?.dkim_selector).toBe(domain.dkim_selector);
    const removed = await t.request('DELETE', `/api/domains/${domain.did}`, { token: tenant.admin.token });
    expect(removed.body.data).toEqual({ message: 'Domain deleted' });
    const gone = await t.request('GET', `/api/domains/${domain.did}`, { token: tenant.admin.token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Domain not found!');
  });

  it("answers 404 for another customer's domain, 403 for role user writes, 401 and 400", async () => {
    const domain = await addDomain(tenant.admin.token, 'private.example.test');
    const url = `/api/domains/${domain.did}`;
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect((await t.request(method, url, { token: other.admin.token, body: {} })).status, method).toBe(404);
      expect((await t.request(method, url, { body: {} })).status, method).toBe(401);
      expect((await t.request(method, '/api/domains/abc', { token: tenant.admin.token, body: {} })).status).toBe(400);
    }
    for (const method of ['PUT', 'DELETE']) {
      expect((await t.request(method, url, { token: tenant.user.token, body: {} })).status, method).toBe(403);
    }
    const bad = await t.request('PUT', url, { token: tenant.admin.token, body: { open_tracking: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('open_tracking');
    expect((await findDomainForCustomer(t.deps.db, other.cid, domain.did)) ?? null).toBeNull();
  });
});

describe('PUT /api/domains/:id/verify (S4-017, S7-050) against the local DNS server', () => {
  it('verifies when SPF, DKIM and the return-path MX are published; DMARC and tracking are only reported', async () => {
    const domain = await addDomain(tenant.admin.token, 'verify.example.test');
    const url = `/api/domains/${domain.did}/verify`;
    const token = tenant.admin.token;

    const nothing = await t.request<Domain>('PUT', url, { token });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data?.state).toBe('unverified');
    expect(nothing.body.data?.records.map((r) => r.state)).toEqual([
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
    ]);
    expect(nothing.body.data?.checked_at).not.toBeNull();

    publish(domain);
    dns.remove(`_dmarc.${domain.name}`);
    dns.remove(domain.tracking_host);
    dns.remove(domain.name, 'MX');
    const required = await t.request<Domain>('PUT', url, { token });
    expect(required.body.data?.state).toBe('verified');
    expect(required.body.data?.verified_at).not.toBeNull();
    expect(required.body.data?.records.map((r) => [r.kind, r.state])).toEqual([
      ['spf', 'valid'],
      ['dkim', 'valid'],
      ['dmarc', 'missing'],
      ['return_path', 'valid'],
      ['tracking', 'missing'],
      ['receiving', 'missing'],
    ]);
    expect(record(required.body.data, 'dmarc')?.description).toMatch(/not required for sending/);
    expect(record(required.body.data, 'return_path')?.found).toEqual(['mx.mail.test']);

    publish(domain);
    const all = await t.request<Domain>('PUT', url, { token });
    expect(all.body.data?.records.every((r) => r.state === 'valid')).toBe(true);
    const stored = await t.request<Domain>('GET', `/api/domains/${domain.did}`, { token: tenant.user.token });
    expect(stored.body.data?.records.every((r) => r.state === 'valid')).toBe(true);
  });

  it('reports wrong records as invalid with what was found, and then the domain stops sending', async () => {
    const domain = await addDomain(tenant.admin.token, 'wrong.example.test');
    publish(domain);
    const url = `/api/domains/${domain.did}/verify`;
    expect((await t.request<Domain>('PUT', url, { token: tenant.admin.token })).body.data?.state).toBe('verified');

    dns.set(domain.name, 'TXT', ['v=spf1 include:_spf.elsewhere.test ~all', 'google-site-verification=abc']);
    dns.set(domain.bounce_host, 'MX', [{ exchange: 'mx.elsewhere.test', priority: 5 }]);
    dns.set(domain.tracking_host, 'CNAME', ['track.elsewhere.test']);
    const res = await t.request<Domain>('PUT', url, { token: tenant.admin.token });
    expect(res.body.data?.state).toBe('unverified');
    expect(res.body.data?.verified_at).toBeNull();
    expect(record(res.body.data, 'spf')).toMatchObject({
      state: 'invalid',
      found: ['v=spf1 include:_spf.elsewhere.test ~all'],
    });
    expect(record(res.body.data, 'return_path')).toMatchObject({ state: 'invalid', found: ['mx.elsewhere.test'] });
    expect(record(res.body.data, 'tracking')).toMatchObject({ state: 'invalid', found: ['track.elsewhere.test'] });
    expect(record(res.body.data, 'dkim')?.state).toBe('valid');

    dns.set(domain.name, 'TXT', ['v=spf1 include:_spf.mail.test ~all', 'v=spf1 -all']);
    const twoSpf = await t.request<Domain>('PUT', url, { token: tenant.admin.token });
    expect(record(twoSpf.body.data, 'spf')?.state).toBe('invalid');
  });

  it('rotating the DKIM key makes a new selector; the domain is unverified until the new record is verified', async () => {
    const domain = await addDomain(tenant.admin.token, 'rotate.example.test');
    publish(domain);
    const url = `/api/domains/${domain.did}`;
    const token = tenant.admin.token;
    expect((await t.request<Domain>('PUT', `${url}/verify`, { token })).body.data?.state).toBe('verified');

    const rotated = await t.request<Domain>('PUT', url, { token, body: { rotate_dkim: true } });
    expect(rotated.body.data?.dkim_selector).not.toBe(domain.dkim_selector);
    expect(rotated.body.data?.state).toBe('unverified');
    expect(record(rotated.body.data, 'dkim')?.state).toBe('unchecked');
    expect(record(rotated.body.data, 'spf')?.state).toBe('valid');
    expect(record(rotated.body.data, 'dkim')?.value).not.toBe(record(domain, 'dkim')?.value);

    const stale = await t.request<Domain>('PUT', `${url}/verify`, { token });
    expect(record(stale.body.data, 'dkim')?.state).toBe('missing');
    publish(rotated.body.data as Domain);
    expect((await t.request<Domain>('PUT', `${url}/verify`, { token })).body.data?.state).toBe('verified');
  });

  it('answers 401, 403 for role user, 404 for another customer and 400 for a malformed id', async () => {
    const domain = await addDomain(tenant.admin.token, 'verify-access.example.test');
    const url = `/api/domains/${domain.did}/verify`;
    expect((await t.request('PUT', url)).status).toBe(401);
    expect((await t.request('PUT', url, { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('PUT', url, { token: other.admin.token })).status).toBe(404);
    expect((await t.request('PUT', '/api/domains/0/verify', { token: tenant.admin.token })).status).toBe(400);
  });
});
