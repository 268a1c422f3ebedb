import type { SeedTest, SeedTestDetail } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEnv, startMailEnv, type TestDomain } from '../../mail/testing/mail-env.ts';
import { makeTenant, type Tenant } from '../../test/factories.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { insertSeedMailbox } from './seed-mailboxes.repo.ts';

// Route tests for domains/{id}/seedtests (+/{id}, /rerun) and system/seed-mailboxes, on PGlite and PostgreSQL. The
// seed mailbox is written as the feature writes it (an API save needs a working IMAP login: seedtests.dovecot.test.ts).
let env: MailEnv;
let other: Tenant;
let otherDomain: TestDomain;
let operator: string;
let mailboxId: number;

beforeAll(async () => {
  env = await startMailEnv();
  env.routeToSink('seedmail.test');
  other = await makeTenant(env.t);
  otherDomain = await env.addDomain('other-seed.test', { tenant: other });
  operator = await env.t.login('admin', ADMIN_PASSWORD);
  mailboxId = await insertSeedMailbox(
    env.t.deps.db,
    {
      provider: 'Seedmail',
      address: 'seed@seedmail.test',
      imap_host: 'imap.seedmail.test',
      imap_port: 993,
      tls: 'tls',
      username: 'seed',
      active: true,
    },
    'seed-password',
  );
}, 60_000);
afterAll(async () => {
  await env?.close();
}, 60_000);

const base = () => `/api/domains/${env.domain.id}/seedtests`;
const body = { subject: 'Seed subject', html: '<p>Hello</p>' };

