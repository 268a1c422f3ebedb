import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { MessageDetail, TemplateDetail } from '@mailwright/contract';
import { Client } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader, verifyDkim } from '../../mail/testing/dkim-check.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { makeTenant } from '../../test/factories.ts';

/**
 * Issue 13: sending with a template through each API, with the official clients, to the MX sink: the message arrives
 * rendered (per message, with that message's variables) and DKIM-signed after rendering.
 */
let env: MailEnv;
let baseUrl: string;
let receipt: TemplateDetail;

const db = () => env.t.deps.db;
const countMessages = async () => (await db().one<{ n: number }>('SELECT count(*)::int AS n FROM messages')).n;

beforeAll(async () => {
  env = await startMailEnv();
  baseUrl = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `/api/templates/${env.domain.id}`;
  const token = env.tenant.admin.token;
  const made = await env.t.request<TemplateDetail>('POST', url, {
    token,
    body: {
      name: 'receipt',
      subject: 'Receipt {{order.id}} for {{default name "friend"}}',
      html: '<h1>Hi {{name}}</h1><ul>{{#each items}}<li>{{this.title}}: {{this.price}}</li>{{/each}}</ul>{{{footer}}}',
      text: 'Hi {{default name "friend"}}, {{#if paid}}paid{{else}}unpaid{{/if}} on {{date when "YYYY-MM-DD"}}',
    },
  });
  expect(made.status).toBe(200);
  // v2 becomes active; v1 stays reachable by its tag.
  const edited = await env.t.request<TemplateDetail>('PUT', `${url}/${made.body.data?.tmplid}`, {
    token,
    body: { subject: 'New receipt {{order.id}}', html: '<h2>v2 {{name}}</h2>', text: 'v2 text {{name}}' },
  });
  receipt = edited.body.data as TemplateDetail;
  expect(receipt.version?.tag).toBe('v2');
}, 60_000);
afterAll(async () => {
  await env?.close();
});

async function arrivesSigned(recipient: string) {
  await expect.poll(() => env.sink.receivedBy(recipient).length, { timeout: 15_000 }).toBe(1);
  const message = env.sink.receivedBy(recipient)[0]!;
  expect(await verifyDkim(message.raw, env.dns.servers)).toContainEqual({ domain: 'acme.test', result: 'pass' });
  const parsed = await simpleParser(message.raw);
  return { raw: message.raw, subject: rawHeader(message.raw, 'Subject'), html: parsed.html || '', text: parsed.text };
}

/** The template the logs' message detail (the console's drawer) shows for the message with this subject. */
async function templateInLogs(subject: string) {
  const { id } = await db().one<{ id: number }>('SELECT id FROM messages WHERE subject = $1', [subject]);
  const res = await env.t.request<MessageDetail>('GET', `/api/stats/${env.domain.id}/logs/${id}`, {
    token: env.tenant.user.token,
  });
  expect(res.status).toBe(200);
  return res.body.data?.template;
}

const send = (body: Record<string, unknown>) =>
  env.t.request('POST', '/api/v1/send', { headers: { authorization: `Bearer ${env.domain.token}` }, body });

