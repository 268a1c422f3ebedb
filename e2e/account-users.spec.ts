import { expect as apiExpect } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, signOut, submitCredentials } from './support/fixtures.ts';
import { addVerifiedDomain, parseReceived, routeToSink, test } from './support/mail-loopback.ts';

/** The operators' sending domain for system mail, and the invitee, whose domain's MX is the local sink. */
const SYSTEM_MAIL_DOMAIN = 'mail.operators.test';
const INVITEE = 'new.colleague@example.test';

// Its own server, which sends system mail from SYSTEM_MAIL_DOMAIN through the local DNS to the local MX sink.
test.use({ serverName: 'account-users', loopbackEnv: { SYSTEM_MAIL_DOMAIN } });

test('S7-013 S7-012 S2-091 S6-004: an admin invites a user; the invite link activates the account and the new user signs in', async ({
  page,
  server,
  loopback,
}) => {
  // The operators' customer owns the system-mail domain, verified; the invitee's domain delivers to the sink.
  const operatorToken = await apiToken(server, admin(server).username, admin(server).password);
  await addVerifiedDomain(server, loopback.dns, operatorToken, SYSTEM_MAIL_DOMAIN);
  routeToSink(loopback.dns, 'example.test');

  // An admin at home in a customer of its own (the fixture's admin is a superadmin of the operators' customer).
  const customer = await callApi(server, 'POST', '/customers', {
    token: operatorToken,
    body: { customer: 'Invite Co' },
  });
  apiExpect(customer.status).toBe(200);
  await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operatorToken });
  const teamAdmin = await callApi(server, 'POST', '/users', {
    token: operatorToken,
    body: { username: 'invite.admin', password: 'invite-admin-pass', role: 'admin', full_name: 'Invite Admin' },
  });
  apiExpect(teamAdmin.status).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operatorToken });

  await signIn(page, 'invite.admin', 'invite-admin-pass');
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  // The role picker of an admin in a non-partner customer offers neither superadmin nor partner (spec 5/6).
  await dialog.getByLabel('Role').click();
  await expect(page.getByRole('option')).toHaveText(['user', 'admin']);
  await page.getByRole('option', { name: 'user' }).click();
  await dialog.getByLabel('Email').fill(INVITEE);
  await dialog.getByLabel('Full name').fill('New Colleague');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();

  // The console shows the link as the API answered it; the one followed below is the one the mail carries.
  const sent = page.getByRole('dialog', { name: 'Invitation sent' });
  const shownLink = (await sent.getByTestId('secret-value').textContent()) ?? '';
  expect(shownLink).toMatch(/\/auth\/invite\/\S+$/);
  await sent.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: INVITEE });
  await expect(row.getByText('invited')).toBeVisible();
  await expect(row.getByText('external')).toBeVisible();

  // The system-mail job delivers the invitation through the engine to the invitee's MX (the sink).
  await expect.poll(() => loopback.sink.receivedBy(INVITEE).length, { timeout: 30_000 }).toBe(1);
  const [mail] = loopback.sink.receivedBy(INVITEE);
  if (!mail) throw new Error('No invitation in the sink');
  const invitation = await parseReceived(mail);
  expect(invitation.from?.value[0]?.address).toBe(`no-reply@${SYSTEM_MAIL_DOMAIN}`);
  expect(invitation.subject).toBe('You are invited to Invite Co on Mailwright');
  const mailedLink = invitation.text?.match(/https?:\/\/\S+\/auth\/invite\/\S+/)?.[0] ?? '';
  expect(mailedLink, 'the invitation mail carries the invite link').toMatch(/\/auth\/invite\/\S+$/);
  expect(mailedLink).toBe(shownLink);

  await signOut(page);
  await page.goto(new URL(mailedLink).pathname);
  await expect(page.getByText('Invitation confirmed')).toBeVisible();
  // Spec 9: on to activation after 5000 ms.
  await expect(page).toHaveURL(/\/auth\/activate\//, { timeout: 10_000 });
  await page.getByLabel('New password', { exact: true }).fill('colleague-pass-1');
  await page.getByLabel('Repeat the new password').fill('colleague-pass-1');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await submitCredentials(page, INVITEE, 'colleague-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('S2-037 S6-004 S7-033 S7-034 S7-035 S6-023: users are created, edited, deactivated, logged out and deleted from the list', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/users');

  await page.getByRole('button', { name: 'New user' }).click();
  const create = page.getByRole('dialog', { name: 'New user' });
  // A superadmin session may give the superadmin role; partner stays out in a non-partner customer.
  await create.getByLabel('Role').click();
  await expect(page.getByRole('option')).toHaveText(['user', 'admin', 'superadmin']);
  await page.getByRole('option', { name: 'user', exact: true }).click();
  await create.getByLabel('Username').fill('list.user');
  await create.getByLabel('Password').fill('list-user-pass');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'list.user' });
  await expect(row.getByText('active')).toBeVisible();

  // A taken username comes back from the server as a field error under the field.
  await page.getByRole('button', { name: 'New user' }).click();
  await create.getByLabel('Username').fill('list.user');
  await create.getByLabel('Password').fill('list-user-pass');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('This username is taken')).toBeVisible();
  // The open dialog hides the rest of the page from the accessibility tree, so the snackbar is found by its text.
  await expect(page.getByText('Various errors')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Actions for list.user' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit list.user' });
  await edit.getByLabel('Full name').fill('Listed User');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved succesfully!')).toBeVisible();
  await expect(row.getByText('Listed User')).toBeVisible();

  // The user signs in elsewhere; deactivating ends that session.
  const elsewhere = await apiToken(server, 'list.user', 'list-user-pass');
  await row.getByRole('button', { name: 'Actions for list.user' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: 'Deactivate user' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('inactive')).toBeVisible();
  expect((await callApi(server, 'GET', '/login', { token: elsewhere })).status).toBe(401);

  await row.getByRole('button', { name: 'Actions for list.user' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(row.getByText('active', { exact: true })).toBeVisible();
  const again = await apiToken(server, 'list.user', 'list-user-pass');
  await row.getByRole('button', { name: 'Actions for list.user' }).click();
  await page.getByRole('menuitem', { name: 'Force log out' }).click();
  await page.getByRole('dialog', { name: 'Force log out' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('User logged out')).toBeVisible();
  expect((await callApi(server, 'GET', '/login', { token: again })).status).toBe(401);

  await row.getByRole('button', { name: 'Actions for list.user' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
