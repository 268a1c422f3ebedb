import { openDb } from '../apps/server/src/db/client.ts';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, signOut, test } from './support/fixtures.ts';
import { shootScreen } from './support/screenshots.ts';
import type { MailwrightServer } from './support/server.ts';

// Issue 15, part 2: partners, referrals and payouts.
test.use({ serverName: 'partners' });

/**
 * A partner customer with a user of role partner and one client (its referral), made through the API: the customer
 * first gets an admin, is then marked a partner, and that admin (at home in a partner customer) adds the partner user.
 */
async function partnerWithClient(server: MailwrightServer, name: string, username: string, client: string) {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const created = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: name } });
  expect(created.status).toBe(200);
  const cid = created.body.data.cid as number;
  await callApi(server, 'PUT', `/proxy/${cid}`, { token: operator });
  const password = `${username}-pass-1`;
  const owner = await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username: `${username}-owner`, password, role: 'admin', full_name: `${name} owner` },
  });
  expect(owner.status).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  const marked = await callApi(server, 'PUT', `/customers/${cid}`, {
    token: operator,
    body: { customer: name, partner: true },
  });
  expect(marked.status).toBe(200);
  const ownerToken = await apiToken(server, `${username}-owner`, password);
  const user = await callApi(server, 'POST', '/users', {
    token: ownerToken,
    body: { username, password, role: 'partner', full_name: `${name} partner` },
  });
  expect(user.status).toBe(200);
  const token = await apiToken(server, username, password);
  const added = await callApi(server, 'POST', '/customers/subaccounts', {
    token,
    body: { company: client, email: `owner@${username}-client.test` },
  });
  expect(added.status).toBe(200);
  return { cid, username, password, clientCid: added.body.data.client.cid as number };
}

