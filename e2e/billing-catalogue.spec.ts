import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';
import { shootScreen } from './support/screenshots.ts';

// Issue 14, part 1: the billing catalogue and a customer's billing, as an operator uses them.
test.use({ serverName: 'billing-catalogue' });

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

const notice = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

test('issue 14 S2-064 S2-085 S2-065 S9-026 S3-030 S3-031 S7-089 S7-090 S8-056 S2-066: an operator adds a tier and an add-on', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000); // screenshots at two widths in two themes
  const { username, password } = admin(server);
  await signIn(page, username, password);

  // S9-026: the tiers are fetched with limit 0 (all).
  const tiersCall = page.waitForRequest((r) => r.url().includes('/api/billing/tiers?') && r.method() === 'GET');
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/billing\/tiers$/);
  expect(new URL((await tiersCall).url()).searchParams.get('limit')).toBe('0');
  await page.goto('/tiers');
  await expect(page).toHaveURL(/\/billing\/tiers$/);

  await page.getByRole('button', { name: 'Add tier' }).click();
  const add = page.getByRole('dialog', { name: 'Add a tier' });
  await add.getByLabel('Name').fill('Starter');
  await add.getByLabel('Emails included a month').fill('10000');
  await add.getByLabel('Price a month').fill('9');
  await add.getByLabel('Overage per 1,000 emails').fill('0.80');
  await add.getByRole('button', { name: 'Add' }).click();
  await notice(page, 'Tier added successfully!');
  const table = page.getByRole('table', { name: 'Tiers' });
  await expect(table.getByRole('row').filter({ hasText: '10000 emails - 9.00 EUR' })).toBeVisible();
  await expect(table.getByText('0.80 EUR per 1,000')).toBeVisible();

  // A bad tier: a negative price is refused on the field.
  await page.getByRole('button', { name: 'Add tier' }).click();
  await add.getByLabel('Emails included a month').fill('500');
  await add.getByLabel('Price a month').fill('-1');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('A price cannot be negative')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();

  await shoot(page, 'tiers', () => expect(page.getByText('10000 emails - 9.00 EUR').first()).toBeVisible());

  await page.goto('/billing/add-ons');
  await page.getByRole('button', { name: 'Add add-on' }).click();
  const addon = page.getByRole('dialog', { name: 'Add an add-on' });
  await addon.getByLabel('Name').fill('Dedicated IP');
  await addon.getByLabel('Unit', { exact: true }).fill('IP');
  await addon.getByLabel('Price per unit a month').fill('25');
  await addon.getByRole('button', { name: 'Add' }).click();
  await notice(page, 'Add-on added!');
  const addons = page.getByRole('table', { name: 'Add-ons' });
  await expect(addons.getByText('25.00 EUR per IP a month')).toBeVisible();
  await shoot(page, 'addons', () => expect(page.getByText('Dedicated IP').first()).toBeVisible());
});

