import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { addVerifiedDomain, routeToSink, test } from './support/mail-loopback.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

/**
 * Operator actions (issue 17): the processes and queues, a destination paused and resumed, deferred mail released by
 * the text of its reply while the pause stays, and a user auto-ban lifted. Retries are an hour away, so only the
 * operator's actions can bring a second attempt within the journey; one wrong password bans a name (3 × the limit).
 */
test.use({
  serverName: 'monitoring-operations',
  loopbackEnv: { RETRY_SCHEDULE_SECONDS: '3600', LOGIN_MAX_FAILURES_PER_USER: '1' },
});

const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

const DOMAIN = 'ops-shop.test';
const GREYLISTED = 'grey@paused.test';
const FULL = 'full@paused.test';

test('S1-010 S1-011 S1-014 S2-077 S2-110 S7-109 S7-110 S7-113: an operator sees processes and queues, pauses a destination, releases deferred mail by reply text, resumes it and lifts an auto-ban', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(240_000);
  routeToSink(loopback.dns, 'paused.test');
  loopback.sink.script(GREYLISTED, ['451 4.7.1 Greylisted, come back later']);
  loopback.sink.script(FULL, ['452 4.2.2 Mailbox full']);
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const domain = await addVerifiedDomain(server, loopback.dns, token, DOMAIN);
  const key = await callApi(server, 'POST', `/tokens/${domain.did}`, { token, body: { role: 'sending', note: 'ops' } });
  expect(key.status).toBe(200);
  for (const to of [GREYLISTED, FULL]) {
    const sent = await callApi(server, 'POST', '/v1/send', {
      token: key.body.data.token,
      body: { from: `news@${DOMAIN}`, to, subject: 'Held', text: 'Hello' },
    });
    expect(sent.status).toBe(200);
  }
  await expect
    .poll(() => loopback.sink.attempts(GREYLISTED) + loopback.sink.attempts(FULL), { timeout: 60_000 })
    .toBe(2);

  // Processes and queues.
  await signIn(page, username, password);
  await page.goto('/monitoring/rabbitmq');
  const processes = page.getByRole('region', { name: 'Processes' });
  await expect(processes.getByText(/^api, (events, )?smtp, worker$/)).toBeVisible();
  await expect(processes.getByRole('columnheader', { name: 'Connections' })).toBeVisible();
  const destinations = page.getByRole('region', { name: 'By destination' });
  await expect(destinations.getByText('paused.test', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Pause the destination: both deferred messages are held.
  await destinations.getByRole('button', { name: 'Pause paused.test' }).click();
  const pauseDialog = page.getByRole('dialog', { name: 'Pause delivery' });
  await expect(pauseDialog.getByText(/Pause paused\.test \(2 messages queued now\)\?/)).toBeVisible();
  await pauseDialog.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('paused.test paused: 2 messages held')).toBeVisible();
  const paused = page.getByRole('region', { name: 'Paused' });
  await expect(paused.getByText('paused.test', { exact: true })).toBeVisible();
  await expect(destinations.getByRole('button', { name: 'Resume paused.test' })).toBeVisible();
  if (SHOTS_DIR)
    await shoot(page, 'monitoring-operations-paused', () =>
      expect(paused.getByText('paused.test', { exact: true })).toBeVisible(),
    );

  // Release by the reply text: the count shows before the confirm; only the greylisted one goes, the pause stays.
  await destinations.getByRole('button', { name: 'Deferred messages…' }).click();
  const bulk = page.getByRole('dialog', { name: 'Deferred and paused messages' });
  await bulk.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Release' }).click();
  await bulk.getByLabel('Destination').fill('paused.test');
  await bulk.getByLabel('Reply text').fill('GREYLISTED');
  await expect(bulk.getByRole('status')).toHaveText('1 message paused now would be released');
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/monitoring-operations-release-dialog.png` });
  await bulk.getByRole('button', { name: 'Release messages (1)' }).click();
  await expect(page.getByText('1 paused message released: the pause stays')).toBeVisible();
  await expect.poll(() => loopback.sink.receivedBy(GREYLISTED).length, { timeout: 60_000 }).toBe(1);
  expect(loopback.sink.receivedBy(FULL)).toHaveLength(0);

  // Resume: the other held message goes now.
  await paused.getByRole('button', { name: 'Resume paused.test' }).click();
  const resumeDialog = page.getByRole('dialog', { name: 'Resume delivery' });
  await resumeDialog.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('paused.test resumed: 1 message due now')).toBeVisible();
  await expect(paused.getByText('Nothing is paused.')).toBeVisible();
  await expect.poll(() => loopback.sink.receivedBy(FULL).length, { timeout: 60_000 }).toBe(1);
  await expect(destinations.getByText('Nothing is queued.')).toBeVisible({ timeout: 30_000 });

  // An auto-ban: a name banned after wrong passwords, lifted by the operator.
  const name = 'mallory@example.com';
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await callApi(server, 'POST', '/login', { body: { username: name, password: `guess-${attempt}` } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
  }
  await page.goto('/monitoring/autobans');
  const users = page.getByRole('region', { name: 'User auto-bans' });
  await users.getByRole('button', { name: `Lift the ban of ${name}` }).click();
  await page.getByRole('dialog', { name: 'Lift auto-ban' }).getByRole('button', { name: 'Lift ban' }).click();
  await expect(page.getByText(`The ban on ${name} was lifted`)).toBeVisible();
  await expect(users.getByText('No users are banned')).toBeVisible();
});
