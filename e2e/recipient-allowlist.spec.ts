import { callApi } from './support/api.ts';
import { admin, signIn } from './support/fixtures.ts';
import { expect, expectNotice, test, verifiedDomain } from './support/list-hygiene.ts';

/** The recipient allow-list (/allowlists/recipients). */

test('S8-033: deleting an allow-list entry that is already gone shows the message and reloads the list', async ({
  page,
  server,
  dns,
}) => {
  const { token, did } = await verifiedDomain(server, dns);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/allowlists/recipients');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the allow-list' });
  await dialog.getByLabel('Recipient').fill('ceo@partner.example');
  await dialog.getByLabel('Note').fill('Never suppress');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expectNotice(page, 'ceo@partner.example added to the allow-list');
  const table = page.getByRole('table', { name: 'Recipient allow-list' });
  await expect(table.getByRole('cell', { name: 'ceo@partner.example', exact: true })).toBeVisible();

  // Someone else deletes it first.
  const gone = await callApi(server, 'DELETE', `/whitelists/${did}?recipient=ceo@partner.example`, { token });
  expect(gone.status).toBe(200);
  await page.getByRole('button', { name: 'Delete ceo@partner.example' }).click();
  await page.getByRole('dialog', { name: 'Delete allow-list entry' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Allow-list entry not found!');
  await expect(page.getByRole('dialog', { name: 'Delete allow-list entry' })).toBeHidden();
  await expect(page.getByText('No recipients on the allow-list.')).toBeVisible();
});
