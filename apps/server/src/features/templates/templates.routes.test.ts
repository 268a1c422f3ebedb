import type { TemplateDetail, TemplateRendered, TemplateVersion } from '@mailwright/contract';
import { TEMPLATE_MSG } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { useTenants, useTestApp } from '../../test/setup.ts';

type List<T> = { items: T[]; total: number };

const t = useTestApp();
const { tenant, other, domain, otherDomain } = useTenants(t, { domains: 'rows' });

const base = () => `/api/templates/${domain.did}`;
const welcome = {
  name: 'Welcome',
  description: 'The first mail',
  subject: 'Welcome {{name}}',
  html: '<p>Hi {{default name "friend"}}</p>',
  text: 'Hi {{default name "friend"}}',
};

async function create(body: Record<string, unknown>, token = tenant.user.token) {
  const res = await t.request<TemplateDetail & { message: string }>('POST', base(), { token, body });
  return res;
}

describe('S7-086 S3-029 templates/{domain}: create, read, update, delete', () => {
  it('S8-054 S2-022 a user creates a template with its first active version; the answer says Template saved!', async () => {
    const res = await create({ ...welcome, name: 'welcome' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'welcome',
      description: 'The first mail',
      did: domain.did,
      versions: 1,
      message: TEMPLATE_MSG.saved,
      active: { tag: 'v1', created_by: tenant.user.username },
      version: { tag: 'v1', subject: 'Welcome {{name}}', html: welcome.html, active: true },
    });
    const got = await t.request<TemplateDetail>('GET', `${base()}/${res.body.data?.tmplid}`, {
      token: tenant.admin.token,
    });
    expect(got.body.data?.tmplid).toBe(res.body.data?.tmplid);
    expect(got.body.data?.version?.text).toBe(welcome.text);
  });

  it('S3-029 the list holds items and total, with search and paging', async () => {
    for (const name of ['invoice', 'invoice-reminder', 'password-reset']) {
      expect((await create({ name, html: `<p>${name}</p>` })).status).toBe(200);
    }
    const all = await t.request<List<TemplateDetail>>('GET', base(), { token: tenant.user.token });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.data ?? {}).sort()).toEqual(['items', 'total']);
    expect(all.body.data?.total).toBe(4);
    const found = await t.request<List<TemplateDetail>>('GET', `${base()}?search=INVOICE&limit=1&skip=1`, {
      token: tenant.user.token,
    });
    expect(found.body.data?.total).toBe(2);
    expect(found.body.data?.items.map((i) => i.name)).toEqual(['invoice-reminder']);
  });

  it('renames and describes in place; new content is a new active version, the same content is not', async () => {
    const made = await create({ name: 'news', subject: 'News', html: '<p>one</p>' });
    const id = made.body.data?.tmplid;
    const renamed = await t.request<TemplateDetail>('PUT', `${base()}/${id}`, {
      token: tenant.user.token,
      body: { name: 'newsletter', description: 'monthly', html: '<p>one</p>' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ tmplid: id, name: 'newsletter', description: 'monthly', versions: 1 });
    const edited = await t.request<TemplateDetail & { message: string }>('PUT', `${base()}/${id}`, {
      token: tenant.admin.token,
      body: { html: '<p>two {{n}}</p>' },
    });
    expect(edited.body.data).toMatchObject({
      tmplid: id,
      versions: 2,
      message: TEMPLATE_MSG.saved,
      version: { tag: 'v2', subject: 'News', html: '<p>two {{n}}</p>', created_by: tenant.admin.username },
    });
  });

  it('keeps the strict setting (refuse a send that lacks a printed variable) and changes it without a new version', async () => {
    const made = await create({ name: 'strict-one', html: '<p>{{name}}</p>', strict: true });
    expect(made.body.data).toMatchObject({ strict: true, versions: 1 });
    const off = await t.request<TemplateDetail>('PUT', `${base()}/${made.body.data?.tmplid}`, {
      token: tenant.user.token,
      body: { strict: false },
    });
    expect(off.body.data).toMatchObject({ strict: false, versions: 1 });
    const preview = await t.request('POST', `${base()}/render`, {
      token: tenant.user.token,
      body: { subject: 'Hi {{name}}', html: 'x', strict: true },
    });
    expect(preview.status).toBe(400);
    expect((preview.body as { errors?: unknown[] }).errors).toEqual([
      { field: 'subject', message: 'Line 1, column 6: the variable name is missing' },
    ]);
  });

  it('deletes a template and its versions; a second delete and a read are 404 Template not found!', async () => {
    const id = (await create({ name: 'gone', text: 'bye' })).body.data?.tmplid;
    const removed = await t.request('DELETE', `${base()}/${id}`, { token: tenant.user.token });
    expect(removed.status).toBe(200);
    for (const method of ['DELETE', 'GET'] as const) {
      const again = await t.request(method, `${base()}/${id}`, { token: tenant.user.token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(TEMPLATE_MSG.notFound);
    }
    const left = await t.deps.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM template_versions WHERE template_id = $1',
      [id],
    );
    expect(left.n).toBe(0);
  });
});

