import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BounceCategoryPattern, DsnPattern, SmtpPattern } from '@mailwright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES, DEFAULT_DSN_RULES, DEFAULT_SMTP_RULES } from '../../mail/classify/default-rules.ts';
import { makeOperators, makeTenant, type Tenant } from '../../test/factories.ts';
import { useTestApp } from '../../test/setup.ts';

type List<T> = { items: T[]; total_count: number };
type Saved<T> = T & { message: string };

const t = useTestApp();
let master: string;
let mta: string;
let otherSuperadmin: string;
let tenant: Tenant;

beforeAll(async () => {
  ({ master, mta, plain: otherSuperadmin } = await makeOperators(t));
  tenant = await makeTenant(t);
});

describe('S7-102/104/106 the seeded default rules', () => {
  it('migrations 0005 and 0011 seed exactly the default rules of mail/classify, in order', async () => {
    const smtp = await t.request<List<SmtpPattern>>('GET', '/api/system/smtp/patterns', { token: master });
    expect(smtp.status).toBe(200);
    expect(smtp.body.data?.items.map((p) => [p.pattern, p.action, p.backoff_minutes, p.note])).toEqual(
      DEFAULT_SMTP_RULES.map((r) => [r.pattern, r.action, r.backoff_minutes ?? null, r.note]),
    );
    const dsn = await t.request<List<DsnPattern>>('GET', '/api/system/dsn/patterns?limit=0', { token: master });
    expect(dsn.body.data?.items.map((p) => [p.pattern, p.status, p.action, p.note])).toEqual(
      DEFAULT_DSN_RULES.map((r) => [r.pattern, r.status, r.action, r.note]),
    );
    const cat = await t.request<List<BounceCategoryPattern>>('GET', '/api/system/smtp/bouncecat?limit=0', {
      token: master,
    });
    expect(cat.body.data?.total_count).toBe(DEFAULT_CATEGORY_RULES.length);
    expect(cat.body.data?.items.map((p) => [p.pattern, p.category, p.hard, p.note])).toEqual(
      DEFAULT_CATEGORY_RULES.map((r) => [r.pattern, r.category, r.hard ?? null, r.note]),
    );
  });
});

