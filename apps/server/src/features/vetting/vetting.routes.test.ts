import {
  type CustomerVetting,
  type CustomerVettingItem,
  type DomainVettingItem,
  VETTING_MSG,
} from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { makeCustomer, makeOperators } from '../../test/factories.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { createVettingForm } from './vetting-forms.ts';

const t = useTestApp();
const { tenant, other, domain } = useTenants(t, { domains: 'rows' });
let ops: Awaited<ReturnType<typeof makeOperators>>;
beforeAll(async () => {
  ops = await makeOperators(t);
});

const complete = {
  company: 'Acme Ltd',
  website: 'https://acme.example',
  country: 'deu',
  monthly_volume: 50000,
  mail_kinds: ['transactional', 'newsletters'],
  address_collection: 'Double opt-in on our site',
  unsubscribe_handling: 'One-click link, processed at once',
  location: 'eu',
  notes: '',
};

async function newForm() {
  const cid = await makeCustomer(t.deps.db, { name: `Client ${Math.random().toString(36).slice(2, 8)}` });
  const { token } = await createVettingForm(t.deps, { customerId: cid, email: `owner-${cid}@client.test` });
  return { cid, token, url: `/api/customers/vetting/${token}` };
}

describe('S7-023 S3-047 customers/vetting/{token}: the guest form', () => {
  it('S4-021 loads with customer, responses, finished, decision and note; no session needed', async () => {
    const form = await newForm();
    const res = await t.request<CustomerVetting>('GET', form.url);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data ?? {}).sort()).toEqual(['customer', 'decision', 'finished', 'note', 'responses']);
    expect(res.body.data).toMatchObject({ finished: false, decision: null, note: '' });
  });

  it('saves drafts with any subset of answers and reads them back', async () => {
    const form = await newForm();
    const saved = await t.request('POST', form.url, { body: { responses: { company: 'Draft Co' } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ message: 'Saved succesfully!', finished: false });
    const read = await t.request<CustomerVetting>('GET', form.url);
    expect(read.body.data?.responses).toMatchObject({ company: 'Draft Co', website: '', mail_kinds: [] });
  });

  it('S5 a finished form needs every answer but the free text: 400 with field errors, nothing saved', async () => {
    const form = await newForm();
    const res = await t.request('POST', form.url, { body: { responses: { company: 'Half' }, finished: true } });
    expect(res.status).toBe(400);
    const fields = res.body.errors?.map((e) => e.field).sort();
    expect(fields).toEqual([
      'responses.address_collection',
      'responses.country',
      'responses.mail_kinds',
      'responses.monthly_volume',
      'responses.unsubscribe_handling',
      'responses.website',
    ]);
    expect((await t.request<CustomerVetting>('GET', form.url)).body.data?.responses.company).toBe('');
  });

  it('refuses a country that is no ISO 3166 alpha-3 code and an unknown data location', async () => {
    const form = await newForm();
    const res = await t.request('POST', form.url, {
      body: { responses: { ...complete, country: 'XXX', location: 'mars' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['responses.country', 'responses.location']);
    const shape = await t.request('POST', form.url, {
      body: { responses: { monthly_volume: -1, mail_kinds: ['spam'] } },
    });
    expect(shape.status).toBe(400);
  });

  it('S8-060 S4-024 the finishing save answers the spec text; S8-037 S4-022 every later load or save is 401', async () => {
    const form = await newForm();
    const res = await t.request('POST', form.url, { body: { responses: complete, finished: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: VETTING_MSG.submitted, finished: true });
    expect(VETTING_MSG.submitted).toBe(
      'Vetting form succesfully sent. Thank you! We will evaluate the data and get back to you!',
    );
    expect((await t.request('GET', form.url)).status).toBe(401);
    expect((await t.request('POST', form.url, { body: { responses: { company: 'Late' } } })).status).toBe(401);
    const stored = await t.deps.db.one<{ responses: { country: string } }>(
      'SELECT responses FROM customer_vetting WHERE customer_id = $1',
      [form.cid],
    );
    expect(stored.responses.country).toBe('DEU');
  });

  it('S8-038 S4-023 an unknown token is 404', async () => {
    expect((await t.request('GET', '/api/customers/vetting/not-a-token')).status).toBe(404);
    expect((await t.request('POST', '/api/customers/vetting/not-a-token', { body: { responses: {} } })).status).toBe(
      404,
    );
  });
});

describe('S1-015 S4-020 customer vetting decisions (superadmin)', () => {
  it('S6-010 anonymous is 401, an admin or user 403', async () => {
    expect((await t.request('GET', '/api/customers/vetting')).status).toBe(401);
    expect((await t.request('GET', '/api/customers/vetting', { token: tenant.admin.token })).status).toBe(403);
    const put = await t.request('PUT', `/api/customers/${tenant.cid}/vetting`, {
      token: tenant.admin.token,
      body: { decision: 'approve' },
    });
    expect(put.status).toBe(403);
  });

  it('lists open forms, finished first, with responses', async () => {
    const form = await newForm();
    await t.request('POST', form.url, { body: { responses: complete, finished: true } });
    const list = await t.request<{ items: CustomerVettingItem[]; total_count: number }>(
      'GET',
      '/api/customers/vetting?state=open',
      { token: ops.master },
    );
    expect(list.status).toBe(200);
    expect(list.body.data?.items[0]).toMatchObject({ cid: form.cid, finished: true, decision: null });
    expect(list.body.data?.items[0]?.responses.company).toBe('Acme Ltd');
  });

  it('approves with a note: who and when are recorded, the customer gets a notification and a mail', async () => {
    const form = await newForm();
    const res = await t.request<CustomerVettingItem>('PUT', `/api/customers/${form.cid}/vetting`, {
      token: ops.master,
      body: { decision: 'approve', note: 'Looks fine' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ decision: 'approve', note: 'Looks fine', decided_by: 'admin' });
    expect(Date.now() - Date.parse(res.body.data?.decided_at ?? '')).toBeLessThan(60_000);
    const note = await t.deps.db.one<{ message: string }>(
      "SELECT message FROM notifications WHERE customer_id = $1 AND kind = 'vetting'",
      [form.cid],
    );
    expect(note.message).toContain('approved');
    const mail = await t.deps.db.query("SELECT 1 FROM system_mail WHERE to_address = $1 AND kind = 'notice'", [
      `owner-${form.cid}@client.test`,
    ]);
    expect(mail).toHaveLength(1);
  });

  it('bad input is 400 (unknown decision; a rejection without a note); a customer without a form is 404', async () => {
    const form = await newForm();
    const url = `/api/customers/${form.cid}/vetting`;
    expect((await t.request('PUT', url, { token: ops.master, body: { decision: 'maybe' } })).status).toBe(400);
    const noNote = await t.request('PUT', url, { token: ops.master, body: { decision: 'reject' } });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors?.[0]?.field).toBe('note');
    const none = await t.request('PUT', `/api/customers/${other.cid}/vetting`, {
      token: ops.master,
      body: { decision: 'approve' },
    });
    expect(none.status).toBe(404);
  });
});

describe('S7-051 S3-046 PUT domains/{id}/vetting {status, note, location}', () => {
  const url = () => `/api/domains/${domain.did}/vetting`;

  it('S6-010 anonymous is 401, the domain owner 403', async () => {
    expect((await t.request('PUT', url(), { body: { status: 'reject', note: 'x' } })).status).toBe(401);
    const own = await t.request('PUT', url(), {
      token: tenant.admin.token,
      body: { status: 'approve', location: 'eu' },
    });
    expect(own.status).toBe(403);
  });

  it('S4-018 approving takes status approve with note and location; the domain records its location', async () => {
    const res = await t.request<DomainVettingItem>('PUT', url(), {
      token: ops.master,
      body: { status: 'approve', note: 'Checked', location: 'eu' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ did: domain.did, status: 'approve', note: 'Checked', location: 'eu' });
    const row = await t.deps.db.one<{ location: string }>('SELECT location FROM domains WHERE id = $1', [domain.did]);
    expect(row.location).toBe('eu');
  });

  it('S4-019 rejecting takes status reject with note; the list shows it with who decided', async () => {
    const res = await t.request('PUT', url(), { token: ops.master, body: { status: 'reject', note: 'Bought lists' } });
    expect(res.status).toBe(200);
    const list = await t.request<{ items: DomainVettingItem[] }>('GET', '/api/domains/vetting?state=reject', {
      token: ops.master,
    });
    expect(list.body.data?.items).toContainEqual(
      expect.objectContaining({ did: domain.did, status: 'reject', note: 'Bought lists', decided_by: 'admin' }),
    );
  });

  it('the list offers the data location the customer asked for on its form', async () => {
    const form = await newForm();
    await t.request('POST', form.url, { body: { responses: complete, finished: true } });
    const made = await makeTestDomain(t.deps.db, form.cid);
    const list = await t.request<{ items: DomainVettingItem[] }>('GET', '/api/domains/vetting?state=all&limit=0', {
      token: ops.master,
    });
    const item = list.body.data?.items.find((i) => i.did === made.did);
    expect(item).toMatchObject({ customer_vetting: 'pending', status: null, preferred_location: 'eu' });
  });

  it('bad input is 400 with field errors; an unknown domain is 404', async () => {
    const noLocation = await t.request('PUT', url(), { token: ops.master, body: { status: 'approve' } });
    expect(noLocation.body.errors?.[0]?.field).toBe('location');
    const unknown = await t.request('PUT', url(), { token: ops.master, body: { status: 'approve', location: 'mars' } });
    expect(unknown.status).toBe(400);
    expect((await t.request('PUT', url(), { token: ops.master, body: { status: 'ok' } })).status).toBe(400);
    const missing = await t.request('PUT', '/api/domains/2000000000/vetting', {
      token: ops.master,
      body: { status: 'reject', note: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});