describe('S7-087 templates history: versions, make an older one active again', () => {
  it('lists versions newest first with who/when/tag/active, and activates an older one', async () => {
    const id = (await create({ name: 'history', subject: 'one', html: '<p>1</p>', tag: 'first' })).body.data?.tmplid;
    const url = `${base()}/${id}`;
    await t.request('PUT', url, { token: tenant.admin.token, body: { html: '<p>2</p>' } });
    await t.request('PUT', url, { token: tenant.user.token, body: { html: '<p>3</p>', tag: 'third' } });
    const history = await t.request<List<TemplateVersion>>('GET', `${url}/history`, { token: tenant.user.token });
    expect(history.status).toBe(200);
    expect(history.body.data?.total).toBe(3);
    expect(history.body.data?.items.map((v) => [v.tag, v.active, v.created_by])).toEqual([
      ['third', true, tenant.user.username],
      ['v2', false, tenant.admin.username],
      ['first', false, tenant.user.username],
    ]);
    const first = history.body.data?.items[2];
    const activated = await t.request<TemplateDetail & { message: string }>('PUT', `${url}/history/${first?.id}`, {
      token: tenant.user.token,
    });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({
      message: TEMPLATE_MSG.saved,
      version: { tag: 'first', html: '<p>1</p>' },
    });
    const after = await t.request<List<TemplateVersion>>('GET', `${url}/history`, { token: tenant.user.token });
    expect(after.body.data?.items.filter((v) => v.active).map((v) => v.tag)).toEqual(['first']);
    // A version kept inactive on save: the active one stays.
    const kept = await t.request<TemplateDetail>('PUT', url, {
      token: tenant.user.token,
      body: { html: '<p>draft</p>', active: false },
    });
    expect(kept.body.data?.version?.tag).toBe('first');
    expect(kept.body.data?.versions).toBe(4);
  });

  it('a version of another template is 404', async () => {
    const a = (await create({ name: 'hist-a', text: 'a' })).body.data;
    const b = (await create({ name: 'hist-b', text: 'b' })).body.data;
    const res = await t.request('PUT', `${base()}/${a?.tmplid}/history/${b?.version?.id}`, {
      token: tenant.user.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('S5-008 templates: bad input is a 400 with field errors', () => {
  it('a Handlebars syntax error names the field with line and column', async () => {
    const res = await create({ name: 'broken', subject: 'ok', html: '<p>\n  Hi {{name}\n</p>', text: '{{#if a}}x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Various errors');
    const errors = (res.body as { errors?: { field: string; message: string }[] }).errors ?? [];
    expect(errors.map((e) => e.field)).toEqual(['html', 'text']);
    expect(errors[0]?.message).toMatch(/^Line 2, column 12: Handlebars syntax error/);
    expect(errors[1]?.message).toMatch(/^Line 1, column \d+: /);
    const id = (await create({ name: 'fine', html: '<p>fine</p>' })).body.data?.tmplid;
    const put = await t.request('PUT', `${base()}/${id}`, { token: tenant.user.token, body: { subject: '{{#each}}' } });
    expect(put.status).toBe(400);
    expect((put.body as { errors?: { field: string }[] }).errors?.[0]?.field).toBe('subject');
  });

  it('refuses a bad name, a taken name, no content, a subject on two lines, a taken tag and over 512 KB', async () => {
    const fields = async (body: Record<string, unknown>, method = 'POST', url = base()) => {
      const res = await t.request(method, url, { token: tenant.user.token, body });
      expect(res.status).toBe(400);
      return ((res.body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
    };
    expect(await fields({ name: 'has space', html: 'x' })).toEqual(['name']);
    expect(await fields({ name: '', html: 'x' })).toEqual(['name']);
    expect(await fields({ name: 'welcome', html: 'x' })).toEqual(['name']);
    expect(await fields({ name: 'empty' })).toEqual(['html']);
    expect(await fields({ name: 'two-lines', subject: 'a\r\nBcc: x@y.test', html: 'x' })).toEqual(['subject']);
    expect(await fields({ name: 'big', html: 'é'.repeat(200_000), text: 'x'.repeat(200_000) })).toEqual(['html']);
    const id = (await create({ name: 'tagged', html: 'x', tag: 'launch' })).body.data?.tmplid;
    expect(await fields({ html: 'y', tag: 'launch' }, 'PUT', `${base()}/${id}`)).toEqual(['tag']);
    const notAnId = await t.request('GET', `${base()}/abc`, { token: tenant.user.token });
    expect(notAnId.status).toBe(400);
  });
});

describe('templates: tenancy and sign-in', () => {
  it('S8-014 401 without a session on the list and every call', async () => {
    expect((await t.request('GET', base())).status).toBe(401);
    expect((await t.request('POST', base(), { body: welcome })).status).toBe(401);
    expect((await t.request('GET', `${base()}/1/history`)).status).toBe(401);
  });

  it("S8-014 another customer's domain or template is 404, and their list never shows ours", async () => {
    const mine = (await create({ name: 'private', html: '<p>secret</p>' })).body.data;
    const token = other.user.token;
    const list = await t.request('GET', base(), { token });
    expect(list.status).toBe(404);
    for (const [method, url] of [
      ['GET', `${base()}/${mine?.tmplid}`],
      ['PUT', `${base()}/${mine?.tmplid}`],
      ['DELETE', `${base()}/${mine?.tmplid}`],
      ['GET', `${base()}/${mine?.tmplid}/history`],
      ['PUT', `${base()}/${mine?.tmplid}/history/${mine?.version?.id}`],
      // Their own domain with our template's id.
      ['GET', `/api/templates/${otherDomain.did}/${mine?.tmplid}`],
      ['PUT', `/api/templates/${otherDomain.did}/${mine?.tmplid}/history/${mine?.version?.id}`],
    ] as const) {
      const res = await t.request(method, url, { token, body: method === 'PUT' ? { html: 'x' } : undefined });
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    const theirs = await t.request<List<TemplateDetail>>('GET', `/api/templates/${otherDomain.did}`, { token });
    expect(theirs.body.data).toEqual({ items: [], total: 0 });
    const still = await t.request<TemplateDetail>('GET', `${base()}/${mine?.tmplid}`, { token: tenant.user.token });
    expect(still.body.data?.version?.html).toBe('<p>secret</p>');
  });
});

describe('templates: the console preview renders as sending does', () => {
  it('renders subject, HTML (escaped) and text with sample variables; a syntax error is a field error', async () => {
    const res = await t.request<TemplateRendered>('POST', `${base()}/render`, {
      token: tenant.user.token,
      body: {
        subject: 'Order {{order.id}}',
        html: '<ul>{{#each items}}<li>{{this}}</li>{{/each}}</ul>{{date when "YYYY-MM-DD"}}',
        text: 'Hi {{default name "friend"}}',
        variables: { order: { id: 7 }, items: ['<a>', 'b'], when: '2026-01-02T00:00:00Z' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      subject: 'Order 7',
      html: '<ul><li>&lt;a&gt;</li><li>b</li></ul>2026-01-02',
      text: 'Hi friend',
    });
    const bad = await t.request('POST', `${base()}/render`, { token: tenant.user.token, body: { html: '{{x' } });
    expect(bad.status).toBe(400);
    const other404 = await t.request('POST', `${base()}/render`, { token: other.user.token, body: { html: 'x' } });
    expect(other404.status).toBe(404);
  });
});