describe('S3-025 S8-040..043 SMTP patterns: /api/system/smtp/patterns', () => {
  const base = '/api/system/smtp/patterns';
  it('creates, reads, updates (same spid), toggles and deletes, with the spec texts', async () => {
    const body = { pattern: 'greylisted, try again', action: 'retry', note: 'greylisting' };
    const created = await t.request<Saved<SmtpPattern>>('POST', base, { token: mta, body });
    expect(created.status).toBe(200);
    const pattern = created.body.data as Saved<SmtpPattern>;
    expect(pattern).toMatchObject({ ...body, enabled: true, backoff_minutes: null, message: 'SMTP pattern saved!' });
    expect(pattern.position).toBe(DEFAULT_SMTP_RULES.length + 1);

    const read = await t.request<SmtpPattern>('GET', `${base}/${pattern.spid}`, { token: mta });
    expect(read.body.data).toMatchObject({ spid: pattern.spid, pattern: body.pattern });

    const update = { pattern: 'too busy', action: 'backoff', backoff_minutes: 15, note: 'busy', position: 1 };
    const updated = await t.request<Saved<SmtpPattern>>('PUT', `${base}/${pattern.spid}`, { token: mta, body: update });
    expect(updated.body.data).toMatchObject({ ...update, spid: pattern.spid, message: 'SMTP pattern saved!' });
    const list = await t.request<List<SmtpPattern>>('GET', base, { token: mta });
    expect(list.body.data?.items[0]?.spid).toBe(pattern.spid);

    const off = await t.request<Saved<SmtpPattern>>('PUT', `${base}/${pattern.spid}/toggle`, { token: mta, body: {} });
    expect(off.body.data).toMatchObject({ enabled: false, message: 'Pattern enabled/disabled!' });
    const on = await t.request<Saved<SmtpPattern>>('PUT', `${base}/${pattern.spid}/toggle`, {
      token: mta,
      body: { enabled: true },
    });
    expect(on.body.data?.enabled).toBe(true);

    const removed = await t.request('DELETE', `${base}/${pattern.spid}`, { token: mta });
    expect(removed.body).toEqual({ data: { message: 'SMTP Pattern deleted!' } });
    const gone = await t.request('GET', `${base}/${pattern.spid}`, { token: mta });
    expect(gone).toEqual({ status: 404, body: { message: 'SMTP Pattern not found!' } });
  });

  it('S9-024 pages by 50 unless told otherwise', async () => {
    await t.deps.db.query(
      `INSERT INTO smtp_patterns (pattern, action, position) SELECT 'filler ' || n, 'retry', 100 + n FROM generate_series(1, 60) n`,
    );
    const page = await t.request<List<SmtpPattern>>('GET', base, { token: master });
    expect(page.body.data?.items).toHaveLength(50);
    expect(page.body.data?.total_count).toBe(DEFAULT_SMTP_RULES.length + 60);
    const next = await t.request<List<SmtpPattern>>('GET', `${base}?skip=50&search=filler`, { token: master });
    expect(next.body.data?.items.map((p) => p.pattern)).toEqual(
      Array.from({ length: 10 }, (_, i) => `filler ${51 + i}`),
    );
    await t.deps.db.query(`DELETE FROM smtp_patterns WHERE pattern LIKE 'filler %'`);
  });

  it('S6-017 answers 401 without a session and 403 to admins, users and superadmins of another subrole', async () => {
    expect((await t.request('GET', base)).status).toBe(401);
    for (const token of [tenant.admin.token, tenant.user.token, otherSuperadmin]) {
      expect((await t.request('GET', base, { token })).status).toBe(403);
      expect((await t.request('POST', base, { token, body: { pattern: 'x', action: 'retry' } })).status).toBe(403);
    }
  });

  it('S5-006 answers 400 with field errors for a bad regex, action or backoff, 404 for an unknown id', async () => {
    const bad = await t.request('POST', base, { token: master, body: { pattern: '(unclosed', action: 'explode' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Various errors');
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['action', 'pattern']);
    const backoff = await t.request('POST', base, {
      token: master,
      body: { pattern: 'x', action: 'retry', backoff_minutes: 5 },
    });
    expect(backoff.body.errors).toEqual([
      { field: 'backoff_minutes', message: 'Only a backoff pattern takes backoff minutes' },
    ]);
    expect((await t.request('GET', `${base}/abc`, { token: master })).status).toBe(400);
    const missing = { token: master, body: { pattern: 'x', action: 'retry' } };
    expect((await t.request('PUT', `${base}/999999`, missing)).body.message).toBe('SMTP Pattern not found!');
    expect((await t.request('PUT', `${base}/999999/toggle`, { token: master, body: {} })).status).toBe(404);
    expect((await t.request('DELETE', `${base}/999999`, { token: master })).status).toBe(404);
  });

  it('S7-103 tests a reply: the matching pattern, or why none matches', async () => {
    const busy = await t.request<{ match?: SmtpPattern; action: string; backoff_minutes: number }>(
      'POST',
      `${base}/test`,
      {
        token: mta,
        body: { text: '421 4.7.0 Too many connections from your IP, slow down' },
      },
    );
    expect(busy.status).toBe(200);
    expect(busy.body.data).toMatchObject({ action: 'backoff', backoff_minutes: 30, match: { action: 'backoff' } });
    const unknown = await t.request<{ message: string; action: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: '550 5.1.1 <nobody@example.com>: User unknown' },
    });
    expect(unknown.body.data).toEqual({
      action: 'bounce',
      backoff_minutes: null,
      message: 'No SMTP pattern matches: a 550 reply is bounced (5xx) by its reply class.',
    });
    expect((await t.request('POST', `${base}/test`, { token: mta, body: {} })).status).toBe(400);
    expect((await t.request('POST', `${base}/test`, { token: tenant.admin.token, body: { text: 'x' } })).status).toBe(
      403,
    );
  });
});

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures/bounces', name), 'utf8');

