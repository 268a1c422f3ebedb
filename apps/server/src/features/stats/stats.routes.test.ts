import {
  ACTIONS,
  type AggregateEntry,
  type GlobalStats,
  type RawStatsEntry,
  type StatsGraph,
} from '@mailwright/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { drainConsumer } from '../../events/consumer-runner.ts';
import { rollupsConsumer } from '../../events/rollups.consumer.ts';
import { insertEvents, makeTestDomain, type TestEvent } from '../../events/testing.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let secondDid: number;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  secondDid = (await makeTestDomain(t.deps.db, tenant.cid)).did;
  const mine = (event: string, createdAt: string, extra: Partial<TestEvent> = {}): TestEvent => ({
    customerId: tenant.cid,
    domainId: domain.did,
    event,
    createdAt: at(createdAt),
    ...extra,
  });
  const events: TestEvent[] = [
    ...Array.from({ length: 4 }, () => mine('accepted', '2026-03-02T10:05:00Z', { tags: ['welcome'] })),
    ...Array.from({ length: 3 }, () => mine('delivered', '2026-03-02T10:15:00Z', { tags: ['welcome'] })),
    mine('hardbounce', '2026-03-02T11:00:00Z', { category: 'bad-mailbox', tags: ['welcome', 'march'] }),
    mine('softbounce', '2026-03-03T00:30:00Z', { category: 'quota-issues' }),
    mine('opened', '2026-03-03T05:00:00Z'),
    mine('opened', '2026-03-03T05:01:00Z', { bot: true }),
    mine('clicked', '2026-03-04T23:59:59Z', { bot: true }),
    mine('delivered', '2026-03-03T08:00:00Z', { channel: 'seedtest:' }),
    // A year back (monthly view) and the other domain of the same customer.
    mine('delivered', '2025-04-15T12:00:00Z'),
    { ...mine('delivered', '2026-03-02T12:00:00Z'), domainId: secondDid },
    // Another customer's traffic never shows in this customer's numbers.
    { customerId: other.cid, domainId: otherDomain.did, event: 'delivered', createdAt: at('2026-03-02T10:15:00Z') },
  ];
  await insertEvents(t.deps.db, events);
  await drainConsumer(t.deps.db, rollupsConsumer, 5);
});

const get = <T>(url: string, token = tenant.user.token) => t.request<T>('GET', url, { token });
const series = (graph: StatsGraph | undefined, name: string) => graph?.series.find((s) => s.name === name)?.data;
const sum = (data: number[] | undefined) => (data ?? []).reduce((a, b) => a + b, 0);

