import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';
import { shootScreen } from './support/screenshots.ts';
import type { MailwrightServer } from './support/server.ts';

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string) =>
  shootScreen(page, `sandbox-${name}`, () =>
    expect(page.getByRole('heading', { level: 1, name: 'Sandbox inbox' })).toBeVisible(),
  );

// Issue 11, "What it must show": from a fresh database, mail from the sandbox domain through every API and SMTP, read
// in the Sandbox inbox, its tracked link clicked and its one-click unsubscribe pressed; delivered, opened, clicked and
// unsubscribed then show in Logs, Statistics and at a webhook receiver. Everything stays on loopback: the sandbox
// delivers to its own catch-all MX, and the message's link points at the receiver below.
test.use({
  serverName: 'sandbox',
  // SANDBOX_MX_PORT=0: the catch-all takes any free loopback port; webhooks may post to the loopback receiver.
  serverEnv: { SANDBOX_MX_PORT: '0', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' },
});

interface Receiver {
  url: string;
  bodies: string[];
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (req.url?.startsWith('/hooks')) bodies.push(body);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Landing</title><p>Landed</p>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

/** data/sandbox.env of the fresh server: its first start wrote a sandbox key and SMTP user there (README). */
async function starter(server: MailwrightServer): Promise<Record<string, string>> {
  const text = await readFile(join(server.dataDir, 'sandbox.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^MW_\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

test('issue 11: a message sent through the sandbox with each API and SMTP is read, clicked and unsubscribed, and every step shows in Logs, Statistics and webhooks', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const env = await starter(server);
    const domain = env.MW_SANDBOX_DOMAIN as string;
    const key = env.MW_SANDBOX_KEY as string;
    const token = await apiToken(server, admin(server).username, admin(server).password);
    const info = await callApi(server, 'GET', '/sandbox', { token });
    expect(info.body.data.domain.name).toBe(domain);
    const did = info.body.data.domain.did as number;
    for (const type of ['delivered', 'opened', 'clicked', 'unsubscribed']) {
      const hook = await callApi(server, 'POST', `/domains/${did}/webhooks`, {
        token,
        body: { type, url: `${receiver.url}/hooks/${type}` },
      });
      expect(hook.status).toBe(200);
    }

    const html = `<p>Welcome! <a href="${receiver.url}/landing">Open the landing page</a></p>`;
    // The native API.
    const native = await fetch(`${server.url}/api/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: `hello@${domain}`, to: 'newcomer@example.com', subject: 'Native hello', html }),
    });
    expect(native.status).toBe(200);
    // The Mailgun-shaped API: HTTP Basic with user "api", a form body.
    const form = new FormData();
    form.set('from', `Mailgun <mg@${domain}>`);
    form.set('to', 'mailgun-user@example.org');
    form.set('subject', 'Mailgun hello');
    form.set('text', 'Hello from the Mailgun-shaped API');
    const mailgun = await fetch(`${server.url}/v3/${domain}/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}` },
      body: form,
    });
    expect(mailgun.status).toBe(200);
    // The SendGrid-shaped API.
    const sendgrid = await fetch(`${server.url}/v3/mail/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: 'sendgrid-user@example.net' }] }],
        from: { email: `sg@${domain}` },
        subject: 'SendGrid hello',
        content: [{ type: 'text/plain', value: 'Hello from the SendGrid-shaped API' }],
      }),
    });
    expect(sendgrid.status).toBe(202);
    // SMTP submission with the SMTP user of data/sandbox.env (STARTTLS, a self-signed certificate here).
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: Number(env.MW_SMTP_PORT),
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: env.MW_SANDBOX_SMTP_USER as string, pass: env.MW_SANDBOX_SMTP_PASSWORD as string },
    });
    await smtp.sendMail({ from: `smtp@${domain}`, to: 'smtp-user@example.com', subject: 'SMTP hello', text: 'Hi' });
    smtp.close();

    await signIn(page, admin(server).username, admin(server).password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sandbox inbox' }).click();
    const inbox = page.getByRole('table', { name: 'Sandbox inbox' });
    // The inbox refreshes itself: the four messages arrive without a reload.
    for (const subject of ['Native hello', 'Mailgun hello', 'SendGrid hello', 'SMTP hello']) {
      await expect(inbox.getByRole('button', { name: subject, exact: true })).toBeVisible({ timeout: 30_000 });
    }
    await shoot(page, 'inbox');

    await inbox.getByRole('button', { name: 'Native hello', exact: true }).click();
    const message = page.getByLabel('Sandbox message');
    for (const verdict of ['DKIM pass', 'SPF pass', 'DMARC pass']) {
      await expect(message.getByText(verdict, { exact: true })).toBeVisible();
    }
    const preview = page.frameLocator('iframe[title="HTML part"]');
    await expect(preview.getByRole('link', { name: 'Open the landing page' })).toBeVisible();
    const url = page.url();
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'message');
    await page.goto(url);

    // The tracked link opens in a new tab, through the click redirect, to the landing page.
    const [landing] = await Promise.all([
      page.waitForEvent('popup'),
      page.frameLocator('iframe[title="HTML part"]').getByRole('link', { name: 'Open the landing page' }).click(),
    ]);
    await expect(landing.getByText('Landed')).toBeVisible();
    await landing.close();
    await page.getByRole('button', { name: 'Unsubscribe (one-click)' }).click();
    await expect(page.getByText(/One-click unsubscribe sent/)).toBeVisible();

    // Webhooks: each event type reached the receiver.
    for (const type of ['delivered', 'opened', 'clicked', 'unsubscribed']) {
      await expect
        .poll(() => receiver.bodies.some((b) => b.includes(`"${type}"`)), { timeout: 30_000, message: type })
        .toBe(true);
    }
    // Statistics: the rollups count them (the Statistics screen reads the same endpoint).
    await expect
      .poll(
        async () => {
          const stats = await callApi(server, 'GET', `/stats/${did}?format=aggregate`, { token });
          const counts = Object.fromEntries(
            (stats.body.data as { category: string; value: number }[]).map((e) => [e.category, e.value]),
          );
          return ['delivered', 'opened', 'clicked', 'unsubscribed'].every((a) => (counts[a] ?? 0) > 0) && counts;
        },
        { timeout: 30_000 },
      )
      .toMatchObject({ delivered: 4 });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Statistics' })).toBeVisible();
    // Logs: the events of the native message.
    await page.goto('/analytics/logs');
    const log = page.getByRole('table', { name: 'Log' });
    for (const label of ['Delivered', 'Opened', 'Clicked', 'Unsubscribed']) {
      await expect(log.getByText(label, { exact: true }).filter({ visible: true }).first()).toBeVisible({
        timeout: 20_000,
      });
    }
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
