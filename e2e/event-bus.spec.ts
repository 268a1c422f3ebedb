import { PREFIX, test } from './support/event-bus.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

/** The event bus card on /monitoring/rabbitmq (issue 17) with the machine's RabbitMQ (support/event-bus.ts). */
test.use({ serverName: 'event-bus' });

test('S2-077 S7-110: with AMQP_URL the operator sees the relay backlog and the three RabbitMQ queues of the prefix', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/monitoring/rabbitmq');
  const card = page.getByRole('region', { name: 'Event bus' });
  await expect(card.getByText(/The relay is up to date|not yet published/)).toBeVisible({ timeout: 30_000 });
  const table = card.getByRole('table', { name: 'RabbitMQ queues' });
  // The events role declares the queues as it starts: the screen refreshes every 20 seconds, so reload until then.
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(4, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  for (const consumer of ['rollups', 'suppressions', 'webhooks'])
    await expect(table.getByRole('cell', { name: `${PREFIX}${consumer}`, exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Consumers' })).toBeVisible();
  await expect(card.getByText('cannot be shown')).toHaveCount(0);
  if (SHOTS_DIR)
    await shootScreen(page, 'event-bus', () =>
      expect(card.getByText(`${PREFIX}webhooks`).filter({ visible: true })).toBeVisible(),
    );

  // A phone: a card per queue instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  await expect(card.getByRole('listitem', { name: `${PREFIX}webhooks` })).toBeVisible();
});
