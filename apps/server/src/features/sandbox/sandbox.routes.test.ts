import type { Domain, SandboxInfo, SandboxMessage, SandboxMessageSummary } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEngine, startMailEngine } from '../../mail/engine.ts';
import { loadMailSecret } from '../../mail/mail-tokens.ts';
import { type SandboxMx, startSandboxMx } from '../../mail/sandbox/sandbox-mx.ts';
import { makeTenant, type Tenant } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 11: the Sandbox inbox API, the sandbox domain in the domain list, and the SANDBOX switch. */
let t: TestApp;
let catchAll: SandboxMx;
let engine: MailEngine;
let tenant: Tenant;
let other: Tenant;
let info: SandboxInfo;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ smtpPort: 0, mailHostname: 'localhost' });
  catchAll = await startSandboxMx({
    db: t.deps.db,
    log: t.deps.log,
    secret: await loadMailSecret(t.deps.db),
    port: 0,
    maxSize: 1024 * 1024,
  });
  engine = await startMailEngine(t.deps, { smtp: false, worker: true, sandboxMx: catchAll.target });
  tenant = await makeTenant(t);
  other = await makeTenant(t);
  info = (await t.request<SandboxInfo>('GET', '/api/sandbox', { token: tenant.user.token })).body.data as SandboxInfo;
  const created = await t.request<{ token: string }>('POST', `/api/tokens/${info.domain.did}`, {
    token: tenant.admin.token,
    body: { role: 'sending', note: 'sandbox' },
  });
  key = created.body.data?.token ?? '';
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await catchAll?.close();
  await t?.close();
});

