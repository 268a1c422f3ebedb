import { PERIODIC_REFRESH_MS, RECONNECT_PING_MS } from '@mailwright/contract';
import { admin, expect, signIn, test } from './support/fixtures.ts';

test('S2-123 S4-035 S4-036: a stopped server shows the overlay; a restarted one removes it', async ({
  page,
  server,
}) => {
  // The page's clock runs normally but can jump ahead, so the 20 s refresh and the 5 s ping need no real waiting.
  await page.clock.install();
  const { username, password } = admin(server);
  await signIn(page, username, password);
  const overlay = page.getByText('Check your internet connection');
  await expect(overlay).toBeHidden();

  await server.stop();
  await page.clock.fastForward(PERIODIC_REFRESH_MS);
  await expect(overlay).toBeVisible();

  await server.restart();
  await page.clock.fastForward(RECONNECT_PING_MS);
  await expect(overlay).toBeHidden();
  // Still signed in: the ping's status check found the same session.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
