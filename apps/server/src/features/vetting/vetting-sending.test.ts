import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailEnv, SMTP_PASSWORD, startMailEnv } from '../../mail/testing/mail-env.ts';
import { ADMIN_PASSWORD } from '../../test/test-app.ts';
import { ensureSandboxDomain } from '../sandbox/sandbox.service.ts';
import { createVettingForm } from './vetting-forms.ts';

/**
 * Issue 15, "vetting decides sending": until an operator approves a customer with a vetting form, every door (native
 * API, Mailgun, SendGrid, SMTP) refuses mail outside its sandbox domain and its own users' addresses, with the same
 * refusal; a rejected domain sends nothing at all.
 */
let env: MailEnv;
let baseUrl: string;
let ownAddress: string;
let sandboxKey: string;
let sandboxName: string;
let sandboxLogin: string;
let operator: string;

beforeAll(async () => {
  env = await startMailEnv();
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  ownAddress = (
    await env.t.deps.db.one<{ email: string }>('SELECT email FROM users WHERE customer_id = $1 AND role = $2', [
      env.tenant.cid,
      'user',
    ])
  ).email;
  const sandbox = await ensureSandboxDomain(env.t.deps, env.tenant.cid);
  sandboxName = sandbox.name;
  const key = await env.t.request<{ token: string }>('POST', `/api/tokens/${sandbox.id}`, {
    token: env.tenant.admin.token,
    body: { role: 'sending', note: 'sandbox' },
  });
  sandboxKey = key.body.data?.token ?? '';
  const smtpUser = await env.t.request<{ login: string }>('POST', `/api/domains/${sandbox.id}/credentials`, {
    token: env.tenant.admin.token,
    body: { login: 'postmaster', password: SMTP_PASSWORD },
  });
  sandboxLogin = smtpUser.body.data?.login ?? '';
  operator = await env.t.login('admin', ADMIN_PASSWORD);
  await createVettingForm(env.t.deps, { customerId: env.tenant.cid, email: 'owner@acme.test' });
}, 60_000);
afterAll(async () => {
  await env?.close();
});

type Door = (to: string, from?: string, key?: string) => Promise<{ status: number; message: string }>;

const native: Door = async (to, from = 'app@acme.test', key = env.domain.token) => {
  const res = await env.t.request('POST', '/api/v1/send', { token: key, body: { from, to, subject: 's', text: 't' } });
  return { status: res.status, message: res.body.message ?? '' };
};

const sendgrid: Door = async (to, from = 'app@acme.test', key = env.domain.token) => {
  const res = await env.t.request('POST', '/v3/mail/send', {
    headers: { authorization: `Bearer ${key}` },
    body: {
      from: { email: from },
      personalizations: [{ to: [{ email: to }] }],
      subject: 's',
      content: [{ type: 'text/plain', value: 't' }],
    },
  });
  const errors = (res.body as { errors?: { message: string }[] }).errors;
  return { status: res.status, message: res.body.message ?? errors?.map((e) => e.message).join('; ') ?? '' };
};

const mailgun: Door = async (to, from = 'app@acme.test', key = env.domain.token) => {
  const client = new Mailgun(FormData).client({ username: 'api', key, url: baseUrl });
  try {
    await client.messages.create(from.split('@')[1] ?? '', { from, to, subject: 's', text: 't' });
    return { status: 200, message: '' };
  } catch (error) {
    const e = error as { status?: number; details?: string; message?: string };
    return { status: e.status ?? 0, message: `${e.details ?? ''} ${e.message ?? ''}` };
  }
};

/** SMTP: `key` is the SMTP login (the domain's own unless given). */
const smtp: Door = async (to, from = 'app@acme.test', key = env.domain.smtpLogin) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: env.smtpPort,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: key, pass: SMTP_PASSWORD },
  });
  try {
    await transport.sendMail({ from, to, subject: 's', text: 't' });
    return { status: 250, message: '' };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string };
    return { status: e.responseCode ?? 0, message: e.response ?? String(error) };
  } finally {
    transport.close();
  }
};

const DOORS: [string, Door, number][] = [
  ['native API', native, 403],
  ['Mailgun API', mailgun, 403],
  ['SendGrid API', sendgrid, 403],
  ['SMTP', smtp, 550],
];
const OK: Record<string, number> = { 'native API': 200, 'Mailgun API': 200, 'SendGrid API': 202, SMTP: 250 };

describe('issue 15: vetting decides sending on every door', () => {
  it.each(DOORS)('%s: an unvetted customer is refused outside its sandbox and own users', async (name, door, code) => {
    const refused = await door(`${name.replace(/\W/g, '')}@dest.test`);
    expect(refused.status).toBe(code);
    expect(refused.message).toContain('Your account is awaiting vetting');
  });

  it.each(DOORS)("%s: an unvetted customer may send to its own users' addresses", async (name, door) => {
    expect((await door(ownAddress)).status).toBe(OK[name]);
  });

  it.each(DOORS)('%s: an unvetted customer may send anywhere through its sandbox domain', async (name, door) => {
    const sent = await door('sandboxed@dest.test', `app@${sandboxName}`, name === 'SMTP' ? sandboxLogin : sandboxKey);
    expect(sent.status).toBe(OK[name]);
  });

  it('S4-020 once an operator approves the customer, every door sends anywhere', async () => {
    const decided = await env.t.request('PUT', `/api/customers/${env.tenant.cid}/vetting`, {
      token: operator,
      body: { decision: 'approve', note: 'Known sender' },
    });
    expect(decided.status).toBe(200);
    for (const [name, door] of DOORS) expect((await door(`approved@dest.test`)).status, name).toBe(OK[name]);
  });

  it('S4-019 a rejected domain cannot send, not even to its own users', async () => {
    const rejected = await env.t.request('PUT', `/api/domains/${env.domain.id}/vetting`, {
      token: operator,
      body: { status: 'reject', note: 'Purchased lists' },
    });
    expect(rejected.status).toBe(200);
    for (const [name, door, code] of DOORS) {
      const refused = await door(ownAddress);
      expect(refused.status, name).toBe(code);
      expect(refused.message, name).toContain('Domain acme.test was rejected in vetting and cannot send');
    }
  });
});
