import type { DashboardDomain, DashboardMessage } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { storeAcceptedMessages } from '../../mail/intake/intake.repo.ts';
import { makeTenant } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';

const t = useTestApp();
const { tenant, other } = useTenants(t);

/** Stored straight through the intake writer (no delivery here): recipients stay queued. */
async function storeMessage(cid: number, did: number, subject: string, recipients: string[]) {
  const [id] = await storeAcceptedMessages(t.deps.db, [
    {
      customerId: cid,
      domainId: did,
      messageIdHeader: `${subject}@example.com`,
      from: 'app@example.com',
      subject,
      tags: [],
      variables: null,
      testmode: false,
      source: 'api',
      raw: Buffer.from(`Subject: ${subject}\r\n\r\nHello\r\n`),
      recipients: recipients.map((address) => ({ address, domain: address.split('@')[1] as string })),
      deliverAt: null,
      expiresAt: new Date(Date.now() + 3600_000),
    },
  ]);
  return id as number;
}

describe('GET /api/customers/dashboard/messages', () => {
  it("lists the customer's latest messages with recipient states, newest first", async () => {
    const domain = await makeTestDomain(t.deps.db, tenant.cid);
    const first = await storeMessage(tenant.cid, domain.did, 'first', ['a@x.test', 'b@x.test']);
    const second = await storeMessage(tenant.cid, domain.did, 'second', ['c@x.test']);
    await t.deps.db.query("UPDATE message_recipients SET state = 'delivered' WHERE recipient = 'a@x.test'");
    const otherDomain = await makeTestDomain(t.deps.db, other.cid);
    await storeMessage(other.cid, otherDomain.did, 'foreign', ['z@x.test']);

    const res = await t.request<{ items: DashboardMessage[]; total_count: number }>(
      'GET',
      '/api/customers/dashboard/messages',
      {
        token: tenant.user.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.items.map((m) => m.id)).toEqual([second, first]);
    expect(res.body.data?.items[1]).toMatchObject({
      did: domain.did,
      domain: domain.name,
      subject: 'first',
      recipients: 2,
      delivered: 1,
      queued: 1,
    });
    const limited = await t.request<{ items: DashboardMessage[] }>('GET', '/api/customers/dashboard/messages?limit=1', {
      token: tenant.admin.token,
    });
    expect(limited.body.data?.items).toHaveLength(1);
  });

  it('answers 401 without a session and 400 for a bad limit', async () => {
    expect((await t.request('GET', '/api/customers/dashboard/messages')).status).toBe(401);
    const bad = await t.request('GET', '/api/customers/dashboard/messages?limit=500', { token: tenant.user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('limit');
  });
});

describe('GET /api/customers/dashboard/domains', () => {
  it('lists up to 9 domains, busiest first, with 30-day counts from the rollups; total_count counts all', async () => {
    const fresh = await makeTenant(t);
    const domains = [];
    for (let i = 0; i < 11; i++) domains.push(await makeTestDomain(t.deps.db, fresh.cid, `d${i}.dash.test`));
    const busy = domains[7]!;
    await t.deps.db.query(
      `INSERT INTO stats_daily (customer_id, domain_id, tag, bucket, event, category, bot, count)
       VALUES ($1, $2, '', date_trunc('day', now()), 'accepted', '', false, 40),
              ($1, $2, '', date_trunc('day', now()), 'delivered', '', false, 38),
              ($1, $2, '', date_trunc('day', now()) - interval '1 day', 'hardbounce', 'bad-mailbox', false, 2),
              ($1, $2, 'welcome', date_trunc('day', now()), 'accepted', '', false, 40),
              ($1, $2, '', now() - interval '90 days', 'accepted', '', false, 1000)`,
      [fresh.cid, busy.did],
    );
    const res = await t.request<{ items: DashboardDomain[]; total_count: number }>(
      'GET',
      '/api/customers/dashboard/domains',
      {
        token: fresh.user.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.total_count).toBe(11);
    expect(res.body.data?.items).toHaveLength(9);
    expect(res.body.data?.items[0]).toMatchObject({ did: busy.did, name: 'd7.dash.test' });
    expect(res.body.data?.items[0]?.counts).toMatchObject({ accepted: 40, delivered: 38, hardbounce: 2, opened: 0 });
    expect(res.body.data?.items[1]?.counts.accepted).toBe(0);
  });

  it("shows only the acting customer's domains, and answers 401 without a session", async () => {
    const res = await t.request<{ items: DashboardDomain[] }>('GET', '/api/customers/dashboard/domains', {
      token: other.admin.token,
    });
    expect(res.body.data?.items.every((d) => !d.name.endsWith('.dash.test'))).toBe(true);
    expect((await t.request('GET', '/api/customers/dashboard/domains')).status).toBe(401);
  });
});
