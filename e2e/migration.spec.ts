import type { Page } from '@playwright/test';
import type { FakeServer } from '../apps/server/src/test/provider-fakes/fake-http.ts';
import { MAILGUN_KEY, startMailgunFake } from '../apps/server/src/test/provider-fakes/mailgun-fake.ts';
import { callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { test as base, expect, signIn } from './support/fixtures.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

// Issue 18, "What it must show": the whole /migration screen against the local Mailgun fake. The fake runs in this
// worker and the server (with its worker role, which runs the migration job) is pointed at it for both regions.
const test = base.extend<object, { mailgun: FakeServer }>({
  mailgun: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const fake = await startMailgunFake({ bounces: 2500, unsubscribes: 400, complaints: 60, templates: 6 });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ mailgun }, use) => use({ MIGRATION_MAILGUN_US_URL: mailgun.url, MIGRATION_MAILGUN_EU_URL: mailgun.url }),
    { scope: 'worker' },
  ],
});
test.use({ serverName: 'migration' });

const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);
/**
 * The choices step lives in the page's state (a reload goes back to the key), so it is shot where it stands: both
 * widths, then both themes through the theme button, without shootScreen's reload.
 */
async function shootInPlace(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  const viewport = page.viewportSize();
  for (const round of [0, 1]) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      const theme = (
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).getAttribute('aria-label')
      )?.includes('dark')
        ? 'light'
        : 'dark';
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}-${theme}.png`, fullPage: true });
    }
    if (round === 0) await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  if (viewport) await page.setViewportSize(viewport);
}

const USERNAME = 'migrating-admin';
const PASSWORD = 'migrating-admin-pw-1';

test('issue 18 S1-004 S2-107 S5-016 S3-057 S7-075 S7-076 S7-073: an admin brings a Mailgun domain over and reads the report', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const token = await customerAdmin(server, 'Migrating Co', USERNAME, PASSWORD);
  await signIn(page, USERNAME, PASSWORD);
  await page.getByRole('link', { name: 'Migration' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/migration$/);
  await expect(page.getByRole('heading', { name: 'Bring an account over' })).toBeVisible();
  await shoot(page, 'migration-start', () => expect(page.getByRole('button', { name: 'List domains' })).toBeVisible());

  // A refused key: Mailgun's own reason lands on the key field (spec 5: the 402 goes back to the form).
  await page.getByLabel('Region').click();
  await page.getByRole('option', { name: /EU/ }).click();
  await page.getByLabel('Private API key').fill('key-wrong');
  await page.getByRole('button', { name: 'List domains' }).click();
  await expect(page.getByText('Mailgun refused the credentials: Forbidden')).toBeVisible();

  await page.getByLabel('Private API key').fill(MAILGUN_KEY);
  await page.getByRole('button', { name: 'List domains' }).click();
  await expect(page.getByLabel('Domain at the provider (from)')).toContainText('example.com (active)');
  await expect(page.getByLabel('Domain here (to)')).toHaveValue('example.com');
  for (const label of ['Domain (new DKIM keys', 'Suppressions', 'Templates', 'Webhooks', 'Routes']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${label.replace('(', '\\(')}`) })).toBeChecked();
  }
  await shootInPlace(page, 'migration-choose');
  await page.getByRole('button', { name: 'Start migration' }).click();

  await expect(page).toHaveURL(/\/migration\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Mailgun: example.com → example.com' })).toBeVisible();
  await expect(page.getByText('done', { exact: true }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/^2,960 \/ 2,963 · done$|^2,963 · done$|^2,963 \/ 2,963 · done$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'DNS changes' })).toContainText('v=spf1 include:mailgun.org ~all');
  await expect(page.getByText('Expressions joined with "and" have no equivalent here')).toBeVisible();
  await expect(page.getByText('Only one URL per event here')).toBeVisible();
  await shoot(page, 'migration-report', () =>
    // The table is the desktop form; on a phone the same records are blocks under this heading.
    expect(page.getByRole('heading', { name: 'DNS changes to publish for example.com' })).toBeVisible({
      timeout: 30_000,
    }),
  );

  // What came over is on the new domain's lists, as the suppressions API shows them.
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const status = await callApi(server, 'GET', `/migration/status/${id}`, { token });
  const did = status.body.data.target_domain_id as number;
  const bounces = await callApi(server, 'GET', `/suppressions/${did}/bounce?limit=1`, { token });
  expect(bounces.body.data.total_count).toBe(2500);
});
