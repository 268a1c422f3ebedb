import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';

test('S4-010 S4-011 S7-005 S7-006: a superadmin acts as a customer from the customer list and returns', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const created = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'Switch Target' } });
  expect(created.status).toBe(200);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/accounts/customers');
  await page.getByLabel('Search customers').fill('Switch Target');
  const row = page.getByRole('row').filter({ hasText: 'Switch Target' });
  await expect(row).toHaveCount(1);

  // Spec 4: the switch reloads the new customer's domains.
  const domainsReload = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/domains');
  await row.getByRole('button', { name: 'Act as Switch Target' }).click();
  await domainsReload;
  // Inside the customer the operator acts as its admin: the operator screens are gone, so the console is on /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  const chip = page.getByRole('button', { name: /^Acting as Switch Target/ });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accounts' })).toHaveCount(
    0,
  );

  await chip.click();
  await expect(chip).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accounts' }),
  ).toBeVisible();
});

test('S4-012 S9-028: switching into a partner customer from the top bar picker goes to /partner/overview', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const partner = await callApi(server, 'POST', '/customers', {
    token: operator,
    body: { customer: 'Partner Picked', partner: true },
  });
  expect(partner.status).toBe(200);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/users');

  await page.getByRole('button', { name: 'Act as a customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Act as a customer' });
  // Spec 9: the selector asks for all customers (page size 0).
  const all = page.waitForRequest((request) => new URL(request.url()).searchParams.get('limit') === '0');
  await picker.getByLabel('Customer name').fill('Partner Picked');
  await all;
  await picker.getByRole('button', { name: /Partner Picked/ }).click();
  await expect(page).toHaveURL(/\/partner\/overview$/);
  await expect(page.getByRole('button', { name: /^Acting as Partner Picked/ })).toBeVisible();
  await page.getByRole('button', { name: /^Acting as Partner Picked/ }).click();
  await expect(page.getByRole('button', { name: 'Act as a customer' })).toBeVisible();
});

test('S4-013: switching while on /clients goes to /dashboard when the new customer has no clients', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const created = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'No Clients Co' } });
  expect(created.status).toBe(200);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Act as a customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Act as a customer' });
  await picker.getByLabel('Customer name').fill('No Clients Co');
  await picker.getByRole('button', { name: /No Clients Co/ }).click();
  await expect(page.getByRole('button', { name: /^Acting as No Clients Co/ })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /^Acting as No Clients Co/ }).click();
});
