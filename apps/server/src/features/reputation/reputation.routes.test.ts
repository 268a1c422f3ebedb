import type { DomainReputation, IpReputation } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../test/local-dns.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

let dns: LocalDns;
beforeAll(async () => {
  dns = await startLocalDns();
});
afterAll(async () => {
  await dns?.stop();
});
const t = useTestApp(() => ({ dnsServers: dns.servers }));
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let operator = '';
beforeAll(async () => {
  operator = await t.login('admin', ADMIN_PASSWORD);
});

describe('S7-100 GET /api/reputation/ip and /api/reputation/ips', () => {
  it('answers an IP without history with empty lists and the 30-day period (S9-040)', async () => {
    const res = await t.request<IpReputation>('GET', '/api/reputation/ip?ip=203.0.113.9', { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ip: '203.0.113.9', reputations: [], blocklists: [], blocklist_history: [] });
    expect(res.body.data?.from).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
  });

  it('IPv6 addresses are read in their canonical form', async () => {
    const res = await t.request<IpReputation>('GET', '/api/reputation/ip?ip=2001:DB8:0:0::1', { token: operator });
    expect(res.status).toBe(200);
    expect(res.body.data?.ip).toBe('2001:db8::1');
  });

  it('401 without a session; 403 for customers (S6-013: operators only)', async () => {
    for (const url of ['/api/reputation/ip?ip=203.0.113.9', '/api/reputation/ips']) {
      expect((await t.request('GET', url)).status).toBe(401);
      expect((await t.request('GET', url, { token: tenant.admin.token })).status).toBe(403);
      expect((await t.request('GET', url, { token: tenant.user.token })).status).toBe(403);
    }
    const put = await t.request('PUT', '/api/reputation/snds-key', { token: tenant.admin.token, body: { key: '' } });
    expect(put.status).toBe(403);
  });

  it('400 for a missing or bad address, a period out of 1..365, a key that is no GUID', async () => {
    for (const query of [
      '',
      '?ip=abc',
      '?ip=1.2.3',
      '?ip=999.1.1.1',
      '?ip=203.0.113.9&period=0',
      '?ip=203.0.113.9&period=366',
      '?ip=203.0.113.9&period=x',
    ]) {
      const res = await t.request('GET', `/api/reputation/ip${query}`, { token: operator });
      expect(res.status, query).toBe(400);
    }
    const put = await t.request('PUT', '/api/reputation/snds-key', { token: operator, body: { key: 'not a key!' } });
    expect(put.status).toBe(400);
  });
});

describe('S7-101 GET /api/reputation/domain/{domain}', () => {
  const url = (did: number | string, query = '') => `/api/reputation/domain/${did}${query}`;

  beforeAll(async () => {
    // Four days of traffic: 1000 accepted a day; hard bounces 1% then 3% (warn at 2%), complaints 0.2% (warn at 0.1%).
    for (const [ago, accepted, hard, delivered, complained] of [
      [3, 1000, 10, 990, 0],
      [2, 1000, 30, 970, 2],
      [1, 1000, 10, 990, 2],
    ] as const) {
      for (const [event, count] of [
        ['accepted', accepted],
        ['hardbounce', hard],
        ['delivered', delivered],
        ['complained', complained],
      ] as const) {
        await t.deps.db.query(
          `INSERT INTO stats_daily (customer_id, domain_id, tag, bucket, event, category, bot, count)
           VALUES ($1, $2, '', date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => $3), $4, '', false, $5)`,
          [tenant.cid, domain.did, ago, event, count],
        );
      }
    }
    await t.deps.db.query(`UPDATE domains SET records = $2 WHERE id = $1`, [
      domain.did,
      JSON.stringify({
        spf: {
          host: domain.name,
          value: 'v=spf1',
          state: 'valid',
          found: [],
          error: null,
          checked_at: '2026-01-01T00:00:00.000Z',
        },
        dkim: {
          host: `mw1._domainkey.${domain.name}`,
          value: 'k',
          state: 'valid',
          found: [],
          error: null,
          checked_at: '2026-01-01T00:00:00.000Z',
        },
        dmarc: {
          host: `_dmarc.${domain.name}`,
          value: 'v=DMARC1',
          state: 'missing',
          found: [],
          error: null,
          checked_at: '2026-01-01T00:00:00.000Z',
        },
      }),
    ]);
    dns.set(`${domain.name}.dbl.spamhaus.org`, 'A', ['127.0.1.2']);
  });

  it("the owning customer's user reads blocklists, daily rates with alarm levels and SPF/DKIM/DMARC", async () => {
    const res = await t.request<DomainReputation>('GET', url(domain.did, '?period=7'), { token: tenant.user.token });
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data.name).toBe(domain.name);
    expect(data.blocklists).toEqual([
      { zone: 'dbl.spamhaus.org', listed: true, codes: ['127.0.1.2'], since: null, error: null },
    ]);
    expect(data.rates).toHaveLength(7);
    const busiest = data.rates.find((r) => r.bounced === 30);
    expect(busiest).toMatchObject({ accepted: 1000, bounce_rate: 3, complained: 2, complaint_rate: 0.206 });
    // 50 of 3000 = 1.67% bounces (ok, under 2%); 4 of 2950 = 0.136% complaints (warn, 0.1% and up).
    expect(data.totals).toEqual({
      bounce_rate: 1.67,
      complaint_rate: 0.136,
      bounce_level: 'ok',
      complaint_level: 'warn',
    });
    expect(data.auth).toEqual([
      { kind: 'spf', state: 'valid', checked_at: '2026-01-01T00:00:00.000Z' },
      { kind: 'dkim', state: 'valid', checked_at: '2026-01-01T00:00:00.000Z' },
      { kind: 'dmarc', state: 'missing', checked_at: '2026-01-01T00:00:00.000Z' },
    ]);
    // A DBL listing is critical (reference 5.6).
    expect(data.level).toBe('critical');
  });

  it('an unlisted domain without traffic: nothing alarms, rates are unknown', async () => {
    const res = await t.request<DomainReputation>('GET', url(otherDomain.did), { token: other.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data?.rates).toHaveLength(30);
    expect(res.body.data?.blocklists[0]).toMatchObject({ listed: false, error: null });
    expect(res.body.data?.totals).toMatchObject({ bounce_level: 'unknown', complaint_level: 'unknown' });
    expect(res.body.data?.level).toBe('ok');
  });

  it("401 without a session; 404 for another customer's domain (operators at home included) or none", async () => {
    expect((await t.request('GET', url(domain.did))).status).toBe(401);
    expect((await t.request('GET', url(domain.did), { token: other.admin.token })).status).toBe(404);
    expect((await t.request('GET', url(domain.did), { token: operator })).status).toBe(404);
    expect((await t.request('GET', url(2_000_000_000), { token: tenant.admin.token })).status).toBe(404);
  });

  it('an operator acting as the customer (proxy) reads it', async () => {
    const proxied = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.request('PUT', `/api/proxy/${tenant.cid}`, { token: proxied })).status).toBe(200);
    expect((await t.request('GET', url(domain.did), { token: proxied })).status).toBe(200);
  });

  it('400 for a domain id that is no id, or a bad period', async () => {
    for (const bad of [url('abc'), url(0), url(-1), url(domain.did, '?period=0'), url(domain.did, '?period=999')]) {
      expect((await t.request('GET', bad, { token: tenant.admin.token })).status, bad).toBe(400);
    }
  });
});
