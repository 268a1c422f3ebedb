import type { Page } from '@playwright/test';
import { openDb } from '../apps/server/src/db/client.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  type StripeFake,
  startStripeFake,
} from '../apps/server/src/test/stripe-fake.ts';
import { callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { test as base, expect, signIn } from './support/fixtures.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';

// Issue 14, part 2, "What it must show": the payment journey against the local Stripe fake. The fake runs in this
// worker and the server is pointed at it (STRIPE_API_BASE), with the fake's keys.
const test = base.extend<object, { stripe: StripeFake }>({
  stripe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const fake = await startStripeFake();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ stripe }, use) =>
      use({
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      }),
    { scope: 'worker' },
  ],
});
test.use({ serverName: 'billing-payment' });

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

const USERNAME = 'billing-admin';
const PASSWORD = 'billing-admin-pw-1';

/** Last month (UTC): its first day and a day inside it. */
function lastMonth() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { start: iso(start), fifth: iso(new Date(start.getTime() + 4 * 86_400_000)) };
}

test('issue 14 S1-003 S2-117 S8-034 S7-094 S2-092 S2-093: an admin sees billing, pays an invoice through Stripe Checkout, the signed webhook marks it paid once', async ({
  page,
  server,
  stripe,
}) => {
  test.setTimeout(240_000);
  const token = await customerAdmin(server, 'Billing Customer', USERNAME, PASSWORD);
  const customerId = (await callApi(server, 'GET', '/login', { token })).body.data.session.cid as number;

  // S8-034: without invoices the list answers 404 and the screen shows the no-invoice state.
  await signIn(page, USERNAME, PASSWORD);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Account settings' }).click();
  await shoot(page, 'account-settings', () =>
    expect(page.getByRole('link', { name: 'Billing and invoices' })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Billing and invoices' }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing and invoices' })).toBeVisible();
  await expect(page.getByTestId('no-invoices')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No tier' })).toBeVisible();
  await shoot(page, 'billing-no-invoices', () => expect(page.getByTestId('no-invoices')).toBeVisible());

  // Last month's plan and usage, written as part 1's API and the rollups would (the API refuses a tier change in
  // the past), with the server stopped; its restart runs the closing job, which makes last month's invoice.
  await server.stop();
  const db = await openDb({ dataDir: server.dataDir });
  try {
    const month = lastMonth();
    const tier = await db.one<{ id: number }>(
      `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000)
       VALUES ('Growth', 1000, 2900, 'USD', 50) RETURNING id`,
    );
    await db.query(
      `INSERT INTO billing_tiers (name, msg_included, price, currency, overage_per_1000) VALUES ('Pro', 10000, 9900, 'USD', 40)`,
    );
    await db.query(
      `INSERT INTO customer_tiers (customer_id, tier_id, effective_at) VALUES ($1, $2, $3::date - interval '40 days')`,
      [customerId, tier.id, month.start],
    );
    await db.query('INSERT INTO customer_billing (customer_id, tax_rate_bp, tax_id) VALUES ($1, 2000, $2)', [
      customerId,
      'US-TAX-7',
    ]);
    const domain = await db.one<{ id: number }>('SELECT id FROM domains WHERE customer_id = $1 LIMIT 1', [customerId]);
    await db.query(
      `INSERT INTO stats_daily (customer_id, domain_id, tag, bucket, event, category, bot, count)
       VALUES ($1, $2, '', $3::date::timestamp AT TIME ZONE 'UTC', 'accepted', '', false, 2400)`,
      [customerId, domain.id, month.fifth],
    );
  } finally {
    await db.close();
  }
  await server.restart();
  await expect
    .poll(async () => (await callApi(server, 'GET', '/billing/invoices', { token })).status, { timeout: 30_000 })
    .toBe(200);
  const invoice = (await callApi(server, 'GET', '/billing/invoices', { token })).body.data.items[0];
  // 2900 + 2 blocks of overage (1400 over 1000) × 50 = 3000; 20% tax = 600.
  expect(invoice).toMatchObject({ subtotal: 3000, tax: 600, total: 3600, status: 'open', currency: 'USD' });

  // S1-003 S2-117: the tier, the usage and the invoice with its files and Pay.
  // Still signed in: the session outlives the restart.
  await page.goto('/account/billing');
  const row = page.getByTestId(`invoice-${invoice.number}`);
  await expect(row).toContainText('36.00 USD');
  await expect(row).toContainText('Open');
  await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await expect(page.getByText('Estimated invoice')).toBeVisible();
  const csv = page.waitForEvent('download');
  await row.getByRole('button', { name: /Usage breakdown/ }).click();
  expect((await csv).suggestedFilename()).toBe(`${invoice.number}-breakdown.csv`);
  const pdf = page.waitForEvent('download');
  await row.getByRole('button', { name: /\(PDF\)/ }).click();
  expect((await pdf).suggestedFilename()).toBe(`${invoice.number}.pdf`);
  await shoot(page, 'billing-invoice-open', () => expect(row).toBeVisible());

  // S7-094: Pay → the fake's Checkout page → back to /payment/success with the session's id.
  await row.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
  expect(stripe.sessions.get(sessionId)?.form['line_items[0][price_data][unit_amount]']).toBe('3600');
  await shoot(page, 'payment-success', () =>
    expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible(),
  );

  // The webhook: a bad signature is refused; then an expired event arrives before the completed one (reordered).
  const hook = `${server.url}/api/payment/stripe-webhook`;
  const completed = stripe.event('checkout.session.completed', sessionId);
  expect((await stripe.deliver(hook, completed.payload, 'whsec_not_ours')).status).toBe(400);
  const expired = stripe.event('checkout.session.expired', sessionId, { status: 'expired' });
  expect((await stripe.deliver(hook, expired.payload)).status).toBe(200);
  expect((await callApi(server, 'GET', '/billing/invoices', { token })).body.data.items[0].status).toBe('open');
  expect(JSON.parse((await stripe.deliver(hook, completed.payload)).body)).toMatchObject({ outcome: 'applied' });
  const paid = (await callApi(server, 'GET', '/billing/invoices', { token })).body.data.items[0];
  expect(paid.status).toBe('paid');
  // Replayed, and a late expired event: nothing changes.
  expect(JSON.parse((await stripe.deliver(hook, completed.payload)).body)).toMatchObject({ outcome: 'duplicate' });
  const late = stripe.event('checkout.session.expired', sessionId, { status: 'expired' });
  expect(JSON.parse((await stripe.deliver(hook, late.payload)).body)).toMatchObject({ outcome: 'ignored' });
  expect((await callApi(server, 'GET', '/billing/invoices', { token })).body.data.items[0]).toEqual(paid);

  await page.goto('/account/billing');
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await shoot(page, 'billing-invoice-paid', () => expect(row).toContainText('Paid'));

  // A partial refund in Stripe: the signed charge.refunded records it once and the list says so.
  const { charge } = stripe.refund(sessionId, 1000);
  const refunded = stripe.objectEvent('charge.refunded', charge);
  expect(JSON.parse((await stripe.deliver(hook, refunded.payload)).body)).toMatchObject({ outcome: 'applied' });
  expect(JSON.parse((await stripe.deliver(hook, refunded.payload)).body)).toMatchObject({ outcome: 'duplicate' });
  expect((await callApi(server, 'GET', '/billing/invoices', { token })).body.data.items[0].refunded).toBe(1000);
  await page.reload();
  await expect(row).toContainText('Partly refunded');
  await expect(row).toContainText('10.00 USD refunded');
  await shoot(page, 'billing-invoice-partly-refunded', () => expect(row).toContainText('Partly refunded'));

  // A tier change: Checkout for Pro's rest of the month, applied when the signed webhook confirms it.
  await page.getByRole('button', { name: 'Change tier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change tier' });
  await expect(dialog.getByText('10000 emails - 99.00 USD')).toBeVisible();
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/change-tier-1280-light.png` });
  await dialog.getByRole('button', { name: /^Pro/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\?session_id=cs_test_/);
  const tierSession = new URL(page.url()).searchParams.get('session_id') ?? '';
  expect(stripe.sessions.get(tierSession)?.metadata.tier_id).toBeTruthy();
  const tierPaid = stripe.event('checkout.session.completed', tierSession);
  expect(JSON.parse((await stripe.deliver(hook, tierPaid.payload)).body)).toMatchObject({ outcome: 'applied' });
  await page.goto('/account/billing');
  await expect(page.getByRole('heading', { name: 'Pro' })).toBeVisible();
  await expect(page.getByText(/Paid by card on .* for the change to Pro/)).toBeVisible();
  await shoot(page, 'billing-after-tier-change', () =>
    expect(page.getByRole('heading', { name: 'Pro' })).toBeVisible(),
  );

  // S2-093: the cancel page opens without a token.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/payment/cancel');
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await shoot(page, 'payment-cancel', () =>
    expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible(),
  );
  await page.goto('/payment/success');
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
});