async function sendAndReceive(subject: string): Promise<SandboxMessageSummary> {
  const sent = await t.request('POST', '/api/v1/send', {
    token: key,
    body: {
      from: { email: `hello@${info.domain.name}`, name: 'Sandbox' },
      to: 'someone@example.com',
      subject,
      html: '<p>Hi <a href="https://example.com/welcome">welcome</a></p>',
      text: 'Hi',
      attachments: [{ filename: 'note.txt', content: Buffer.from('attached').toString('base64') }],
    },
  });
  expect(sent.status).toBe(200);
  for (let i = 0; i < 300; i++) {
    const list = await t.request<{ items: SandboxMessageSummary[] }>('GET', '/api/sandbox/messages', {
      token: tenant.user.token,
    });
    const found = list.body.data?.items.find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${subject} never reached the sandbox inbox`);
}

describe('Sandbox inbox API (issue 11)', () => {
  it('gives every customer a sandbox domain under a reserved .test name when MAIL_HOSTNAME is localhost', async () => {
    expect(info.enabled).toBe(true);
    expect(info.domain.name).toMatch(/^sandbox-[0-9a-z]{8}\.sandbox\.mailwright\.test$/);
    const again = await t.request<SandboxInfo>('GET', '/api/sandbox', { token: tenant.admin.token });
    expect(again.body.data?.domain).toEqual(info.domain);
    expect((await t.request('GET', '/api/sandbox')).status).toBe(401);
  });

  it('keeps what the catch-all received, with the mailauth verdict, tracked links back to this server and one-click unsubscribe', async () => {
    const summary = await sendAndReceive('Welcome');
    expect(summary).toMatchObject({ from: `hello@${info.domain.name}`, to: 'someone@example.com' });
    expect(summary.rcpt_to).toEqual(['someone@example.com']);
    expect(summary.message_id).toEqual(expect.any(Number));
    const detail = await t.request<SandboxMessage>('GET', `/api/sandbox/messages/${summary.id}`, {
      token: tenant.user.token,
    });
    const m = detail.body.data as SandboxMessage;
    expect(m.auth.dkim).toEqual([expect.objectContaining({ domain: info.domain.name, result: 'pass' })]);
    expect(m.auth.spf?.result).toBe('pass');
    expect(m.auth.dmarc?.result).toBe('pass');
    expect(m.auth.header).toContain('dkim=pass');
    expect(m.html).toContain('http://console.test/t/c/');
    expect(m.html).toContain('http://console.test/t/o/');
    expect(m.unsubscribe_url).toMatch(/^http:\/\/console\.test\/unsubscribe\//);
    expect(m.one_click).toBe(true);
    expect(m.attachments).toEqual([
      expect.objectContaining({ filename: 'note.txt', content: Buffer.from('attached').toString('base64') }),
    ]);
    expect(m.headers.find((h) => h.name.toLowerCase() === 'dkim-signature')).toBeDefined();
  });

  it("lists newest first, and answers 404 for another customer's message", async () => {
    const first = await sendAndReceive('First');
    const second = await sendAndReceive('Second');
    const list = await t.request<{ items: SandboxMessageSummary[]; total_count: number }>(
      'GET',
      '/api/sandbox/messages?limit=2',
      { token: tenant.user.token },
    );
    expect(list.body.data?.items.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(list.body.data?.total_count).toBeGreaterThanOrEqual(3);
    const foreign = await t.request('GET', `/api/sandbox/messages/${first.id}`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    const otherList = await t.request<{ total_count: number }>('GET', '/api/sandbox/messages', {
      token: other.admin.token,
    });
    expect(otherList.body.data?.total_count).toBe(0);
    expect((await t.request('GET', '/api/sandbox/messages/abc', { token: tenant.user.token })).status).toBe(400);
  });
});

describe('the sandbox domain among the domains (issue 11)', () => {
  it("is listed as the customer's, marked sandbox, without DNS records, and cannot be deleted", async () => {
    const list = await t.request<{ items: Domain[] }>('GET', '/api/domains', { token: tenant.admin.token });
    const sandbox = list.body.data?.items.find((d) => d.did === info.domain.did);
    expect(sandbox).toMatchObject({ sandbox: true, state: 'verified', records: [] });
    expect(sandbox?.dns_notice).toContain('sandbox');
    const removed = await t.request('DELETE', `/api/domains/${info.domain.did}`, { token: tenant.admin.token });
    expect(removed.status).toBe(409);
    const verified = await t.request<Domain>('PUT', `/api/domains/${info.domain.did}/verify`, {
      token: tenant.admin.token,
    });
    expect(verified.body.data?.state).toBe('verified');
  });

  it('refuses sandbox- names under the sandbox suffix as real domains, and warns that records name localhost', async () => {
    const taken = await t.request('POST', '/api/domains', {
      token: tenant.admin.token,
      body: { name: 'sandbox-abcdefgh.sandbox.mailwright.test' },
    });
    expect(taken.status).toBe(400);
    const real = await t.request<Domain>('POST', '/api/domains', {
      token: tenant.admin.token,
      body: { name: 'real-sender.test' },
    });
    expect(real.body.data?.sandbox).toBe(false);
    expect(real.body.data?.dns_notice).toContain('MAIL_HOSTNAME');
  });

  it('is created with a customer made in the console', async () => {
    const superToken = await t.login('admin', 'superadmin-password-1');
    const created = await t.request<{ cid: number }>('POST', '/api/customers', {
      token: superToken,
      body: { customer: 'Sandbox Newcomer', partner: false },
    });
    const cid = created.body.data?.cid as number;
    const rows = await t.deps.db.query('SELECT 1 FROM domains WHERE customer_id = $1 AND sandbox', [cid]);
    expect(rows).toHaveLength(1);
  });
});

describe('SANDBOX=off (issue 11)', () => {
  it('refuses sandbox mail at intake with 403 instead of sending it anywhere', async () => {
    const before = await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages');
    t.deps.config.sandbox = false;
    try {
      const refused = await t.request<unknown>('POST', '/api/v1/send', {
        token: key,
        body: { from: `hello@${info.domain.name}`, to: 'x@example.com', subject: 'off', text: 'off' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('sandbox is off');
    } finally {
      t.deps.config.sandbox = true;
    }
    expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n).toBe(before.n);
  });

  it('creates no sandbox domain for a new customer, and the sandbox screen says the sandbox is off', async () => {
    t.deps.config.sandbox = false;
    try {
      const superToken = await t.login('admin', 'superadmin-password-1');
      const created = await t.request<{ cid: number }>('POST', '/api/customers', {
        token: superToken,
        body: { customer: 'Sandbox Off Ltd', partner: false },
      });
      const cid = created.body.data?.cid as number;
      expect(await t.deps.db.query('SELECT 1 FROM domains WHERE customer_id = $1', [cid])).toHaveLength(0);
      const late = await makeTenant(t);
      const answer = await t.request('GET', '/api/sandbox', { token: late.admin.token });
      expect(answer).toMatchObject({ status: 404, body: { message: 'The sandbox is off on this server' } });
      const existing = await t.request<SandboxInfo>('GET', '/api/sandbox', { token: tenant.admin.token });
      expect(existing.body.data).toMatchObject({ enabled: false, domain: info.domain });
    } finally {
      t.deps.config.sandbox = true;
    }
  });
});