test('S2-045 S4-007 S2-084 S5-011 S1-007: a partner signs in to its overview, opens a client and acts as it', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const partner = await partnerWithClient(server, 'Journey Partner', 'journey-partner', 'Journey Client');
  await signIn(page, partner.username, partner.password);
  // Spec 4: a partner with no remembered path lands on /partner/overview.
  await expect(page).toHaveURL(/\/partner\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner overview' })).toBeVisible();
  await expect(page.getByTestId('referral-link')).toContainText('/invite?ref=');
  const referrals = page.getByRole('table', { name: 'Referrals' });
  const row = referrals.getByRole('row').filter({ hasText: 'Journey Client' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('your client');

  // S5-011: attaching a customer that is not its client is refused on the form's field.
  await page.getByRole('button', { name: 'Attach a client' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach a client' });
  await attach.getByLabel('Customer number or admin e-mail').fill('1');
  await attach.getByRole('button', { name: 'Attach' }).click();
  await expect(attach.getByText('Not one of your clients')).toBeVisible();
  await attach.getByRole('button', { name: 'Cancel' }).click();

  // S2-084: the legacy path leads here too.
  await page.goto('/partner/referrals');
  await expect(page).toHaveURL(/\/partner\/overview$/);

  await row.getByRole('button', { name: 'Act as Journey Client' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Acting as Journey Client/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Back home, the partner lands on its overview again (spec 4, switching with role partner).
  await page.getByRole('button', { name: /^Acting as Journey Client/ }).click();
  await expect(page).toHaveURL(/\/partner\/overview$/);

  // Someone opens an account through the referral link: it becomes the partner's referral, off to vetting.
  const link = new URL((await page.getByTestId('referral-link').textContent()) ?? '');
  await signOut(page);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Journey Partner invites you to open a Mailwright account.')).toBeVisible();
  await shootScreen(page, 'referral-signup', () =>
    expect(page.getByRole('button', { name: 'Open account' })).toBeVisible(),
  );
  await page.getByLabel('Company').fill('Linked Shop');
  await page.getByLabel('E-mail address').fill('owner@linked-shop.test');
  await page.getByLabel('Username').fill('linked-shop');
  await page.getByLabel('Password').fill('linked-shop-pass-1');
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByText(/Your account is ready/)).toBeVisible();
  await signIn(page, partner.username, partner.password);
  await expect(
    page.getByRole('table', { name: 'Referrals' }).getByRole('row').filter({ hasText: 'Linked Shop' }),
  ).toContainText('referral link');
});

test('S2-081 S7-027 S7-032 S5-012: an operator creates a plan, assigns it and records a payout', async ({
  page,
  server,
}) => {
  // A server restart, two sign-ins and (with E2E_SHOTS_DIR) eight screenshots: more than the default minute.
  test.setTimeout(180_000);
  const partner = await partnerWithClient(server, 'Payout Partner', 'payout-partner', 'Paying Client');
  // The client paid an invoice of 480.00 EUR net, written as billing writes it (features/invoices), server stopped.
  await server.stop();
  const db = await openDb({ dataDir: server.dataDir });
  try {
    await db.query(
      `INSERT INTO invoices (customer_id, number, period_start, period_end, currency, subtotal, tax, total, status,
         paid_at, paid_by)
       VALUES ($1, 'E2E-PARTNER-1', date_trunc('month', now())::date, (date_trunc('month', now()) + interval '1 month')::date,
         'EUR', 48000, 0, 48000, 'paid', now(), 'operator:e2e')`,
      [partner.clientCid],
    );
  } finally {
    await db.close();
  }
  await server.restart();

  await signIn(page, admin(server).username, admin(server).password);
  await page.goto('/partner-management/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();

  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New partner plan' });
  await planDialog.getByLabel('Name').fill('Reseller 12.5%');
  await planDialog.getByLabel('Commission (%)').fill('12.5');
  await planDialog.getByLabel('Duration (months)').fill('12');
  await planDialog.getByLabel('Minimum payout').fill('50.00');
  await planDialog.getByRole('button', { name: 'Save' }).click();
  await expect(planDialog).toHaveCount(0);
  const plans = page.getByRole('table', { name: 'Partner plans' });
  await expect(plans.getByRole('row').filter({ hasText: 'Reseller 12.5%' })).toContainText('12.5%');

  const partners = page.getByRole('table', { name: 'Partners' });
  const row = partners.getByRole('row').filter({ hasText: 'Payout Partner' });
  await row.getByRole('button', { name: 'Plan of Payout Partner' }).click();
  const assign = page.getByRole('dialog', { name: 'Plan of Payout Partner' });
  await assign.getByLabel('Plan').click();
  await page.getByRole('option', { name: /Reseller 12\.5%/ }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toHaveCount(0);
  // 12.5% of 480.00 EUR: 60.00 EUR unpaid.
  await expect(row).toContainText('Reseller 12.5%');
  await expect(row).toContainText('60.00 EUR');

  await row.getByRole('button', { name: 'Record a payout to Payout Partner' }).click();
  const payout = page.getByRole('dialog', { name: 'Record a payout to Payout Partner' });
  await payout.getByLabel('Amount (EUR)').fill('70.00');
  await payout.getByLabel("Partner's invoice number").fill('PP-2026-001');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  // S5-012: the server's 400 lands on the field.
  await expect(payout.getByText(/More than the unpaid balance/)).toBeVisible();
  await payout.getByLabel('Amount (EUR)').fill('55.00');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout).toHaveCount(0);
  await expect(row).toContainText('5.00 EUR');

  await shootScreen(page, 'partner-management', () =>
    expect(
      page.getByRole('table', { name: 'Partners' }).getByRole('row').filter({ hasText: 'Payout Partner' }),
    ).toBeVisible(),
  );

  // The partner sees the earnings, the payout and the balance carried over (below the 50.00 minimum).
  await signOut(page);
  await signIn(page, partner.username, partner.password);
  await expect(page).toHaveURL(/\/partner\/overview$/);
  const payouts = page.getByRole('table', { name: 'Payouts' });
  await expect(payouts.getByRole('row').filter({ hasText: 'PP-2026-001' })).toContainText('55.00 EUR');
  await expect(page.getByText(/Below the minimum payout of 50\.00 EUR/)).toBeVisible();
  await shootScreen(page, 'partner-overview', () =>
    expect(
      page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: 'PP-2026-001' }),
    ).toBeVisible(),
  );
});