test("issue 14 S6-012 S7-093 S3-032 S3-033 S9-043 S5-015 S8-027: an operator sets a customer's tier and tax and keeps its billing items", async ({
  page,
  server,
}) => {
  test.setTimeout(240_000); // screenshots at two widths in two themes
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const tier = await callApi(server, 'POST', '/billing/tiers', {
    token: operator,
    body: { name: 'Growth', msg_included: 50000, price: 2900, currency: 'EUR' },
  });
  expect(tier.status).toBe(200);
  const created = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'Aa billed' } });
  const cid = created.body.data.cid as number;
  const ip = await callApi(server, 'POST', '/billing/addons', {
    token: operator,
    body: { name: 'Dedicated IP', unit: 'IP', kind: 'dedicated_ip', price: 2500, currency: 'EUR' },
  });
  const given = await callApi(server, 'POST', `/billing/customers/${cid}/addons`, {
    token: operator,
    body: { baid: ip.body.data.baid, qty: 2, start: '2026-01-01' },
  });
  expect(given.status).toBe(200);

  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/accounts/customers');
  const row = page.getByRole('row').filter({ hasText: 'Aa billed' });
  // S9-043: the billing item table's options start empty: the first list call sends no sort, order or search.
  const itemsCall = page.waitForRequest((r) => r.url().includes('/api/billing/items?'));
  await row.getByRole('button', { name: 'Actions for Aa billed' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/customers/${cid}/billing$`));
  const query = new URL((await itemsCall).url()).searchParams;
  expect([...query.keys()].sort()).toEqual(['cid', 'limit', 'skip']);
  await expect(page.getByTestId('customer-tier')).toHaveText('No tier: nothing is billed or capped');
  await expect(page.getByRole('list', { name: 'Add-ons of this customer' }).getByText('Dedicated IP')).toBeVisible();

  await page.getByRole('button', { name: 'Change tier' }).click();
  const tierDialog = page.getByRole('dialog', { name: 'Change tier' });
  await tierDialog.getByRole('combobox', { name: 'Tier' }).click();
  await page.getByRole('option', { name: 'Growth: 50000 emails - 29.00 EUR' }).click();
  await tierDialog.getByRole('button', { name: 'Set tier' }).click();
  await notice(page, 'Tier set!');
  await expect(page.getByTestId('customer-tier')).toHaveText('50000 emails - 29.00 EUR');

  await page.getByRole('button', { name: 'Edit tax' }).click();
  const tax = page.getByRole('dialog', { name: 'Tax' });
  await tax.getByLabel('Tax rate (%)').fill('21');
  await tax.getByLabel('Tax ID').fill('SI12345678');
  await tax.getByRole('button', { name: 'Save' }).click();
  await notice(page, 'Saved succesfully!');
  await expect(page.getByTestId('customer-tax')).toHaveText('21% · Tax ID SI12345678');

  const items = page.getByRole('table', { name: 'Billing items' });
  await page.getByRole('button', { name: 'Add item' }).click();
  const add = page.getByRole('dialog', { name: 'Add a billing item' });
  await add.getByLabel('Description').fill('Onboarding');
  await add.getByLabel('Price per unit').fill('150');
  await add.getByLabel('Quantity').fill('2');
  await add.getByRole('button', { name: 'Add' }).click();
  await notice(page, 'Billing item saved!');
  await expect(items.getByText('300.00 EUR').filter({ visible: true })).toBeVisible();
  await expect(items.getByText('2 × 150.00')).toBeVisible();

  await items.getByRole('button', { name: 'Edit Onboarding' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Onboarding' });
  await edit.getByLabel('Quantity').fill('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(items.getByText('450.00 EUR').filter({ visible: true })).toBeVisible();

  // Field errors: the form's own (qty 0, end before start) and the server's 400 (the currency this customer is
  // billed in, which only the server knows) land on their fields.
  await page.getByRole('button', { name: 'Add item' }).click();
  await add.getByLabel('Description').fill('Wrong');
  await add.getByLabel('Price per unit').fill('10');
  await add.getByLabel('Quantity').fill('0');
  await add.getByLabel('Start', { exact: true }).fill('2026-03-10');
  await add.getByLabel('End', { exact: true }).fill('2026-03-01');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('The quantity must be at least 1')).toBeVisible();
  await expect(add.getByText('The end cannot be before the start')).toBeVisible();
  await add.getByLabel('Quantity').fill('1');
  await add.getByLabel('End', { exact: true }).fill('');
  await add.getByLabel('Currency').fill('USD');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('This customer is billed in EUR: use EUR')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();

  await shoot(page, 'customer-billing', () => expect(page.getByText('Onboarding').first()).toBeVisible());

  await items.getByRole('button', { name: 'Delete Onboarding' }).click();
  await page.getByRole('dialog', { name: 'Delete billing item' }).getByRole('button', { name: 'Delete' }).click();
  await notice(page, 'Billing item deleted!');
  await expect(items.getByText('No billing items.')).toBeVisible();

  // S8-027: opening a billing item that is not there says exactly the spec's text.
  await page.goto(`/accounts/customers/${cid}/billing?item=999999`);
  await expect(page.getByRole('alert').getByText('BillingItem not found!', { exact: true })).toBeVisible();
});

test('S2-067 S6-012: a customer admin opening /billing lands on /dashboard', async ({ page, server }) => {
  await customerAdmin(server, 'Aa not billing', 'nobilling-admin', 'nobilling-admin-pw-1');
  await signIn(page, 'nobilling-admin', 'nobilling-admin-pw-1');
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/billing/tiers');
  await expect(page).toHaveURL(/\/dashboard$/);
});
