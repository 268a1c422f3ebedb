import sendgrid from '@sendgrid/client';
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import * as postmark from 'postmark';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../test/provider-fakes/fake-http.ts';
import { MAILGUN_KEY, startMailgunFake } from '../../test/provider-fakes/mailgun-fake.ts';
import {
  POSTMARK_ACCOUNT_TOKEN,
  POSTMARK_SERVER_TOKEN,
  startPostmarkFake,
} from '../../test/provider-fakes/postmark-fake.ts';
import { SENDGRID_KEY, startSendgridFake } from '../../test/provider-fakes/sendgrid-fake.ts';

// Issue 18: the fakes are only worth what the real clients think of them. Each provider's official client is pointed
// at its fake, and what it sends and reads back must work as against the provider.

let mailgunFake: FakeServer;
let sendgridFake: FakeServer;
let postmarkFake: FakeServer;
beforeAll(async () => {
  [mailgunFake, sendgridFake, postmarkFake] = await Promise.all([
    startMailgunFake({ bounces: 150 }),
    startSendgridFake(),
    startPostmarkFake(),
  ]);
});
afterAll(async () => {
  await Promise.all([mailgunFake.close(), sendgridFake.close(), postmarkFake.close()]);
});

describe('the provider fakes answer what the official clients expect (issue 18)', () => {
  it('mailgun.js: domains, a suppression page with its next-page pivot, templates, webhooks, routes; 401 on a bad key', async () => {
    const mg = new Mailgun(FormData).client({ username: 'api', key: MAILGUN_KEY, url: mailgunFake.url });
    const domains = await mg.domains.list({ limit: 10 });
    expect(domains.map((d) => d.name)).toEqual(['example.com', 'news.example.com']);
    const bounces = await mg.suppressions.list('example.com', 'bounces', { limit: 100 });
    expect(bounces.items).toHaveLength(100);
    expect(bounces.items[0]).toMatchObject({ address: 'b000000@recipients.example.org', code: 550 });
    expect(bounces.pages.next?.url).toContain(`${mailgunFake.url}/v3/example.com/bounces?page=next`);
    expect(bounces.pages.next?.iteratorPosition).toBe('b000099@recipients.example.org');
    const templates = await mg.domains.domainTemplates.list('example.com', { limit: 5 });
    expect(templates.items.map((t) => t.name)).toContain('template-000000');
    const hooks = await mg.webhooks.list('example.com', {});
    expect(hooks.delivered?.urls).toEqual(['https://hooks.example.net/mailgun/delivered']);
    const routes = await mg.routes.list({ limit: 10 });
    expect(routes.map((r) => r.expression)).toContain('match_header("subject", "invoice")');
    const bad = new Mailgun(FormData).client({ username: 'api', key: 'key-wrong', url: mailgunFake.url });
    await expect(bad.domains.list()).rejects.toMatchObject({ status: 401 });
  });

  it('@sendgrid/client: Bearer auth, bare-array suppression pages with a Link header, dynamic templates; 401 body', async () => {
    // The package's typings describe only its shared instance (index.js also exports the class, untyped).
    const client = sendgrid;
    client.setApiKey(SENDGRID_KEY);
    client.setDefaultRequest('baseUrl', `${sendgridFake.url}/`);
    const [page, bounces] = await client.request({
      method: 'GET',
      url: '/v3/suppression/bounces',
      qs: { limit: 5, offset: 5 },
    });
    expect(page.statusCode).toBe(200);
    expect(bounces).toHaveLength(5);
    expect((bounces as { email: string }[])[0]?.email).toBe('bo000005@recipients.example.org');
    expect(String(page.headers.link)).toContain('rel="next"');
    const [, templates] = await client.request({
      method: 'GET',
      url: '/v3/templates',
      qs: { generations: 'dynamic', page_size: 2 },
    });
    expect((templates as { result: unknown[]; _metadata: { next: string } })._metadata.next).toContain('page_token=2');
    client.setApiKey('SG.wrong');
    client.setDefaultRequest('baseUrl', `${sendgridFake.url}/`);
    await expect(client.request({ method: 'GET', url: '/v3/whitelabel/domains' })).rejects.toMatchObject({
      code: 401,
    });
  });

  it('postmark: account and server clients with their token headers; domains, templates, suppressions, webhooks; 401', async () => {
    const options = { useHttps: false, requestHost: new URL(postmarkFake.url).host };
    const account = new postmark.AccountClient(POSTMARK_ACCOUNT_TOKEN, options);
    const domains = await account.getDomains({ count: 10, offset: 0 });
    expect(domains.Domains.map((d) => d.Name)).toEqual(['example.com']);
    const server = new postmark.ServerClient(POSTMARK_SERVER_TOKEN, options);
    const templates = await server.getTemplates({ count: 3, offset: 0 });
    expect(templates.TotalCount).toBe(7);
    expect(templates.Templates.map((t) => t.TemplateType)).toEqual(['Layout', 'Standard', 'Standard']);
    const dump = await server.getSuppressions('outbound');
    expect(dump.Suppressions[0]).toMatchObject({ SuppressionReason: 'HardBounce', Origin: 'Recipient' });
    const hooks = await server.getWebhooks();
    expect(hooks.Webhooks[0]?.Triggers.Delivery.Enabled).toBe(true);
    const wrong = new postmark.ServerClient('nope', options);
    await expect(wrong.getServer()).rejects.toMatchObject({ statusCode: 401, code: 10 });
  });
});
