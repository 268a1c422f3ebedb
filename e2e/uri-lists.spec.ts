import { apiToken, callApi } from './support/api.ts';
import { admin, signIn } from './support/fixtures.ts';
import { DOMAIN, expect, expectNotice, test, verifiedDomain } from './support/list-hygiene.ts';

/** The URI blocklist (/uri-blocklist) refusing a message, and who may open the URI and MTA screens. */

test('S2-073 S8-044 S8-046 S8-045 S4-029: toggle a URI blocklist entry and see a message with that link rejected', async ({
  page,
  server,
  dns,
}) => {
  const { token, did } = await verifiedDomain(server, dns);
  // A sending key of the domain: primary keys are the customer's own admin's (spec 5), and this is a superadmin.
  const key = await callApi(server, 'POST', `/tokens/${did}`, { token, body: { role: 'sending', note: 'journey' } });
  expect(key.status).toBe(200);
  const send = () =>
    callApi(server, 'POST', '/v1/send', {
      token: key.body.data.token,
      body: {
        from: `news@${DOMAIN}`,
        to: 'reader@example.org',
        subject: 'Your account',
        html: '<p>Please <a href="https://login.phish.example.net/verify?u=1">sign in</a>.</p>',
        testmode: true,
      },
    });
  // Nothing blocks the link yet.
  expect((await send()).status).toBe(200);

  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/uri-blocklist');
  await expect(page.getByRole('heading', { level: 1, name: 'URI blocklist' })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Block a link host' });
  await dialog.getByLabel('Link host or URL').fill('https://phish.example.net/login');
  await dialog.getByLabel('Note').fill('Phishing kit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'URI saved!');
  // The host is what is kept: a link to any name under it is refused.
  const table = page.getByRole('table', { name: 'URI blocklist' });
  await expect(table.getByRole('cell', { name: 'phish.example.net', exact: true })).toBeVisible();
  const refused = await send();
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Message links to phish.example.net, which is on the URI blocklist');

  // Disabled, the entry no longer refuses anything.
  const toggle = table.getByRole('switch', { name: 'Enabled: phish.example.net' });
  await toggle.click();
  await expectNotice(page, 'URI enabled/disabled!');
  await expect(toggle).not.toBeChecked();
  expect((await send()).status).toBe(200);

  // On again: refused again.
  await toggle.click();
  await expect(toggle).toBeChecked();
  expect((await send()).status).toBe(400);

  await table.getByRole('button', { name: 'Delete phish.example.net' }).click();
  await page.getByRole('dialog', { name: 'Delete blocked link host' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'URI deleted!');
  expect((await send()).status).toBe(200);
});

test('S2-016 S2-060 S2-061 S2-063 S2-074 S2-014: who may open the URI and MTA screens', async ({ page, server }) => {
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const people = [
    { username: 'guard.user', role: 'user', subrole: null },
    { username: 'guard.admin', role: 'admin', subrole: null },
    { username: 'guard.operator', role: 'superadmin', subrole: null },
    { username: 'guard.mta', role: 'superadmin', subrole: 'mta' },
  ];
  for (const person of people) {
    const created = await callApi(server, 'POST', '/users', {
      token,
      body: { ...person, password: 'guard-pass-123', full_name: person.username },
    });
    expect(created.status).toBe(200);
  }
  const opens = async (path: string, heading: string) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  };
  const bounces = async (path: string) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  };

  await signIn(page, 'guard.user', 'guard-pass-123');
  await bounces('/allowlists/uris');
  await bounces('/mta/smtp-patterns');
  await page.evaluate(() => window.localStorage.clear());

  await signIn(page, 'guard.admin', 'guard-pass-123');
  await opens('/allowlists/uris', 'URI allow-list');
  await bounces('/mta');
  await bounces('/uri-blocklist');
  await page.evaluate(() => window.localStorage.clear());

  await signIn(page, 'guard.operator', 'guard-pass-123');
  await opens('/uri-blocklist', 'URI blocklist');
  await bounces('/mta/smtp-patterns');
  await page.evaluate(() => window.localStorage.clear());

  await signIn(page, 'guard.mta', 'guard-pass-123');
  await opens('/mta/smtp-patterns', 'SMTP patterns');
  await opens('/mta/global-suppressions', 'Global suppressions');
});