describe('GET /api/stats/:domain (S3-050..053, S7-077..079, S9-030..036)', () => {
  it('defaults to a graph of the last month with a series per action (S9-030, S4-047)', async () => {
    const res = await get<StatsGraph>(`/api/stats/${domain.did}`);
    expect(res.status).toBe(200);
    expect(res.body.data?.range.level).toBe('daily');
    expect(res.body.data?.series.map((s) => s.name)).toEqual([...ACTIONS]);
    expect(res.body.data?.categories.length).toBe(res.body.data?.series[0]?.data.length);
  });

  it('under 4 days is hourly, with counts in the right hour', async () => {
    const res = await get<StatsGraph>(`/api/stats/${domain.did}?from=2026-03-02T00:00:00Z&to=2026-03-05T00:00:00Z`);
    const graph = res.body.data;
    expect(graph?.range).toEqual({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-05T00:00:00.000Z', level: 'hourly' });
    expect(graph?.categories).toHaveLength(72);
    expect(graph?.categories[10]).toBe('2026-03-02T10:00:00.000Z');
    expect(series(graph, 'accepted')?.[10]).toBe(4);
    expect(series(graph, 'delivered')?.[10]).toBe(3);
    expect(series(graph, 'hardbounce')?.[11]).toBe(1);
    expect(series(graph, 'opened')?.[29]).toBe(2);
    expect(series(graph, 'clicked')?.[71]).toBe(1);
    // The seed-test channel is its own series, never mixed into delivered.
    expect(sum(series(graph, 'delivered'))).toBe(3);
    expect(sum(series(graph, 'seedtest:delivered'))).toBe(1);
  });

  it('under 45 days is daily with the end extended 2 days', async () => {
    const res = await get<StatsGraph>(`/api/stats/${domain.did}?from=2026-03-01T00:00:00Z&to=2026-03-11T00:00:00Z`);
    const graph = res.body.data;
    expect(graph?.range).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-13T00:00:00.000Z', level: 'daily' });
    expect(graph?.categories).toHaveLength(12);
    expect(series(graph, 'delivered')?.slice(0, 4)).toEqual([0, 3, 0, 0]);
    expect(series(graph, 'opened')?.[2]).toBe(2);
  });

  it('under 365 days is weekly (start -2 weeks, end +1 week), in Monday weeks', async () => {
    const res = await get<StatsGraph>(`/api/stats/${domain.did}?from=2026-01-01T00:00:00Z&to=2026-03-31T00:00:00Z`);
    const graph = res.body.data;
    expect(graph?.range).toEqual({ from: '2025-12-18T00:00:00.000Z', to: '2026-04-07T00:00:00.000Z', level: 'weekly' });
    expect(graph?.categories[0]).toBe('2025-12-15T00:00:00.000Z');
    expect(graph?.categories.every((c) => new Date(c).getUTCDay() === 1)).toBe(true);
    const week = graph?.categories.indexOf('2026-03-02T00:00:00.000Z') as number;
    expect(series(graph, 'delivered')?.[week]).toBe(3);
    expect(sum(series(graph, 'accepted'))).toBe(4);
  });

  it('a year or more is monthly (start -2 months, end +1 month)', async () => {
    const res = await get<StatsGraph>(`/api/stats/${domain.did}?from=2025-03-01T00:00:00Z&to=2026-03-31T00:00:00Z`);
    const graph = res.body.data;
    expect(graph?.range.level).toBe('monthly');
    expect(graph?.categories[0]).toBe('2025-01-01T00:00:00.000Z');
    expect(graph?.categories.at(-1)).toBe('2026-04-01T00:00:00.000Z');
    expect(series(graph, 'delivered')?.[3]).toBe(1);
    expect(series(graph, 'delivered')?.[14]).toBe(3);
  });

  it('leaves machine opens and clicks out with bot=false (S9-031: included by default)', async () => {
    const range = 'from=2026-03-02T00:00:00Z&to=2026-03-05T00:00:00Z';
    const withBots = await get<AggregateEntry[]>(`/api/stats/${domain.did}?${range}&format=aggregate`);
    const without = await get<AggregateEntry[]>(`/api/stats/${domain.did}?${range}&format=aggregate&bot=false`);
    const value = (entries: AggregateEntry[] | undefined, name: string) =>
      entries?.find((e) => e.category === name)?.value;
    expect(value(withBots.body.data, 'opened')).toBe(2);
    expect(value(without.body.data, 'opened')).toBe(1);
    expect(value(without.body.data, 'clicked')).toBe(0);
    expect(value(without.body.data, 'delivered')).toBe(3);
  });

  it('data=dsn has the bounce actions and a series per bounce category', async () => {
    const res = await get<StatsGraph>(
      `/api/stats/${domain.did}?data=dsn&from=2026-03-01T00:00:00Z&to=2026-03-11T00:00:00Z`,
    );
    const names = res.body.data?.series.map((s) => s.name) ?? [];
    expect(names.slice(0, 4)).toEqual(['hardbounce', 'softbounce', 'delivered', 'rejected']);
    expect(names).toContain('invalid-mailbox');
    expect(sum(series(res.body.data, 'bad-mailbox'))).toBe(1);
    expect(sum(series(res.body.data, 'quota-issues'))).toBe(1);
    expect(sum(series(res.body.data, 'hardbounce'))).toBe(1);
  });

  it('data=tag has a series per tag for the action (default accepted, S9-032), raw entries carry the tag', async () => {
    const range = 'from=2026-03-01T00:00:00Z&to=2026-03-11T00:00:00Z';
    const accepted = await get<StatsGraph>(`/api/stats/${domain.did}?data=tag&${range}`);
    expect(accepted.body.data?.series.map((s) => [s.name, sum(s.data)])).toEqual([['welcome', 4]]);
    const bounced = await get<AggregateEntry[]>(
      `/api/stats/${domain.did}?data=tag&action=hardbounce&format=aggregate&${range}`,
    );
    expect(bounced.body.data).toEqual(
      expect.arrayContaining([
        { category: 'welcome', value: 1 },
        { category: 'march', value: 1 },
      ]),
    );
    const raw = await get<RawStatsEntry[]>(`/api/stats/${domain.did}?data=tag&format=raw&action=delivered&${range}`);
    expect(raw.body.data).toEqual([
      { date: '2026-03-02T00:00:00.000Z', action: 'delivered', tag: 'welcome', count: 3 },
    ]);
    const oneTag = await get<AggregateEntry[]>(`/api/stats/${domain.did}?data=tag&tag=march&format=aggregate&${range}`);
    expect(oneTag.body.data?.filter((e) => e.value > 0)).toEqual([{ category: 'hardbounce', value: 1 }]);
  });

  it('answers 401 without a session, 404 for another customer’s domain, 400 for malformed options', async () => {
    expect((await t.request('GET', `/api/stats/${domain.did}`)).status).toBe(401);
    const foreign = await get(`/api/stats/${otherDomain.did}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Domain not found!');
    for (const query of ['format=pie', 'data=ip', 'action=bogus', 'bot=maybe', 'from=yesterday']) {
      const res = await get(`/api/stats/${domain.did}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe('Various errors');
    }
    const backwards = await get(`/api/stats/${domain.did}?from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z`);
    expect(backwards.body.errors).toEqual([{ field: 'to', message: 'The end must be after the start' }]);
    expect((await get('/api/stats/abc')).status).toBe(400);
  });
});

describe('GET /api/stats (customer, S7-081) and /api/stats/global (S3-054, S7-082)', () => {
  const range = 'from=2026-03-01T00:00:00Z&to=2026-03-11T00:00:00Z';

  it('sums every domain of the acting customer, sorted as asked', async () => {
    const res = await get<AggregateEntry[]>(
      `/api/stats?format=aggregate&sort=value&order=desc&${range}`,
      tenant.admin.token,
    );
    expect(res.status).toBe(200);
    // 3 on the first domain and 1 on the second.
    expect(res.body.data?.find((e) => e.category === 'delivered')).toEqual({ category: 'delivered', value: 4 });
    const values = res.body.data?.map((e) => e.value) ?? [];
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('is for admins: a user gets 403, no session 401, bad sort 400', async () => {
    expect((await get('/api/stats')).status).toBe(403);
    expect((await t.request('GET', '/api/stats')).status).toBe(401);
    expect((await get('/api/stats?sort=size', tenant.admin.token)).status).toBe(400);
  });

  it('global statistics list each customer with its totals, for superadmins only', async () => {
    const superToken = await t.login('admin', ADMIN_PASSWORD);
    const res = await get<GlobalStats>(`/api/stats/global?${range}`, superToken);
    expect(res.status).toBe(200);
    const mine = res.body.data?.global_stats.find((g) => g.cid === tenant.cid);
    expect(mine?.data).toEqual(expect.arrayContaining([{ category: 'delivered', value: 4 }]));
    expect(res.body.data?.global_stats.find((g) => g.cid === other.cid)?.data).toEqual([
      { category: 'delivered', value: 1 },
    ]);
    expect((await get('/api/stats/global', tenant.admin.token)).status).toBe(403);
    expect((await get('/api/stats/global?to=soon', superToken)).status).toBe(400);
  });
});

describe('statistics agree with the raw events they were rolled up from', () => {
  it('per action, domain and range', async () => {
    const res = await get<AggregateEntry[]>(
      `/api/stats/${domain.did}?format=aggregate&from=2025-01-01T00:00:00Z&to=2026-12-31T00:00:00Z`,
    );
    const raw = await t.deps.db.query<{ event: string; n: number }>(
      `SELECT CASE WHEN channel IS NULL THEN event ELSE rtrim(channel, ':') || ':' || event END AS event, count(*)::int AS n
         FROM events WHERE domain_id = $1 GROUP BY 1`,
      [domain.did],
    );
    for (const row of raw) expect(res.body.data?.find((e) => e.category === row.event)?.value, row.event).toBe(row.n);
    const total = res.body.data?.reduce((a, e) => a + e.value, 0);
    expect(total).toBe(raw.reduce((a, r) => a + r.n, 0));
  });
});