describe('issue 13 native API: template, version, variables', () => {
  it('renders the named version with nested variables and arrives DKIM-signed', async () => {
    const res = await send({
      from: 'shop@acme.test',
      to: 'tpl-native@dest.test',
      template: 'receipt',
      version: 'v1',
      variables: {
        name: '<Ann & Bob>',
        order: { id: 77 },
        items: [
          { title: 'Tea', price: '3.50' },
          { title: 'Cake', price: '4.00' },
        ],
        paid: true,
        when: '2026-02-03T10:00:00Z',
        footer: '<p class="f">Shop Ltd</p>',
      },
    });
    expect(res.status).toBe(200);
    const message = await arrivesSigned('tpl-native@dest.test');
    expect(message.subject).toBe('Receipt 77 for <Ann & Bob>');
    expect(message.html).toContain('<h1>Hi &lt;Ann &amp; Bob&gt;</h1>');
    expect(message.html).toContain('<li>Tea: 3.50</li><li>Cake: 4.00</li>');
    expect(message.html).toContain('<p class="f">Shop Ltd</p>');
    expect(message.text?.trim()).toBe('Hi <Ann & Bob>, paid on 2026-02-03');
    // The variables are kept with the message as custom variables, objects as their JSON text.
    const stored = await db().one<{ variables: Record<string, string> }>(
      "SELECT variables FROM messages WHERE subject = 'Receipt 77 for <Ann & Bob>'",
    );
    expect(stored.variables.order).toBe('{"id":77}');
    // The log drawer's message detail says which template and version it was rendered from.
    expect(await templateInLogs('Receipt 77 for <Ann & Bob>')).toEqual({ name: 'receipt', tag: 'v1' });
  });

  it('uses the active version without a version; a given subject wins', async () => {
    expect(
      (
        await send({
          from: 'shop@acme.test',
          to: 'tpl-active@dest.test',
          template: 'receipt',
          variables: { name: 'Cy' },
        })
      ).status,
    ).toBe(200);
    const message = await arrivesSigned('tpl-active@dest.test');
    // Header folding drops the space the missing order id left at the end.
    expect(message.subject).toBe('New receipt');
    expect(message.html).toContain('<h2>v2 Cy</h2>');
    const own = await send({ from: 'shop@acme.test', to: 'tpl-own@dest.test', template: 'receipt', subject: 'Mine' });
    expect(own.status).toBe(200);
    expect((await arrivesSigned('tpl-own@dest.test')).subject).toBe('Mine');
  });

  it('refuses an unknown template or version, text with a template, and a line break put in the subject', async () => {
    const before = await countMessages();
    const field = async (body: Record<string, unknown>) => {
      const res = await send({ from: 'shop@acme.test', to: 'never@dest.test', ...body });
      expect(res.status).toBe(400);
      return [(res.body as { errors?: { field: string; message: string }[] }).errors?.[0]?.field, res.body];
    };
    expect((await field({ template: 'nope' }))[0]).toBe('template');
    expect(JSON.stringify((await field({ template: 'nope' }))[1])).toContain('Template nope not found');
    expect((await field({ template: 'receipt', version: 'v9' }))[0]).toBe('version');
    expect((await field({ template: 'receipt', text: 'x' }))[0]).toBe('template');
    expect((await field({ template: 'receipt', variables: { order: { id: '1\r\nBcc: x@evil.test' } } }))[0]).toBe(
      'subject',
    );
    expect(await countMessages()).toBe(before);
  });
});

describe('issue 13 strict templates: a missing variable is refused, naming the template and the variable', () => {
  it('answers 400 and queues nothing without the variable; sends with it', async () => {
    const made = await env.t.request('POST', `/api/templates/${env.domain.id}`, {
      token: env.tenant.admin.token,
      body: { name: 'strict-notice', subject: 'Notice for {{name}}', text: 'Dear {{name}}', strict: true },
    });
    expect(made.status).toBe(200);
    const before = await countMessages();
    const refused = await send({ from: 'shop@acme.test', to: 'never@dest.test', template: 'strict-notice' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Various errors',
      errors: [
        {
          field: 'template',
          message: 'Template strict-notice (v1, subject): Line 1, column 14: the variable name is missing',
        },
      ],
    });
    expect(await countMessages()).toBe(before);
    const sent = await send({
      from: 'shop@acme.test',
      to: 'tpl-strict@dest.test',
      template: 'strict-notice',
      variables: { name: 'Kim' },
    });
    expect(sent.status).toBe(200);
    expect((await arrivesSigned('tpl-strict@dest.test')).subject).toBe('Notice for Kim');
  });
});

