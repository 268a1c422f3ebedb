import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';

// The page arithmetic needs a known number of customers: this file gets its own server.
test.use({ serverName: 'account-customers' });

test('S4-050 S3-004 S9-020 S4-030 S4-031: deleting the last row of the last page steps back a page', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const existing = await callApi(server, 'GET', '/customers?limit=1', { token: operator });
  // Enough customers for exactly one row on page 2 (15 a page); "Zz…" sorts last by name.
  const toCreate = 16 - existing.body.data.total_count;
  for (let n = 1; n <= toCreate; n++) {
    const name = `Zz paging ${String(n).padStart(2, '0')}`;
    expect((await callApi(server, 'POST', '/customers', { token: operator, body: { customer: name } })).status).toBe(
      200,
    );
  }
  const lastName = `Zz paging ${String(toCreate).padStart(2, '0')}`;

  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/accounts/customers');
  const table = page.getByRole('table', { name: 'Customers' });
  // 15 a page, sorted by name ascending.
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(page.getByText('1–15 of 16')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('16–16 of 16')).toBeVisible();
  const lastRow = table.getByRole('row').filter({ hasText: lastName });
  await expect(lastRow).toBeVisible();

  await lastRow.getByRole('button', { name: `Actions for ${lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete customer' }).getByRole('button', { name: 'Delete' }).click();
  // Page 2 came back empty with 15 left: the table steps back to page 1.
  await expect(page.getByText('1–15 of 15')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(16);
  expect((await callApi(server, 'GET', '/customers?limit=1', { token: operator })).body.data.total_count).toBe(15);
});

test('S8-026: a customer deleted meanwhile shows exactly "Customer not found!"', async ({ page, server }) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const created = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'Aa vanishing' } });
  const cid = created.body.data.cid;
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/accounts/customers');
  const row = page.getByRole('row').filter({ hasText: 'Aa vanishing' });
  await expect(row).toBeVisible();

  // Deleted in another window (both steps), while this list still shows it.
  const first = await callApi(server, 'DELETE', `/customers/${cid}`, { token: operator, body: {} });
  await callApi(server, 'DELETE', `/customers/${cid}`, { token: operator, body: { confirm: first.body.data.confirm } });

  await row.getByRole('button', { name: 'Actions for Aa vanishing' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').getByText('Customer not found!', { exact: true })).toBeVisible();
});

test('S7-016 S7-017 S7-019: a customer is created, edited (partner flag) and its contract marked signed', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/accounts/customers');
  await page.getByRole('button', { name: 'New customer' }).click();
  const create = page.getByRole('dialog', { name: 'New customer' });
  await create.getByLabel('Customer name').fill('Aa created here');
  await create.getByLabel('City').fill('Maribor');
  await create.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Aa created here' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Aa created here' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Aa created here' });
  await expect(edit.getByLabel('City')).toHaveValue('Maribor');
  await edit.getByLabel('Partner').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved succesfully!')).toBeVisible();
  await expect(row.getByText('partner')).toBeVisible();

  await row.getByRole('button', { name: 'Actions for Aa created here' }).click();
  await page.getByRole('menuitem', { name: 'Mark the contract signed' }).click();
  await expect(row.getByText(/^Signed /)).toBeVisible();
});
