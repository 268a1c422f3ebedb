import type { AllowlistEntry, UriAllowEntry } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../../events/testing.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { suppressionsConsumer } from '../suppressions/suppressions.consumer.ts';
import { consumeEverything } from '../suppressions/testing.ts';

type List<T> = { items: T[]; total_count: number };

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });
let superadmin: string;

beforeAll(async () => {
  superadmin = await t.login('admin', ADMIN_PASSWORD);
});

describe('S7-066 S7-067 S3-017 recipient allow-list: whitelists/{domain}', () => {
  const base = () => `/api/whitelists/${domain.did}`;

  it('adds addresses and domains, updates a note by adding again, checks, lists and deletes', async () => {
    const token = tenant.user.token;
    const added = await t.request<AllowlistEntry>('POST', base(), {
      token,
      body: { recipient: 'VIP@Example.com', note: 'our CEO' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ recipient: 'vip@example.com', note: 'our CEO' });
    const updated = await t.request<AllowlistEntry>('POST', base(), {
      token,
      body: { recipient: 'vip@example.com', note: 'the CEO' },
    });
    expect(updated.body.data).toMatchObject({ id: added.body.data?.id, note: 'the CEO' });
    await t.request('POST', base(), { token, body: { recipient: 'partner.example', note: 'everyone there' } });

    const listed = await t.request<List<AllowlistEntry>>('GET', base(), { token });
    expect(listed.body.data?.total_count).toBe(2);
    expect(listed.body.data?.items.map((e) => [e.recipient, e.note])).toEqual([
      ['partner.example', 'everyone there'],
      ['vip@example.com', 'the CEO'],
    ]);

    const check = (recipient: string) =>
      t.request<{ allowed: boolean; entry: AllowlistEntry | null }>('GET', `${base()}/check/${recipient}`, { token });
    expect((await check('VIP@example.com')).body.data).toMatchObject({
      allowed: true,
      entry: { recipient: 'vip@example.com' },
    });
    expect((await check('anyone@partner.example')).body.data).toMatchObject({
      allowed: true,
      entry: { recipient: 'partner.example' },
    });
    expect((await check('nobody@example.com')).body.data).toEqual({
      recipient: 'nobody@example.com',
      allowed: false,
      entry: null,
    });

    expect((await t.request('DELETE', base(), { token, body: { recipient: 'partner.example' } })).status).toBe(200);
    expect((await t.request('DELETE', `${base()}?id=${added.body.data?.id}`, { token })).status).toBe(200);
    const again = await t.request('DELETE', base(), { token, body: { recipient: 'partner.example' } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Allow-list entry not found!');
    expect((await t.request<List<AllowlistEntry>>('GET', base(), { token })).body.data?.total_count).toBe(0);
  });

  // The consumer may wait for other databases' transactions on a shared PostgreSQL server: a generous timeout.
  it('an allow-listed recipient is never suppressed automatically; manual entries still apply', {
    timeout: 120_000,
  }, async () => {
    const token = tenant.user.token;
    await t.request('POST', base(), { token, body: { recipient: 'keep@example.com' } });
    await t.request('POST', base(), { token, body: { recipient: 'kept.example' } });
    await consumeEverything(t.deps.db, suppressionsConsumer);
    const event = { customerId: tenant.cid, domainId: domain.did };
    await insertEvents(t.deps.db, [
      { ...event, event: 'hardbounce', recipient: 'keep@example.com', category: 'bad-mailbox' },
      { ...event, event: 'complained', recipient: 'someone@kept.example' },
      { ...event, event: 'hardbounce', recipient: 'drop@example.com', category: 'bad-mailbox' },
    ]);
    await consumeEverything(t.deps.db, suppressionsConsumer);
    const rows = await t.deps.db.query<{ recipient: string }>(
      'SELECT recipient FROM suppressions WHERE domain_id = $1 ORDER BY recipient',
      [domain.did],
    );
    expect(rows.map((r) => r.recipient)).toEqual(['drop@example.com']);
    const manual = await t.request('POST', `/api/suppressions/${domain.did}/block`, {
      token,
      body: { recipient: 'keep@example.com' },
    });
    expect(manual.status).toBe(200);
  });

  it('answers 401, 404 for another customer and 400 for bad input', async () => {
    const token = tenant.user.token;
    expect((await t.request('GET', base())).status).toBe(401);
    expect((await t.request('POST', base(), { body: { recipient: 'a@example.com' } })).status).toBe(401);
    expect((await t.request('GET', `/api/whitelists/${otherDomain.did}`, { token })).status).toBe(404);
    expect(
      (await t.request('POST', `/api/whitelists/${otherDomain.did}`, { token, body: { recipient: 'a@example.com' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/api/whitelists/${otherDomain.did}`, { token, body: { recipient: 'a@example.com' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/api/whitelists/${otherDomain.did}/check/a@example.com`, { token })).status).toBe(
      404,
    );

    const bad = await t.request('POST', base(), { token, body: { recipient: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'recipient', message: 'Enter an email address, or a domain name for every address at it' },
    ]);
    expect(
      (await t.request('POST', base(), { token, body: { recipient: 'a@example.com', note: 'x'.repeat(501) } })).status,
    ).toBe(400);
    expect((await t.request('DELETE', base(), { token })).status).toBe(400);
    expect((await t.request('GET', `${base()}/check/@@`, { token })).status).toBe(400);
  });
});

describe('S3-018 S6-009 URI allow-list: whitelists/uris', () => {
  const base = '/api/whitelists/uris';

  it('admins add (host kept from a URL), update (same upid) and delete entries with the spec texts', async () => {
    const token = tenant.admin.token;
    const created = await t.request<UriAllowEntry & { message: string }>('POST', base, {
      token,
      body: { uri: 'https://Links.Partner.example/track?x=1', note: 'our tracker' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      uri: 'links.partner.example',
      note: 'our tracker',
      message: 'URI saved!',
    });
    const upid = created.body.data?.upid;
    const dup = await t.request('POST', base, { token, body: { uri: 'links.partner.example' } });
    expect(dup.status).toBe(409);
    const updated = await t.request<UriAllowEntry & { message: string }>('PUT', `${base}/${upid}`, {
      token,
      body: { uri: 'partner.example', note: 'all of it' },
    });
    expect(updated.body.data).toMatchObject({ upid, uri: 'partner.example', message: 'URI saved!' });
    const listed = await t.request<List<UriAllowEntry>>('GET', base, { token });
    expect(listed.body.data?.items.map((e) => e.uri)).toEqual(['partner.example']);
    // Another customer has its own list.
    const theirs = await t.request<List<UriAllowEntry>>('GET', base, { token: other.admin.token });
    expect(theirs.body.data?.total_count).toBe(0);
    expect(
      (await t.request('PUT', `${base}/${upid}`, { token: other.admin.token, body: { uri: 'x.example' } })).status,
    ).toBe(404);
    expect((await t.request('DELETE', `${base}/${upid}`, { token: other.admin.token })).status).toBe(404);

    const removed = await t.request('DELETE', `${base}/${upid}`, { token });
    expect(removed.body.data).toEqual({ message: 'URI deleted!' });
    const missing = await t.request('DELETE', `${base}/${upid}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('URI not found!');
  });

  it('answers 401, 403 for role user and 400 for a bad URI; superadmins may use it', async () => {
    expect((await t.request('GET', base)).status).toBe(401);
    expect((await t.request('GET', base, { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('POST', base, { token: tenant.user.token, body: { uri: 'a.example' } })).status).toBe(403);
    const bad = await t.request('POST', base, { token: tenant.admin.token, body: { uri: 'not a host' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'uri', message: 'Enter a domain name or a URL, such as example.com' }]);
    expect(
      (await t.request('PUT', `${base}/abc`, { token: tenant.admin.token, body: { uri: 'a.example' } })).status,
    ).toBe(400);
    expect((await t.request('GET', base, { token: superadmin })).status).toBe(200);
  });
});