describe('S7-052 domains/{id}/seedtests', () => {
  let created: SeedTestDetail;

  it('a user of the domain starts a seed test: one message per seed through the pipeline, its events on seedtest:', async () => {
    const res = await env.t.request<SeedTestDetail & { message: string }>('POST', base(), {
      token: env.tenant.user.token,
      body,
    });
    expect(res.status, res.body.message).toBe(200);
    created = res.body.data as SeedTestDetail;
    expect(res.body.data?.message).toBe('Seed test started!');
    expect(created).toMatchObject({
      status: 'running',
      from: `postmaster@${env.domain.name}`,
      subject: 'Seed subject',
    });
    expect(created.placements).toMatchObject([
      { provider: 'Seedmail', address: 'seed@seedmail.test', placement: 'pending' },
    ]);
    const [delivered] = await env.sink.waitFor(1);
    expect(delivered?.rcptTo).toEqual(['seed@seedmail.test']);
    expect(delivered?.raw.toString()).toMatch(/^X-Mailwright-Seed: [0-9a-f]{24}\r?$/m);
    expect(delivered?.raw.toString()).toMatch(/^DKIM-Signature:/m);
    await expect
      .poll(async () =>
        (
          await env.t.deps.db.query<{ channel: string | null }>(
            "SELECT channel FROM events WHERE recipient = 'seed@seedmail.test' AND event = 'delivered'",
          )
        ).map((e) => e.channel),
      )
      .toEqual(['seedtest']);
  });

  it('lists the domain’s seed tests with counts, and answers one with its placements', async () => {
    const list = await env.t.request<{ items: SeedTest[]; total_count: number }>('GET', base(), {
      token: env.tenant.admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data?.total_count).toBe(1);
    expect(list.body.data?.items[0]).toMatchObject({ id: created.id, counts: { pending: 1, inbox: 0 } });
    const one = await env.t.request<SeedTestDetail>('GET', `${base()}/${created.id}`, { token: env.tenant.user.token });
    expect(one.status).toBe(200);
    expect(one.body.data?.html).toBe('<p>Hello</p>');
  });

  it('a re-run is a new test naming the one it repeats', async () => {
    const res = await env.t.request<SeedTestDetail>('POST', `${base()}/${created.id}/rerun`, {
      token: env.tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.rerun_of).toBe(created.id);
    expect(res.body.data?.id).not.toBe(created.id);
  });

  it('without a session: 401', async () => {
    expect((await env.t.request('GET', base())).status).toBe(401);
    expect((await env.t.request('POST', base(), { body })).status).toBe(401);
    expect((await env.t.request('GET', `${base()}/${created.id}`)).status).toBe(401);
  });

  it("another customer's domain or test: 404, and nothing of it answered", async () => {
    const token = other.admin.token;
    for (const [method, url] of [
      ['GET', base()],
      ['POST', base()],
      ['GET', `${base()}/${created.id}`],
      ['POST', `${base()}/${created.id}/rerun`],
      // Its own domain with A's test id.
      ['GET', `/api/domains/${otherDomain.id}/seedtests/${created.id}`],
      ['POST', `/api/domains/${otherDomain.id}/seedtests/${created.id}/rerun`],
    ] as const) {
      const res = await env.t.request(method, url, { token, ...(method === 'POST' ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Seed subject');
    }
  });

  it('bad input: field errors, never a 500', async () => {
    const token = env.tenant.admin.token;
    const cases: [Record<string, unknown>, string][] = [
      [{ html: '<p>x</p>' }, 'subject'],
      [{ subject: 'No body' }, 'html'],
      [{ ...body, subject: 'two\r\nlines' }, 'subject'],
      [{ ...body, from: 'someone@elsewhere.test' }, 'from'],
      [{ ...body, from: 'not an address' }, 'from'],
      [{ template_id: 999_999 }, 'template_id'],
      [{ template_id: -1 }, 'template_id'],
    ];
    for (const [input, field] of cases) {
      const res = await env.t.request('POST', base(), { token, body: input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    expect((await env.t.request('GET', `${base()}/abc`, { token })).status).toBe(400);
    expect((await env.t.request('GET', `${base()}/2147483647`, { token })).status).toBe(404);
  });

  it('an unverified domain is refused by intake: a 4xx, and no test is left behind', async () => {
    const unverified = await env.addDomain('unverified-seed.test', { verified: false });
    const res = await env.t.request('POST', `/api/domains/${unverified.id}/seedtests`, {
      token: env.tenant.admin.token,
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const left = await env.t.deps.db.query('SELECT id FROM seed_tests WHERE domain_id = $1', [unverified.id]);
    expect(left).toEqual([]);
  });

  it('a template of the domain is sent with its active version', async () => {
    const token = env.tenant.admin.token;
    const template = await env.t.request<{ tmplid: number }>('POST', `/api/templates/${env.domain.id}`, {
      token,
      body: { name: 'seed-tpl', subject: 'From the template', html: '<p>Template body</p>' },
    });
    const res = await env.t.request<SeedTestDetail>('POST', base(), {
      token,
      body: { template_id: template.body.data?.tmplid },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ subject: 'From the template', html: '<p>Template body</p>' });
    expect(res.body.data?.template_id).toBe(template.body.data?.tmplid);
  });
});

describe('system/seed-mailboxes (operators only)', () => {
  it('the seed list is the operators’: customers get 403, anonymous 401', async () => {
    for (const token of [env.tenant.admin.token, env.tenant.user.token]) {
      expect((await env.t.request('GET', '/api/system/seed-mailboxes', { token })).status).toBe(403);
      expect((await env.t.request('DELETE', `/api/system/seed-mailboxes/${mailboxId}`, { token })).status).toBe(403);
    }
    expect((await env.t.request('GET', '/api/system/seed-mailboxes')).status).toBe(401);
  });

  it('operators list it without passwords', async () => {
    const res = await env.t.request<{ items: Record<string, unknown>[] }>('GET', '/api/system/seed-mailboxes', {
      token: operator,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.items[0]).toMatchObject({ provider: 'Seedmail', address: 'seed@seedmail.test' });
    expect(JSON.stringify(res.body)).not.toContain('seed-password');
  });

  it('a private or loopback IMAP host is refused unless SEED_ALLOW_PRIVATE is set', async () => {
    for (const host of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '[::1]']) {
      const res = await env.t.request('POST', '/api/system/seed-mailboxes', {
        token: operator,
        body: { provider: 'X', address: 'x@x.test', imap_host: host, username: 'x', password: 'y' },
      });
      expect(res.status, host).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ field: 'imap_host' });
      expect(res.body.errors?.[0]?.message).toMatch(/not a public address/);
    }
  });

  it('bad input: field errors', async () => {
    const good = { provider: 'X', address: 'x@x.test', imap_host: 'imap.x.test', username: 'x', password: 'y' };
    for (const [input, field] of [
      [{ ...good, address: 'nope' }, 'address'],
      [{ ...good, imap_host: 'imap.x.test/evil' }, 'imap_host'],
      [{ ...good, imap_port: 70000 }, 'imap_port'],
      [{ ...good, tls: 'ssl3' }, 'tls'],
      [{ ...good, password: '' }, 'password'],
      [{ ...good, provider: 'a\nb' }, 'provider'],
    ] as const) {
      const res = await env.t.request('POST', '/api/system/seed-mailboxes', { token: operator, body: input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    expect(
      (await env.t.request('PUT', '/api/system/seed-mailboxes/999999', { token: operator, body: {} })).status,
    ).toBe(404);
  });

  it('removing a mailbox keeps past results (provider and address were copied)', async () => {
    const res = await env.t.request('DELETE', `/api/system/seed-mailboxes/${mailboxId}`, { token: operator });
    expect(res.status).toBe(200);
    const placements = await env.t.deps.db.query<{ provider: string; mailbox_id: number | null }>(
      'SELECT provider, mailbox_id FROM seed_placements',
    );
    expect(placements.length).toBeGreaterThan(0);
    expect(placements.every((p) => p.provider === 'Seedmail' && p.mailbox_id === null)).toBe(true);
    const start = await env.t.request('POST', base(), { token: env.tenant.admin.token, body });
    expect(start.status).toBe(400);
    expect(start.body.message).toMatch(/seed list is empty/);
  });
});
