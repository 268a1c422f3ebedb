import { PERIODIC_REFRESH_MS } from '@mailwright/contract';
import { callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { expect, signIn, test } from './support/fixtures.ts';

// Without the sandbox a new customer has no domain at all: the no-domains state (spec 4).
test.use({ serverName: 'no-domains', serverEnv: { SANDBOX: 'off', SANDBOX_MX_PORT: '0' } });

test('S7-115 with no domains the periodic refresh looks for new ones and leaves the no-domains state by itself', async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'Empty Co', 'empty.admin', 'empty-admin-pass');
  await page.clock.install();
  await signIn(page, 'empty.admin', 'empty-admin-pass');
  await page.goto('/domain');
  await expect(page.getByText('No domains yet')).toBeVisible();
  const topBar = page.getByRole('banner');
  await expect(topBar.getByRole('link', { name: 'Add a domain' })).toBeVisible();

  // Someone adds a domain elsewhere (another admin, a script through the API).
  expect((await callApi(server, 'POST', '/domains', { token, body: { name: 'late.example.test' } })).status).toBe(200);
  await page.clock.fastForward(PERIODIC_REFRESH_MS);
  await expect(page.getByRole('combobox', { name: 'Working domain' })).toHaveValue('late.example.test');
  await expect(page.getByText('No domains yet')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'late.example.test' })).toBeVisible();
});
