import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { test } from './support/mail-loopback.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

/**
 * Issue 13, inbound messages as events in the console (S2-031, S2-030): swaks mails the server's inbound MX for two
 * routes of a verified domain; Analytics › Logs filtered to inbound shows sender, recipient, subject, route and
 * outcome, the line opens the route results and the stored message; Statistics shows Received.
 */
const run = promisify(execFile);
// The inbound MX's port, known before the server starts (the journey mails it).
const INBOUND_PORT = 30_000 + (process.pid % 20_000);
const DOMAIN = 'inbound-journey.test';

test.use({
  serverName: 'inbound-events',
  loopbackEnv: { INBOUND_SMTP_PORT: String(INBOUND_PORT), SANDBOX_MX_PORT: '0' },
});

interface DnsRecord {
  type: 'TXT' | 'MX' | 'CNAME';
  host: string;
  value: string;
  priority: number | null;
}

test('S2-031 S2-030: inbound messages in Logs (direction filter, route results) and Statistics (Received)', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(240_000);
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const created = await callApi(server, 'POST', '/domains', { token, body: { name: DOMAIN } });
  expect(created.status).toBe(200);
  const did = created.body.data.did as number;
  // Publish what the domain asks for (its receiving MX among them) at the local DNS, then verify, as a customer would.
  const domain = await callApi(server, 'GET', `/domains/${did}`, { token });
  for (const r of domain.body.data.records as DnsRecord[]) {
    if (r.type === 'MX') loopback.dns.set(r.host, 'MX', [{ exchange: r.value, priority: r.priority ?? 10 }]);
    else if (r.type === 'CNAME') loopback.dns.set(r.host, 'CNAME', [r.value]);
    else loopback.dns.set(r.host, 'TXT', [r.value]);
  }
  const verified = await callApi(server, 'PUT', `/domains/${did}/verify`, { token });
  expect(verified.body.data?.state).toBe('verified');
  for (const body of [
    {
      priority: 1,
      description: 'Support desk',
      expression: { type: 'match_recipient', pattern: 'support@.*' },
      actions: [{ type: 'store', days: 3 }],
    },
    {
      priority: 2,
      description: 'Quarantine',
      expression: { type: 'match_recipient', pattern: 'held@.*' },
      mode: 'hold',
    },
  ]) {
    expect((await callApi(server, 'POST', `/routes/${did}`, { token, body })).status).toBe(200);
  }
  const swaks = (to: string, subject: string) =>
    run(
      'swaks',
      [
        ['--server', `127.0.0.1:${INBOUND_PORT}`],
        ['--from', 'alice@example.org', '--to', to],
        ['--header', `Subject: ${subject}`, '--body', 'Hello, my order has not arrived.'],
      ].flat(),
    );
  await swaks(`support@${DOMAIN}`, 'Where is order 1234?');
  await swaks(`held@${DOMAIN}`, 'Suspicious invoice');

  await signIn(page, username, password);
  await page.goto('/analytics/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Log' });
  const supportRow = table.getByRole('row').filter({ hasText: `support@${DOMAIN}` });
  const inboundOnly = async () => {
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'Inbound' }).click();
    await expect(supportRow).toBeVisible({ timeout: 20_000 });
  };
  const openDrawer = async () => {
    await inboundOnly();
    await supportRow.getByRole('button', { name: /Details of inbound:received/ }).click();
    await expect(page.getByRole('dialog', { name: 'Where is order 1234?' }).getByText('Hello, my order')).toBeVisible();
  };
  await inboundOnly();
  await expect(supportRow.getByText('Where is order 1234?')).toBeVisible();
  // The outcome shows in its column on a desktop and under the recipient on a phone: the visible one.
  await expect(supportRow.getByText('accepted · route “Support desk”').filter({ visible: true })).toBeVisible();
  const heldRow = table.getByRole('row').filter({ hasText: `held@${DOMAIN}` });
  await expect(heldRow.getByText('held · route “Quarantine”').filter({ visible: true })).toBeVisible();
  await openDrawer();
  const drawer = page.getByRole('dialog', { name: 'Where is order 1234?' });
  await expect(drawer.getByText('store(days=3): stored for 3 days')).toBeVisible();
  // The From field and the envelope sender (swaks writes one From: the sender).
  await expect(drawer.getByText('alice@example.org', { exact: true })).toHaveCount(2);
  await expect(drawer.getByRole('button', { name: 'Download .eml' })).toBeVisible();
  if (SHOTS_DIR) await shoot(page, 'logs-drawer', openDrawer);
  await page.keyboard.press('Escape');
  if (SHOTS_DIR) await shoot(page, 'logs', inboundOnly);

  // The rollups run in the server's event workers within seconds: the API says when, then the screen shows it.
  await expect(async () => {
    const stats = await callApi(server, 'GET', `/stats/${did}?format=aggregate`, { token });
    expect(stats.body.data).toContainEqual({ category: 'inbound:received', value: 2 });
  }).toPass({ timeout: 60_000 });
  await page.goto('/analytics/statistics');
  const received = page.getByRole('group', { name: 'Events series' }).getByRole('button', { name: 'Received' });
  await expect(received).toBeVisible({ timeout: 30_000 });
  // Shown by default beside the spec's list, in the chart's description too.
  await expect(received).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Events: .*Received over time$/ })).toBeVisible();
  if (SHOTS_DIR) {
    await shoot(page, 'statistics', async () => {
      await expect(received).toBeVisible({ timeout: 30_000 });
    });
  }
});
