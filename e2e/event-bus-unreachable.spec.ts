import { test } from './support/event-bus.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

/**
 * The event bus card (issue 17) when RabbitMQ is configured but its management API cannot be reached: port 9
 * (discard) listens nowhere here, so the server's call is refused at once.
 */
test.use({ serverName: 'event-bus-no-management', managementUrl: 'http://127.0.0.1:9' });

test('S7-110: the backlog still shows, and the reason stands in for the queue table', async ({ page, server }) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/monitoring/rabbitmq');
  const card = page.getByRole('region', { name: 'Event bus' });
  await expect(card.getByText(/The relay is up to date|not yet published/)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('alert')).toContainText(
    'The RabbitMQ queues cannot be shown: RabbitMQ management API unreachable',
  );
  await expect(card.getByRole('table')).toHaveCount(0);
  if (SHOTS_DIR) await shootScreen(page, 'event-bus-unreachable', () => expect(card.getByRole('alert')).toBeVisible());
});
