import type { UriBlockEntry } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { IntakeError } from '../../mail/intake/intake-error.ts';
import { composeMessage } from '../../mail/message/compose.ts';
import { extractLinks, findBlockedUri, forgetCachedUriLists, refuseBlockedLinks } from '../../mail/policy/uri-check.ts';
import { makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

type List<T> = { items: T[]; total_count: number };
type Saved<T> = T & { message: string };

const t = useTestApp();
let master: string;
let mta: string;
let tenant: Tenant;
const base = '/api/system/uribl';

beforeAll(async () => {
  ({ master, mta } = await makeOperators(t));
  tenant = await makeTenant(t);
});

describe('S7-108 S3-019 S4-029 S8-044..046 URI blocklist: system/uribl', () => {
  it('creates, reads, updates (same ubid), toggles and deletes entries with the spec texts', async () => {
    const created = await t.request<Saved<UriBlockEntry>>('POST', base, {
      token: master,
      body: { uri: 'http://Phish.Example/login', note: 'phishing kit' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      uri: 'phish.example',
      note: 'phishing kit',
      enabled: true,
      message: 'URI saved!',
    });
    const ubid = created.body.data?.ubid as number;
    expect((await t.request<UriBlockEntry>('GET', `${base}/${ubid}`, { token: master })).body.data?.uri).toBe(
      'phish.example',
    );
    expect((await t.request('POST', base, { token: master, body: { uri: 'phish.example' } })).status).toBe(409);

    const updated = await t.request<Saved<UriBlockEntry>>('PUT', `${base}/${ubid}`, {
      token: mta,
      body: { uri: 'phish.example', note: 'kit v2', enabled: true },
    });
    expect(updated.body.data).toMatchObject({ ubid, note: 'kit v2', message: 'URI saved!' });
    const off = await t.request<Saved<UriBlockEntry>>('PUT', `${base}/${ubid}/toggle`, { token: master, body: {} });
    expect(off.body.data).toMatchObject({ ubid, enabled: false, message: 'URI enabled/disabled!' });
    const on = await t.request<Saved<UriBlockEntry>>('PUT', `${base}/${ubid}/toggle`, {
      token: master,
      body: { enabled: true },
    });
    expect(on.body.data?.enabled).toBe(true);

    await t.request('POST', base, { token: master, body: { uri: 'spam.example', enabled: false } });
    const all = await t.request<List<UriBlockEntry>>('GET', base, { token: master });
    expect(all.body.data?.items.map((e) => [e.uri, e.enabled])).toEqual([
      ['phish.example', true],
      ['spam.example', false],
    ]);
    const enabled = await t.request<List<UriBlockEntry>>('GET', `${base}?enabled=true`, { token: master });
    expect(enabled.body.data).toMatchObject({ total_count: 1, items: [{ uri: 'phish.example' }] });
    const search = await t.request<List<UriBlockEntry>>('GET', `${base}?search=spam`, { token: master });
    expect(search.body.data?.items.map((e) => e.uri)).toEqual(['spam.example']);

    expect((await t.request('DELETE', `${base}/${ubid}`, { token: master })).body.data).toEqual({
      message: 'URI deleted!',
    });
    const missing = await t.request('GET', `${base}/${ubid}`, { token: master });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('URI not found!');
    expect((await t.request('PUT', `${base}/${ubid}/toggle`, { token: master, body: {} })).status).toBe(404);
  });

  it('S6-014 answers 401, 403 for anyone but a superadmin, 400 for bad input', async () => {
    expect((await t.request('GET', base)).status).toBe(401);
    expect((await t.request('GET', base, { token: tenant.admin.token })).status).toBe(403);
    expect((await t.request('POST', base, { token: tenant.admin.token, body: { uri: 'a.example' } })).status).toBe(403);
    expect((await t.request('DELETE', `${base}/1`, { token: tenant.user.token })).status).toBe(403);
    const bad = await t.request('POST', base, { token: master, body: { uri: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('uri');
    expect((await t.request('PUT', `${base}/1/toggle`, { token: master, body: { enabled: 'yes' } })).status).toBe(400);
    expect((await t.request('GET', `${base}/x`, { token: master })).status).toBe(400);
  });
});

describe('the intake URI check', () => {
  it('finds http(s) links in text and HTML parts, whatever the transfer encoding', async () => {
    const raw = await composeMessage({
      from: { address: 'app@acme.test' },
      to: [{ address: 'x@dest.test' }],
      cc: [],
      bcc: [],
      subject: 'Links',
      text: 'Plain https://plain.example/a?b=c and www.not-a-link.example',
      html: `<p>${'é'.repeat(50)}<a href="https://html.example/x?a=1&amp;b=2">x</a><img src='//cdn.example/p.png'></p>`,
      headers: {},
      attachments: [],
    });
    expect(extractLinks(raw).sort()).toEqual([
      '//cdn.example/p.png',
      'https://html.example/x?a=1&b=2',
      'https://plain.example/a?b=c',
    ]);
  });

  it('blocks a host and the names under it, unless the customer allows the host or a parent', async () => {
    await t.request('POST', base, { token: master, body: { uri: 'bad.example' } });
    const links = ['https://good.example/', 'http://Click.Bad.Example./x'];
    expect(await findBlockedUri(t.deps.db, tenant.cid, links)).toEqual({
      link: 'http://Click.Bad.Example./x',
      uri: 'bad.example',
    });
    expect(await findBlockedUri(t.deps.db, tenant.cid, ['https://notbad.example/'])).toBeNull();
    const allowed = await t.request('POST', '/api/whitelists/uris', {
      token: tenant.admin.token,
      body: { uri: 'click.bad.example' },
    });
    expect(allowed.status).toBe(200);
    expect(await findBlockedUri(t.deps.db, tenant.cid, links)).toBeNull();
    expect(await findBlockedUri(t.deps.db, tenant.cid, ['https://other.bad.example/'])).toEqual({
      link: 'https://other.bad.example/',
      uri: 'bad.example',
    });
  });

  it('fails closed: when the lists cannot be read, the message is refused for now (451), not let through', async () => {
    forgetCachedUriLists();
    const broken = { ...t.deps.db, query: () => Promise.reject(new Error('database down')) } as Db;
    const refused = await refuseBlockedLinks(broken, {
      customerId: tenant.cid,
      domainId: 1,
      raw: Buffer.from('Subject: x\r\n\r\nhttps://bad.example/\r\n'),
      recipients: ['a@dest.test'],
      tags: [],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IntakeError);
    expect(refused).toMatchObject({ smtpCode: 451, httpStatus: 503 });
  });
});
