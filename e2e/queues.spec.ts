import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { addVerifiedDomain, routeToSink, test } from './support/mail-loopback.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

/**
 * Processes and queues (issue 17): the operator sees its own server process and a destination whose message was
 * deferred, and retries it now. A retry an hour away: only "Retry now" can bring the second attempt in time.
 */
test.use({ serverName: 'queues', loopbackEnv: { RETRY_SCHEDULE_SECONDS: '3600' } });

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

const DOMAIN = 'queues-shop.test';
const RECIPIENT = 'reader@slow.test';

test('S1-010 S1-011 S2-110 S3-063 S7-109 S7-110: an operator sees its process and a deferred destination on /monitoring/rabbitmq, retries it now and drops deferred mail by reply text', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(180_000);
  routeToSink(loopback.dns, 'slow.test');
  loopback.sink.script(RECIPIENT, ['451 4.2.0 Mailbox busy, try later']);
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const domain = await addVerifiedDomain(server, loopback.dns, token, DOMAIN);
  const key = await callApi(server, 'POST', `/tokens/${domain.did}`, { token, body: { role: 'sending', note: 'q' } });
  expect(key.status).toBe(200);
  const sent = await callApi(server, 'POST', '/v1/send', {
    token: key.body.data.token,
    body: { from: `news@${DOMAIN}`, to: RECIPIENT, subject: 'Queued', text: 'Hello' },
  });
  expect(sent.status).toBe(200);
  await expect.poll(() => loopback.sink.attempts(RECIPIENT), { timeout: 60_000 }).toBe(1);

  await signIn(page, username, password);
  // /monitoring is the section's default: it opens the queues.
  await page.goto('/monitoring');
  await expect(page).toHaveURL(/\/monitoring\/rabbitmq$/);
  await expect(page.getByRole('heading', { name: 'Queues', level: 2 })).toBeVisible();

  // The server's own process: every role (events too, once the event bus is in), this host.
  const processes = page.getByRole('region', { name: 'Processes' });
  await expect(processes.getByText(/^api, (events, )?smtp, worker$/)).toBeVisible();

  const destinations = page.getByRole('region', { name: 'By destination' });
  await expect(destinations.getByText('slow.test', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    destinations.getByRole('cell', { name: '451 4.2.0 Mailbox busy, try later', exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/No RabbitMQ broker is configured/)).toBeVisible();
  if (SHOTS_DIR)
    await shoot(page, 'queues', () => expect(destinations.getByText('slow.test', { exact: true })).toBeVisible());

  await destinations.getByRole('button', { name: 'Retry slow.test now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry now' });
  await expect(dialog.getByText(/Retry the 1 deferred message to slow\.test now/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByText('1 deferred message to slow.test will be retried now')).toBeVisible();
  // The second attempt is taken by the sink and the queue empties.
  await loopback.sink.waitFor(1, 60_000);
  expect(loopback.sink.receivedBy(RECIPIENT)).toHaveLength(1);
  await expect(destinations.getByText('Nothing is queued.')).toBeVisible({ timeout: 30_000 });

  // Bulk: another deferred message, dropped by the text of the reply that deferred it; the sink never gets it.
  const second = 'late@slow.test';
  loopback.sink.script(second, ['451 4.2.0 Mailbox busy, try later']);
  const again = await callApi(server, 'POST', '/v1/send', {
    token: key.body.data.token,
    body: { from: `news@${DOMAIN}`, to: second, subject: 'Queued again', text: 'Hello' },
  });
  expect(again.status).toBe(200);
  await expect.poll(() => loopback.sink.attempts(second), { timeout: 60_000 }).toBe(1);
  await page.reload();
  await expect(destinations.getByText('slow.test', { exact: true })).toBeVisible({ timeout: 30_000 });
  await destinations.getByRole('button', { name: 'Deferred messages…' }).click();
  const bulk = page.getByRole('dialog', { name: 'Deferred and paused messages' });
  await bulk.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Drop' }).click();
  await bulk.getByLabel('Reply text').fill('MAILBOX BUSY');
  await bulk.getByRole('button', { name: 'Drop messages' }).click();
  await expect(page.getByText('1 message dropped')).toBeVisible();
  await expect(destinations.getByText('Nothing is queued.')).toBeVisible({ timeout: 30_000 });
  expect(loopback.sink.receivedBy(second)).toHaveLength(0);
});