describe('issue 13 Mailgun API with mailgun.js: template, t:version, t:variables, t:text', () => {
  const mailgun = () => new Mailgun(FormData).client({ username: 'api', key: env.domain.token, url: baseUrl });

  it('renders with t:variables; t:text=yes renders the text part too', async () => {
    const result = await mailgun().messages.create('acme.test', {
      from: 'shop@acme.test',
      to: 'tpl-mg@dest.test',
      template: 'receipt',
      't:version': 'v1',
      't:variables': JSON.stringify({ name: 'Dee', order: { id: 5 }, items: [{ title: 'Pie', price: 2 }] }),
      't:text': 'yes',
    });
    expect(result.status).toBe(200);
    const message = await arrivesSigned('tpl-mg@dest.test');
    expect(message.subject).toBe('Receipt 5 for Dee');
    expect(message.html).toContain('<li>Pie: 2</li>');
    expect(message.text?.trim()).toBe('Hi Dee, unpaid on');
  });

  it('h:X-Mailgun-Variables feeds the template (nested values as given); without t:text the text is the request own', async () => {
    await mailgun().messages.create('acme.test', {
      from: 'shop@acme.test',
      to: 'tpl-mg2@dest.test',
      template: 'receipt',
      text: 'Plain words',
      'h:X-Mailgun-Variables': JSON.stringify({ name: 'Eve', order: { id: 6 } }),
    });
    const message = await arrivesSigned('tpl-mg2@dest.test');
    expect(message.subject).toBe('New receipt 6');
    expect(message.html).toContain('<h2>v2 Eve</h2>');
    expect(message.text?.trim()).toBe('Plain words');
  });

  it('an unknown template or version is a 400 naming the field', async () => {
    const before = await countMessages();
    for (const [fields, pattern] of [
      [{ template: 'missing' }, /^template: Template missing not found/],
      [{ template: 'receipt', 't:version': 'v7' }, /^t:version: Template receipt has no version v7/],
      [{ template: 'receipt', 't:variables': '{not json' }, /^t:variables: t:variables must be a JSON object/],
    ] as const) {
      const error = await mailgun()
        .messages.create('acme.test', { from: 'shop@acme.test', to: 'never@dest.test', ...fields })
        .catch((e: { status?: number; details?: string }) => e);
      expect((error as { status?: number }).status).toBe(400);
      expect((error as { details?: string }).details).toMatch(pattern);
    }
    expect(await countMessages()).toBe(before);
  });
});

describe('issue 13 SendGrid API with @sendgrid/mail: template_id and dynamic_template_data', () => {
  function sendgrid() {
    const client = new Client();
    client.setApiKey(env.domain.token);
    client.setDefaultRequest('baseUrl', baseUrl);
    sgMail.setClient(client);
    return sgMail;
  }

  it('renders once per personalization with its own data, by d-name or d-tmplid', async () => {
    const [response] = await sendgrid().send({
      from: { email: 'shop@acme.test' },
      templateId: 'd-receipt',
      personalizations: [
        { to: [{ email: 'tpl-sg1@dest.test' }], dynamicTemplateData: { name: 'Fay', order: { id: 1 } } },
        { to: [{ email: 'tpl-sg2@dest.test' }], dynamicTemplateData: { name: 'Gus', order: { id: 2 } } },
      ],
    });
    expect(response.statusCode).toBe(202);
    const [one, two] = [await arrivesSigned('tpl-sg1@dest.test'), await arrivesSigned('tpl-sg2@dest.test')];
    expect([one.subject, two.subject]).toEqual(['New receipt 1', 'New receipt 2']);
    expect(one.html).toContain('<h2>v2 Fay</h2>');
    expect(two.html).toContain('<h2>v2 Gus</h2>');
    expect(two.text?.trim()).toBe('v2 text Gus');
    expect(await templateInLogs('New receipt 2')).toEqual({ name: 'receipt', tag: 'v2' });

    await sendgrid().send({
      from: { email: 'shop@acme.test' },
      templateId: `d-${receipt.tmplid}`,
      personalizations: [{ to: [{ email: 'tpl-sg3@dest.test' }], dynamicTemplateData: { name: 'Hal' } }],
    });
    expect((await arrivesSigned('tpl-sg3@dest.test')).html).toContain('<h2>v2 Hal</h2>');
  });

  it('an unknown template_id is a 400 in SendGrid error format naming template_id', async () => {
    const before = await countMessages();
    const error = await sendgrid()
      .send({ from: { email: 'shop@acme.test' }, to: 'never@dest.test', templateId: 'd-unknown' })
      .catch((e: { code?: number; response?: { body?: unknown } }) => e);
    expect((error as { code?: number }).code).toBe(400);
    expect((error as { response?: { body?: unknown } }).response?.body).toEqual({
      errors: [{ message: 'Template unknown not found for domain acme.test', field: 'template_id', help: null }],
    });
    expect(await countMessages()).toBe(before);
  });
});

