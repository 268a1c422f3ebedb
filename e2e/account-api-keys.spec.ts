import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';
import type { MailwrightServer } from './support/server.ts';

/** A customer with its own admin (the fixture's admin is a superadmin, for whom primary keys are read-only). */
async function customerAdmin(server: MailwrightServer, name: string, username: string, password: string) {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const customer = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: name } });
  expect(customer.status).toBe(200);
  expect((await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operator })).status).toBe(200);
  const created = await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username, password, role: 'admin', full_name: `${name} admin` },
  });
  expect(created.status).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  return { cid: customer.body.data.cid as number };
}

test('S2-038 S7-039 S7-040: an admin creates an API key and sees it in full only once', async ({ page, server }) => {
  await customerAdmin(server, 'Key Co', 'key.admin', 'key-admin-pass');
  await signIn(page, 'key.admin', 'key-admin-pass');
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByRole('button', { name: 'New API key' }).click();
  await page.getByRole('dialog', { name: 'New API key' }).getByLabel('Note').fill('Shop backend');
  await page.getByRole('dialog', { name: 'New API key' }).getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('cannot be shown again')).toBeVisible();
  const key = (await shown.getByTestId('secret-value').textContent()) ?? '';
  expect(key.length).toBeGreaterThan(20);
  await expect(shown.getByRole('button', { name: 'Copy the API key' })).toBeVisible();
  await shown.getByRole('button', { name: 'I have copied it' }).click();

  // The list shows only the key's first characters, now and after a reload; the key itself is gone.
  const row = page.getByRole('row').filter({ hasText: 'Shop backend' });
  await expect(row).toBeVisible();
  const prefix = ((await row.getByRole('cell').nth(1).textContent()) ?? '').replace('…', '');
  expect(key.startsWith(prefix)).toBe(true);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Shop backend' })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  const listed = await callApi(server, 'GET', '/tokens?role=primary', {
    token: await apiToken(server, 'key.admin', 'key-admin-pass'),
  });
  expect(JSON.stringify(listed.body)).not.toContain(key);

  // Revoking takes it off the list (the list is re-fetched after the delete).
  await page
    .getByRole('row')
    .filter({ hasText: 'Shop backend' })
    .getByRole('button', { name: /^Revoke/ })
    .click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Shop backend' })).toHaveCount(0);
  await expect(page.getByText('No API keys yet.')).toBeVisible();
});

test('S5-026 S5-025: primary keys and company details are read-only for a superadmin, at home or acting', async ({
  page,
  server,
}) => {
  const { cid } = await customerAdmin(server, 'Readonly Co', 'readonly.admin', 'readonly-admin-pass');
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/api-keys');
  await expect(page.getByText('you see them here read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New API key' })).toHaveCount(0);
  await page.goto('/account-settings');
  await expect(page.getByLabel('Company name')).toBeDisabled();

  // Acting inside another customer the operator is that customer's admin, but still not at home.
  await callApi(server, 'PUT', `/proxy/${cid}`, {
    token: await page.evaluate(() => localStorage.getItem('id_token') ?? ''),
  });
  await page.goto('/api-keys');
  await expect(page.getByRole('button', { name: /^Acting as Readonly Co/ })).toBeVisible();
  await expect(page.getByText('you see them here read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New API key' })).toHaveCount(0);
  await page.goto('/account-settings');
  await expect(page.getByLabel('Company name')).toHaveValue('Readonly Co');
  await expect(page.getByLabel('Company name')).toBeDisabled();

  // The customer's own admin edits them.
  await page.getByRole('button', { name: /^Acting as Readonly Co/ }).click();
  await expect(page.getByRole('button', { name: /^Acting as/ })).toHaveCount(0);
});

test('S8-039 S5-020: company details save with the spec text; the password change shows field errors', async ({
  page,
  server,
}) => {
  await customerAdmin(server, 'Settings Co', 'settings.admin', 'settings-admin-pass');
  await signIn(page, 'settings.admin', 'settings-admin-pass');
  await page.goto('/account-settings');
  await page.getByLabel('City').fill('Ljubljana');
  await page.getByLabel('Website').fill('not a web address');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://settings.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved succesfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Ljubljana');

  // A wrong current password comes back from the server onto its field.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('settings-new-pass');
  await page.getByLabel('New password again').fill('settings-new-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Various errors' })).toBeVisible();
  await expect(page.getByText('Current password is wrong')).toBeVisible();

  await page.getByLabel('New password again').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Current password').fill('settings-admin-pass');
  await page.getByLabel('New password again').fill('settings-new-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  expect(
    (await callApi(server, 'POST', '/login', { body: { username: 'settings.admin', password: 'settings-new-pass' } }))
      .status,
  ).toBe(200);
});
