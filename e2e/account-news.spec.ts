import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';

test('S1-020 S4-042 S4-043 S3-071: a dismissed news item stays dismissed after a reload', async ({ page, server }) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/dashboard');

  // The operator publishes from the dashboard's news desk; scripts in the HTML do not survive.
  await page.getByRole('button', { name: 'Publish news' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish news' });
  await dialog
    .getByLabel('News (HTML)')
    .fill('<p><strong>Planned maintenance</strong> tonight.</p><script>window.newsScriptRan = true</script>');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const news = page.getByRole('region', { name: 'News', exact: true });
  const notice = news.getByRole('alert').filter({ hasText: 'Planned maintenance tonight.' });
  await expect(notice).toBeVisible();
  await expect(notice.locator('strong')).toHaveText('Planned maintenance');
  expect(await page.evaluate(() => (window as unknown as { newsScriptRan?: boolean }).newsScriptRan)).toBeUndefined();

  await notice.getByRole('button', { name: 'Dismiss this news' }).click();
  await expect(notice).toHaveCount(0);
  const stored = await page.evaluate(() => window.localStorage.getItem('dismissed_news'));
  const published = await callApi(server, 'GET', '/news', { token: await apiToken(server, username, password) });
  const id = published.body.data.find((item: { content: string }) => item.content.includes('Planned maintenance')).id;
  expect(JSON.parse(stored ?? '[]')).toContain(id);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Planned maintenance' })).toHaveCount(0);
  // S1-021: the dashboard shows a tip.
  await expect(page.getByRole('complementary', { name: 'Tip' })).toBeVisible();
});

test('S4-037 S4-038: the bell counts unread notifications, newest first; reading one takes one off', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const customer = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'Bell Co' } });
  await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operator });
  await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username: 'bell.admin', password: 'bell-admin-pass', role: 'admin' },
  });
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  const bellAdmin = await apiToken(server, 'bell.admin', 'bell-admin-pass');
  // Two events that notify the customer: invitations.
  for (const email of ['first@example.com', 'second@example.com']) {
    expect((await callApi(server, 'POST', '/customers/invite', { token: bellAdmin, body: { email } })).status).toBe(
      200,
    );
  }

  await signIn(page, 'bell.admin', 'bell-admin-pass');
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  const list = page.getByRole('list', { name: 'Notification list' });
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list.getByRole('button').first()).toContainText('second@example.com');
  await list.getByRole('button', { name: /Unread: second@example.com/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
});
