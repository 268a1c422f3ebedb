import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';

/**
 * Issue 13, inbound routes from the console (/routes, S2-017, S2-018): add a route with the expression builder, see
 * a pattern RE2 cannot run come back as a field error (S5-005), test an address against the routes, switch the route
 * off and see the test answer change.
 */
// A server of its own; its sandbox catch-all takes any free port (journeys of other files may run at the same time).
test.use({ serverName: 'routes', serverEnv: { SANDBOX_MX_PORT: '0' } });

test('S2-017 S5-005: add a route, test an address, reorder two routes, switch one off, test a pasted message', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000); // a long journey: routes, reordering, the test box in both modes, the policy
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  // A domain of the admin's own, as the working domain (routes belong to a domain).
  const created = await callApi(server, 'POST', '/domains', { token, body: { name: 'routes-journey.test' } });
  expect(created.status).toBe(200);
  await signIn(page, username, password);
  await page.goto('/routes');
  await expect(page.getByRole('heading', { name: 'Routes', level: 1 })).toBeVisible();
  // The working domain the screen shows (the one just added, unless the console picked another), once it is shown.
  await expect(page.locator('#routes-title + *')).not.toBeEmpty();
  const domainName = ((await page.locator('#routes-title + *').textContent()) ?? '').trim() || 'routes-journey.test';

  await page.getByRole('button', { name: 'Add route' }).click();
  const dialog = page.getByRole('dialog', { name: 'New route' });
  await dialog.getByLabel('Description').fill('Support desk');
  // A backreference needs a backtracking engine: refused at save, on the pattern field (S5-005).
  await dialog.getByLabel('Pattern').fill('(support)\\1@.*');
  await dialog.getByLabel('Address').fill('desk@dest.test');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(/Backreferences .* are not supported/)).toBeVisible();
  await dialog.getByLabel('Pattern').fill('support@.*');
  await dialog.getByRole('button', { name: 'Add action' }).click();
  await dialog.getByRole('combobox', { name: 'Action 2' }).click();
  await page.getByRole('option', { name: 'Stop (no later route runs)' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const routes = page.getByRole('list', { name: 'Routes in priority order' });
  const route = routes.getByRole('listitem', { name: 'Route match_recipient("support@.*")' });
  await expect(route).toBeVisible();
  await expect(route.getByText('forward("desk@dest.test")')).toBeVisible();
  await expect(route.getByText('stop()')).toBeVisible();
  await expect(route.getByText('accept', { exact: true })).toBeVisible();

  const recipient = `support@${domainName}`;
  await page.getByRole('textbox', { name: 'Recipient' }).fill(recipient);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Accepted: the actions run in order')).toBeVisible();
  await expect(page.getByText('forward("desk@dest.test")', { exact: true }).last()).toBeVisible();

  // A second route, a catch-all that holds, after it; moved up, it takes the address first (the first match decides).
  const domains = await callApi(server, 'GET', '/domains?limit=50', { token });
  const working = domains.body.data.items.find((d: { name: string }) => d.name === domainName);
  expect(working, `the working domain ${domainName} is in the domain list`).toBeTruthy();
  const held = await callApi(server, 'POST', `/routes/${working.did}`, {
    token,
    body: { priority: 10, expression: { type: 'catch_all' }, mode: 'hold' },
  });
  expect(held.status).toBe(200);
  await page.reload();
  const items = routes.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAccessibleName('Route match_recipient("support@.*")');
  await page.getByRole('button', { name: 'Move up catch_all()' }).click();
  await expect(items.first()).toHaveAccessibleName('Route catch_all()');
  await page.getByRole('textbox', { name: 'Recipient' }).fill(recipient);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Held: the message is kept, nothing is done with it')).toBeVisible();
  await page.getByRole('button', { name: 'Move down catch_all()' }).click();
  await expect(items.first()).toHaveAccessibleName('Route match_recipient("support@.*")');

  const switchOff = route.getByRole('switch', { name: 'On: match_recipient("support@.*")' });
  await switchOff.click();
  await expect(switchOff).not.toBeChecked();
  // The list reloads from the server: still off.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'On: match_recipient("support@.*")' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Recipient' }).fill(recipient);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  // The catch-all that holds now takes it.
  await expect(page.getByText('Held: the message is kept, nothing is done with it')).toBeVisible();

  // Issue 13: the domain's receiving MX is not published, and the screen says what to publish.
  await expect(page.getByRole('alert', { name: 'Receiving' })).toContainText(
    new RegExp(`Publish MX 10 \\S+ for ${domainName.replace(/\./g, '\\.')}`),
  );

  // A pasted message: its Subject matches a header route; the recipient is read from its To.
  const invoices = await callApi(server, 'POST', `/routes/${working.did}`, {
    token,
    body: {
      priority: 1,
      expression: { type: 'match_header', header: 'Subject', pattern: 'invoice' },
      actions: [{ type: 'store', days: 4 }],
    },
  });
  expect(invoices.status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Paste a message' }).click();
  await expect(page.getByRole('heading', { name: 'Test a message' })).toBeVisible();
  const pasted = `From: Alice <alice@example.org>\nTo: Billing <billing@${domainName}>\nSubject: Invoice 42\n\nHello\n`;
  await page.getByRole('textbox', { name: 'Message' }).fill(pasted);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByText('Accepted: the actions run in order')).toBeVisible();
  await expect(page.getByText(`Invoice 42 from Alice <alice@example.org> to billing@${domainName}`)).toBeVisible();
  const effects = page.getByRole('list', { name: 'What would happen' });
  await expect(effects.getByRole('listitem')).toHaveText(['store(days=4): Kept 4 days, listed and downloadable']);

  // The policy: at most 2048 bytes; the same test then says the MX would refuse a larger message with 552.
  const policy = page.getByRole('form', { name: 'Policy' });
  await policy.getByRole('textbox', { name: 'Maximum size (bytes)' }).fill('100');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByText('At least 1024 bytes')).toBeVisible();
  await policy.getByRole('textbox', { name: 'Maximum size (bytes)' }).fill('2048');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Saved succesfully!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill(`${pasted}${'x'.repeat(3000)}\n`);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(
    page.getByText(/^Too large: refused at DATA with 552 5\.3\.4 \(\d+ bytes, the limit is 2048\)$/),
  ).toBeVisible();
});
