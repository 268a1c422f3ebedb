import type { AggregateEntry } from '@mailwright/contract';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEventWorkers } from '../../event-workers.ts';
import { type MailEnv, startMailEnv } from '../../mail/testing/mail-env.ts';
import { startWebhookReceiver } from '../webhooks/webhook-receiver.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const RECIPIENTS = ['ann@dest.test', 'ben@dest.test', 'cat@dest.test'];

let env: MailEnv;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let workers: ReturnType<typeof startEventWorkers>;
let origin: string;

beforeAll(async () => {
  env = await startMailEnv({ webhookAllowPrivate: true });
  receiver = await startWebhookReceiver();
  workers = startEventWorkers(env.t.deps);
  // The tracking endpoints on a real port, for a real HTTP client.
  origin = await env.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
  await env?.close();
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A link of the message as the recipient's browser would fetch it: the tracking host is ours, on loopback. */
const onLoopback = (url: string) => url.replace(/^https:\/\/mwt\.acme\.test/, origin);

describe('mail to the local MX, then opens, clicks and a one-click unsubscribe over HTTP', () => {
  it('counts the same in the statistics API as a local webhook receiver receives', async () => {
    const { t, tenant, domain } = env;
    const token = tenant.admin.token;
    await t.request('PUT', `/api/domains/${domain.id}`, { token, body: { open_tracking: true, click_tracking: true } });
    for (const type of ['delivered', 'opened', 'clicked', 'unsubscribed']) {
      const res = await t.request('POST', `/api/domains/${domain.id}/webhooks`, {
        token,
        body: { type, url: `${receiver.url}/${type}` },
      });
      expect(res.status).toBe(200);
    }

    const from = new Date(Date.now() - 3600_000).toISOString();
    const mailer = nodemailer.createTransport({
      host: '127.0.0.1',
      port: env.smtpPort,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: domain.smtpLogin, pass: domain.smtpPassword },
    });
    for (const to of RECIPIENTS) {
      await mailer.sendMail({
        from: 'news@acme.test',
        to,
        subject: 'Spring sale',
        text: 'Our spring sale: https://shop.example/sale',
        html: '<html><body><p>Our <a href="https://shop.example/sale?utm=mail&amp;id=7">spring sale</a>.</p></body></html>',
      });
    }
    mailer.close();
    const received = await env.sink.waitFor(RECIPIENTS.length, 60_000);

    // Every recipient's mail was delivered (the engine's event) before anyone reads it.
    await waitFor('three delivered webhooks', async () =>
      receiver.received.filter((r) => r.path === '/delivered').length >= 3 ? true : undefined,
    );
    // People take a moment to open mail; a request within 2 s of delivery would be flagged as a machine.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const links: { to: string; pixel: string; click: string; unsubscribe: string }[] = [];
    for (const message of received) {
      const parsed = await simpleParser(message.raw);
      const html = parsed.html as string;
      links.push({
        to: message.rcptTo[0] as string,
        pixel: onLoopback(html.match(/<img src="([^"]+\/t\/o\/[^"]+)"/)?.[1] as string),
        click: onLoopback(html.match(/href="([^"]+\/t\/c\/[^"]+)"/)?.[1] as string),
        unsubscribe: onLoopback(message.raw.toString().match(/^List-Unsubscribe:\s*<([^>]+)>/im)?.[1] as string),
      });
    }
    expect(links.every((l) => l.pixel && l.click && l.unsubscribe)).toBe(true);

    // Everyone opens; two click; one unsubscribes with the RFC 8058 one-click POST.
    for (const link of links) {
      const pixel = await fetch(link.pixel, { headers: { 'user-agent': BROWSER } });
      expect(pixel.headers.get('content-type')).toBe('image/gif');
    }
    for (const link of links.slice(0, 2)) {
      const click = await fetch(link.click, { headers: { 'user-agent': BROWSER }, redirect: 'manual' });
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toBe('https://shop.example/sale?utm=mail&id=7');
    }
    const oneClick = await fetch(links[2]?.unsubscribe as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Gmail one-click' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    const expected = { delivered: 3, opened: 3, clicked: 2, unsubscribed: 1 };
    const byType = () =>
      Object.fromEntries(
        Object.keys(expected).map((type) => [type, receiver.received.filter((r) => r.path === `/${type}`).length]),
      );
    await waitFor('every webhook', async () =>
      JSON.stringify(byType()) === JSON.stringify(expected) ? true : undefined,
    );

    const stats = await waitFor('statistics to catch up', async () => {
      const res = await t.request<AggregateEntry[]>('GET', `/api/stats/${domain.id}?format=aggregate&from=${from}`, {
        token: tenant.user.token,
      });
      const value = (name: string) => res.body.data?.find((e) => e.category === name)?.value ?? 0;
      return value('unsubscribed') === 1 && value('opened') === 3 ? value : undefined;
    });
    for (const [type, count] of Object.entries(expected)) expect(stats(type), type).toBe(count);
    expect(stats('accepted')).toBe(3);
    expect(byType()).toEqual(expected);

    // What the webhooks said about each recipient matches what happened, and the opens were people's.
    const clicked = receiver.received
      .filter((r) => r.path === '/clicked')
      .map((r) => r.body.event as Record<string, unknown>);
    expect(clicked.map((e) => e.recipient).sort()).toEqual(
      links
        .slice(0, 2)
        .map((l) => l.to)
        .sort(),
    );
    expect(clicked.every((e) => e.url === 'https://shop.example/sale?utm=mail&id=7' && e.bot === false)).toBe(true);
    const suppression = await waitFor('the unsubscribe suppression', () =>
      t.deps.db.maybeOne<{ type: string }>('SELECT type FROM suppressions WHERE recipient = $1', [links[2]?.to]),
    );
    expect(suppression.type).toBe('unsubscribe');
  });
});