describe("issue 13 tenancy: another customer's template is never found", () => {
  it('by name from its own domain or by tmplid from ours: 400 not found, nothing queued', async () => {
    const other = await makeTenant(env.t);
    const theirDomain = await env.addDomain('other-shop.test', { tenant: other });
    const theirs = await env.t.request<TemplateDetail>('POST', `/api/templates/${theirDomain.id}`, {
      token: other.admin.token,
      body: { name: 'secret-offer', subject: 'Secret', html: '<p>their content</p>' },
    });
    expect(theirs.status).toBe(200);
    const before = await countMessages();
    for (const template of ['secret-offer', String(theirs.body.data?.tmplid)]) {
      const res = await send({ from: 'shop@acme.test', to: 'never@dest.test', template });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(`Template ${template} not found for domain acme.test`);
    }
    expect(await countMessages()).toBe(before);
  });
});

describe('issue 13 SMTP with swaks: X-Mailwright-Template, -Template-Version and -Variables', () => {
  const run = promisify(execFile);
  // quiet: no transcript; otherwise the transcript (with the server's reply) is in the error swaks exits with.
  const swaks = (headers: string[], to: string, quiet = true) =>
    run('swaks', [
      ...['--server', `127.0.0.1:${env.smtpPort}`, '--tls', '--timeout', '20', ...(quiet ? ['--hide-all'] : [])],
      ...['--auth', 'PLAIN', '--auth-user', env.domain.smtpLogin, '--auth-password', env.domain.smtpPassword],
      ...['--from', 'swaks@acme.test', '--to', to, '--header', 'From: Shop <swaks@acme.test>'],
      ...headers.flatMap((h) => ['--header', h]),
      ...['--body', 'The body the template replaces.'],
    ]);

  it('renders the template into the body, removes the control headers, and signs the result', async () => {
    await swaks(
      [
        'Subject: ',
        'X-Mailwright-Template: receipt',
        'X-Mailwright-Template-Version: v1',
        `X-Mailwright-Variables: ${JSON.stringify({ name: 'Ida', order: { id: 9 }, items: [{ title: 'Jam', price: 1 }] })}`,
      ],
      'tpl-smtp@dest.test',
    );
    const message = await arrivesSigned('tpl-smtp@dest.test');
    expect(message.subject).toBe('Receipt 9 for Ida');
    expect(message.html).toContain('<li>Jam: 1</li>');
    expect(message.text?.trim()).toBe('Hi Ida, unpaid on');
    expect(message.raw.toString()).not.toMatch(/X-Mailwright-|The body the template replaces/i);
    expect(await templateInLogs('Receipt 9 for Ida')).toEqual({ name: 'receipt', tag: 'v1' });
  });

  it('refuses an unknown template or bad variables with 550 naming the header; nothing is queued', async () => {
    const before = await countMessages();
    for (const [header, pattern] of [
      [['X-Mailwright-Template: nope'], /550 5\.6\.0 Template nope not found/],
      [
        ['X-Mailwright-Template: receipt', 'X-Mailwright-Variables: {oops'],
        /550 5\.6\.0 X-Mailwright-Variables must be a JSON object/,
      ],
    ] as const) {
      const failed = await swaks(['Subject: x', ...header], 'never@dest.test', false).catch(
        (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
      );
      expect(String(failed)).toMatch(pattern);
    }
    expect(await countMessages()).toBe(before);
  });
});
