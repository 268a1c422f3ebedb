import { callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { admin, expect, signIn, signOut } from './support/fixtures.ts';
import { test } from './support/mail-loopback.ts';
import { shootScreen } from './support/screenshots.ts';

/** Issue 16, "add an IP and a pool, assign a domain, check the IP"; the local DNS answers the IP's PTR and A. */
test.use({ serverName: 'ip-management' });

const IP = '127.0.0.42';
const PTR = 'mail42.journey.test';
const DOMAIN = 'pool-journey.example.test';

test('S2-068 S2-069 S3-035 S3-036 S3-038 S5-014 S7-097 S7-098 S7-099 S8-057: an operator adds a pool and an IP, assigns a domain to the pool, edits and checks the IP', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(180_000); // screenshots at two widths in two themes
  const customerToken = await customerAdmin(server, 'Pool Co', 'pool.admin', 'pool-admin-pass-1');
  expect((await callApi(server, 'POST', '/domains', { token: customerToken, body: { name: DOMAIN } })).status).toBe(
    200,
  );
  loopback.dns.set('42.0.0.127.in-addr.arpa', 'PTR', [PTR]);
  loopback.dns.set(PTR, 'A', [IP]);

  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/ip-management');
  await expect(page).toHaveURL(/\/ip-management\/ips$/);
  const ips = page.getByRole('region', { name: 'IP addresses', exact: true });
  const pools = page.getByRole('region', { name: 'IP pools' });
  await expect(ips.getByText('No sending IP yet')).toBeVisible();

  // A pool, then an IP in it; a multicast address is refused on the form first (S5-014).
  await pools.getByRole('button', { name: 'Add pool' }).click();
  const poolDialog = page.getByRole('dialog', { name: 'Add IP pool' });
  await poolDialog.getByLabel('Title').fill('Journey pool');
  await poolDialog.getByRole('button', { name: 'Save' }).click();
  await expect(pools.getByRole('cell', { name: 'Journey pool', exact: true })).toBeVisible();

  await ips.getByRole('button', { name: 'Add IP' }).click();
  const ipDialog = page.getByRole('dialog', { name: 'Add IP address' });
  await ipDialog.getByLabel('IP address').fill('224.0.0.1');
  await ipDialog.getByLabel('PTR host name').fill(PTR);
  await ipDialog.getByRole('combobox', { name: 'Pool' }).click();
  await page.getByRole('option', { name: 'Journey pool' }).click();
  await ipDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ipDialog.getByText('A multicast address cannot send mail')).toBeVisible();
  await ipDialog.getByLabel('IP address').fill(IP);
  await ipDialog.getByLabel('In warm-up').check();
  await ipDialog.getByRole('button', { name: 'Save' }).click();
  await expect(ipDialog).toBeHidden();
  const row = ips.getByRole('row').filter({ hasText: IP });
  await expect(row.getByText('Day 1 of 30')).toBeVisible();
  await expect(pools.getByRole('row').filter({ hasText: 'Journey pool' }).getByText(IP)).toBeVisible();

  // Edit: the spec's exact text (S8-057).
  await row.getByRole('button', { name: `Actions for ${IP}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: `Edit ${IP}` });
  // Its own warm-up schedule: one day a line of gmail, microsoft, yahoo and other caps.
  await editDialog.getByLabel('Own schedule (optional)').fill('2 2 2 4\nx');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog.getByText('Day 2: give four whole numbers (gmail, microsoft, yahoo, other)')).toBeVisible();
  await editDialog.getByLabel('Own schedule (optional)').fill('2 2 2 4\n4 4 4 8');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('IP address modified successfully!')).toBeVisible();
  await expect(row.getByText('Day 1 of 2')).toBeVisible();
  await expect(row.getByText('gmail 0/2 · microsoft 0/2 · yahoo 0/2 · other 0/4')).toBeVisible();

  // Assign the customer's domain to the pool.
  await pools.getByRole('button', { name: 'Actions for Journey pool' }).click();
  await page.getByRole('menuitem', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Journey pool' });
  await assign.getByLabel('Domain').fill('pool-journey');
  await page.getByRole('option', { name: `${DOMAIN} (Pool Co)` }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(pools.getByRole('row').filter({ hasText: 'Journey pool' }).getByText(DOMAIN)).toBeVisible();

  // Check the IP: PTR → host → A gives the IP back.
  await row.getByRole('button', { name: `Check ${IP}` }).click();
  // The result also sits under the address on phones (hidden here): the visible one.
  await expect(row.getByText(`Match: ${PTR}`).filter({ visible: true })).toBeVisible();

  await shootScreen(page, 'ip-management', () =>
    expect(ips.getByRole('button', { name: `Check ${IP}` })).toBeVisible(),
  );

  // The customer reads (only) which pool its domain sends from, on its domain screen.
  await signOut(page);
  await signIn(page, 'pool.admin', 'pool-admin-pass-1');
  await page.goto('/domain');
  const sending = page.getByRole('region', { name: 'Sending IPs' });
  await expect(sending).toContainText('this domain’s own pool, Journey pool');
  // The card itself too: a full page of DNS records leaves it small in the page shot.
  await shootScreen(
    page,
    'domain-sending-ips',
    () => expect(sending).toBeVisible(),
    async ({ path }) => {
      await sending.screenshot({ path: `${path}-card.png` });
    },
  );
});