describe('S3-026 S8-047..049 DSN patterns: /api/system/dsn/patterns', () => {
  const base = '/api/system/dsn/patterns';
  it('saves, toggles, deletes with the spec texts and validates status and action', async () => {
    const body = { pattern: 'casella piena', status: '5.2.2', action: 'failed', note: 'Italian mailbox full' };
    const created = await t.request<Saved<DsnPattern>>('POST', base, { token: master, body });
    expect(created.body.data).toMatchObject({ ...body, message: 'DSN pattern saved!', enabled: true });
    const dpid = created.body.data?.dpid as number;
    const updated = await t.request<Saved<DsnPattern>>('PUT', `${base}/${dpid}`, {
      token: master,
      body: { ...body, status: '4.2.2', action: 'delayed' },
    });
    expect(updated.body.data).toMatchObject({
      dpid,
      status: '4.2.2',
      action: 'delayed',
      message: 'DSN pattern saved!',
    });
    const toggled = await t.request<Saved<DsnPattern>>('PUT', `${base}/${dpid}/toggle`, { token: master, body: {} });
    expect(toggled.body.data).toMatchObject({ enabled: false, message: 'Pattern enabled/disabled!' });
    expect((await t.request('DELETE', `${base}/${dpid}`, { token: master })).body).toEqual({
      data: { message: 'DSN Pattern deleted!' },
    });
    expect((await t.request('GET', `${base}/${dpid}`, { token: master })).body).toEqual({
      message: 'DSN Pattern not found!',
    });

    const bad = await t.request('POST', base, {
      token: master,
      body: { pattern: 'x', status: '5.1', action: 'bounced' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['action', 'status']);
    expect((await t.request('GET', base, { token: tenant.user.token })).status).toBe(403);
    expect((await t.request('GET', base)).status).toBe(401);
  });

  it('S7-105 tests a bounce text against the DSN patterns, and says when a report needs none', async () => {
    const qmail = await t.request<{ match?: DsnPattern; status: string; action: string }>('POST', `${base}/test`, {
      token: master,
      body: { text: '<a@example.com>:\nSorry, no mailbox here by that name: user unknown' },
    });
    expect(qmail.body.data).toMatchObject({ status: '5.1.1', action: 'failed', match: { status: '5.1.1' } });
    const report = await t.request<{ message: string }>('POST', `${base}/test`, {
      token: master,
      body: { text: fixture('postfix-user-unknown.eml') },
    });
    expect(report.body.data).toMatchObject({
      recipient: 'nobody@example.com',
      status: '5.1.1',
      message: 'The message is an RFC 3464 report: its own fields decide (5.1.1, failed); DSN patterns are not needed.',
    });
    const none = await t.request<{ message: string }>('POST', `${base}/test`, {
      token: master,
      body: { text: 'it broke' },
    });
    expect(none.body.data?.message).toBe('No DSN pattern matches and the text carries no status code.');
  });
});

describe('S3-027 S8-051..053 bounce-category patterns: /api/system/smtp/bouncecat', () => {
  const base = '/api/system/smtp/bouncecat';
  it('saves at a position, toggles and deletes with the spec texts', async () => {
    // Finnish for "mailbox full": words no default rule knows.
    const body = {
      pattern: 'postilaatikko taynna',
      category: 'quota-issues',
      hard: false,
      note: 'Finnish',
      position: 1,
    };
    const created = await t.request<Saved<BounceCategoryPattern>>('POST', base, { token: mta, body });
    expect(created.body.data).toMatchObject({ ...body, message: 'pattern saved!' }); // S8-050
    const spcid = created.body.data?.spcid as number;
    const first = await t.request<List<BounceCategoryPattern>>('GET', `${base}?limit=1`, { token: mta });
    expect(first.body.data?.items.map((p) => p.spcid)).toEqual([spcid]);

    const tested = await t.request<{ match?: BounceCategoryPattern; category: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: '552 Postilaatikko taynna' },
    });
    expect(tested.body.data).toMatchObject({ category: 'quota-issues', match: { spcid } });

    const off = await t.request<Saved<BounceCategoryPattern>>('PUT', `${base}/${spcid}/toggle`, {
      token: mta,
      body: { enabled: false },
    });
    expect(off.body.data).toMatchObject({ enabled: false, message: 'Pattern enabled/disabled!' });
    const after = await t.request<{ message?: string; category: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: '552 Postilaatikko taynna' },
    });
    expect(after.body.data).toEqual({
      category: 'other',
      hard: false,
      status: null,
      message: 'No bounce-category pattern matches: no status code either: other (other).',
    });

    expect((await t.request('DELETE', `${base}/${spcid}`, { token: mta })).body).toEqual({
      data: { message: 'Pattern deleted!' },
    });
    expect((await t.request('DELETE', `${base}/${spcid}`, { token: mta })).body).toEqual({
      message: 'Pattern not found!',
    });
    const bad = await t.request('POST', base, { token: mta, body: { pattern: 'x', category: 'unlucky' } });
    expect(bad.body.errors).toEqual([{ field: 'category', message: expect.any(String) }]);
    expect((await t.request('GET', base, { token: otherSuperadmin })).status).toBe(403);
  });

  it('S7-107 classifies a whole bounce message with the stored rules', async () => {
    const result = await t.request<{
      recipient: string;
      category: string;
      hard: boolean;
      match?: BounceCategoryPattern;
    }>('POST', `${base}/test`, { token: mta, body: { text: fixture('exim-quota.eml') } });
    expect(result.body.data).toMatchObject({
      recipient: 'full.box@example.org',
      category: 'quota-issues',
      hard: false,
      status: '5.2.2',
    });
    expect(result.body.data?.match?.note).toBe('Mailbox or server storage full');
    const byStatus = await t.request<{ message: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: 'it failed', status: '5.1.2' },
    });
    expect(byStatus.body.data).toMatchObject({
      category: 'bad-domain',
      message: 'No bounce-category pattern matches: the RFC 3463 status code decides (bad-domain).',
    });

    // The "no such mailbox" rule matches both, but a policy status of the reply's own (x.7.x) says a filter spoke.
    const atRcpt = await t.request<{ category: string; hard: boolean; message?: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: '550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown' },
    });
    expect(atRcpt.body.data).toMatchObject({ category: 'bad-mailbox', hard: true, match: { category: 'bad-mailbox' } });
    expect(atRcpt.body.data?.message).toBeUndefined();
    const filtered = await t.request<{ category: string; hard: boolean; message?: string }>('POST', `${base}/test`, {
      token: mta,
      body: { text: '550 5.7.1 Unknown user gone@example.com' },
    });
    expect(filtered.body.data).toMatchObject({
      category: 'policy-related',
      hard: false,
      match: { category: 'bad-mailbox' },
    });
    expect(filtered.body.data?.message).toMatch(
      /^The rule says bad-mailbox, but the reply itself says a filter refused it/,
    );
  });
});
