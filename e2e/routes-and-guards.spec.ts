import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, submitCredentials, test } from './support/fixtures.ts';

test('S5-022 S4-005 S2-029: /analytics signed out goes to sign-in, then to /analytics/statistics', async ({
  page,
  server,
}) => {
  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/auth\/login$/);
  const { username, password } = admin(server);
  await submitCredentials(page, username, password);
  await expect(page).toHaveURL(/\/analytics\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Statistics' })).toBeVisible();
});

test('S2-001 S2-006 S2-085: section and legacy redirects', async ({ page, server }) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/suppressions');
  await expect(page).toHaveURL(/\/suppressions\/bounce$/);
  await expect(page.getByRole('tab', { name: 'Bounce' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/tiers');
  await expect(page).toHaveURL(/\/billing\/tiers$/);
});

test('S5-023: a user of role user opening /billing lands on /dashboard', async ({ page, server }) => {
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const created = await callApi(server, 'POST', '/users', {
    token,
    body: { username: 'plain.user', password: 'plain-user-pass', role: 'user', full_name: 'Plain User' },
  });
  expect(created.status).toBe(200);

  await signIn(page, 'plain.user', 'plain-user-pass');
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The menu offers only what this session may open.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Billing' })).toHaveCount(0);
});

test('S2-097: an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});
