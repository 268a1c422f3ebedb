import type { Webhook } from '@mailwright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDomain } from '../../events/testing.ts';
import { useTenants, useTestApp } from '../../test/setup.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import { maskWebhookUrl } from './webhook-url-mask.ts';

/**
 * Issue 10 item 10 (webhook part): Basic credentials in a webhook URL are never shown again once saved, to role
 * `user` or anyone; sent back masked, the stored ones stay. The receiver runs on loopback, so this app allows private
 * targets (WEBHOOK_ALLOW_PRIVATE, as tests must).
 */
const t = useTestApp({ webhookAllowPrivate: true });
const { tenant } = useTenants(t);
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('issue 10 item 10: credentials in webhook URLs are masked in every answer', () => {
  it('masks the password (or a lone user name) and leaves other URLs as written', () => {
    expect(maskWebhookUrl('https://user:pass@hooks.example.com/x?y=1')).toBe(
      'https://user:****@hooks.example.com/x?y=1',
    );
    expect(maskWebhookUrl('https://tok3n@hooks.example.com/')).toBe('https://****@hooks.example.com/');
    expect(maskWebhookUrl('https://hooks.example.com/plain')).toBe('https://hooks.example.com/plain');
  });

  it('shows user:**** to role user and admin; the masked URL sent back keeps the stored password', async () => {
    const { did } = await makeTestDomain(t.deps.db, tenant.cid);
    const base = `/api/domains/${did}/webhooks`;
    const withSecret = receiver.url.replace('http://', 'http://hookuser:s3cret-pass@');
    const masked = `${receiver.url.replace('http://', 'http://hookuser:****@')}/hook`;
    const created = await t.request<Webhook>('POST', base, {
      token: tenant.user.token,
      body: { type: 'delivered', url: `${withSecret}/hook` },
    });
    expect(created.status).toBe(200);
    expect(created.body.data?.url).toBe(masked);
    const wid = created.body.data?.id as number;
    for (const token of [tenant.user.token, tenant.admin.token]) {
      const list = await t.request<{ items: Webhook[] }>('GET', base, { token });
      const one = await t.request<Webhook>('GET', `${base}/${wid}`, { token });
      expect(list.body.data?.items[0]?.url).toBe(masked);
      expect(one.body.data?.url).toBe(masked);
      expect(JSON.stringify([list.body, one.body])).not.toContain('s3cret-pass');
    }

    // The console sends the form back as shown: the password stays what was saved.
    const kept = await t.request<Webhook>('PUT', `${base}/${wid}`, {
      token: tenant.user.token,
      body: { url: masked, format: 'mailgun' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ url: masked, format: 'mailgun' });
    expect((await t.request('GET', `${base}/${wid}/test`, { token: tenant.user.token })).status).toBe(200);
    const basic = (user: string) => `Basic ${Buffer.from(user).toString('base64')}`;
    expect(receiver.received.at(-1)?.headers.authorization).toBe(basic('hookuser:s3cret-pass'));

    // A new password replaces it, and is masked in turn.
    const changed = await t.request<Webhook>('PUT', `${base}/${wid}`, {
      token: tenant.user.token,
      body: { url: `${receiver.url.replace('http://', 'http://hookuser:other-pass@')}/hook` },
    });
    expect(changed.body.data?.url).toBe(masked);
    await t.request('GET', `${base}/${wid}/test`, { token: tenant.user.token });
    expect(receiver.received.at(-1)?.headers.authorization).toBe(basic('hookuser:other-pass'));
  });
});
