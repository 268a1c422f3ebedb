import { admin, expect, signIn, test } from './support/fixtures.ts';

const bodyBackground = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('S4-046 S1-018 S3-073: dark by default; the light theme survives a reload', async ({ page, server }) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  const dark = await bodyBackground(page);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  const light = await bodyBackground(page);
  expect(light).not.toBe(dark);
  expect(await page.evaluate(() => window.localStorage.getItem('active_theme'))).toBe('light');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await bodyBackground(page)).toBe(light);
});
