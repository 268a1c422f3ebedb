import { expect as apiExpect } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, signOut, submitCredentials } from './support/fixtures.ts';
import { addVerifiedDomain, parseReceived, routeToSink, test } from './support/mail-loopback.ts';
import type { MailwrightServer } from './support/server.ts';

/** The operators' sending domain for system mail; the clients' and approvers' domains have the local sink as MX. */
const SYSTEM_MAIL_DOMAIN = 'mail.operators.test';

test.use({ serverName: 'clients', loopbackEnv: { SYSTEM_MAIL_DOMAIN } });

/** A customer with an admin that has an e-mail address (an approver needs one for the join link). */
async function customerWithAdmin(server: MailwrightServer, name: string, username: string, email: string) {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const customer = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: name } });
  apiExpect(customer.status).toBe(200);
  await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operator });
  const created = await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username, email, password: `${username}-pass-1`, role: 'admin', full_name: `${name} admin` },
  });
  apiExpect(created.status).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  return { cid: customer.body.data.cid as number, username, password: `${username}-pass-1` };
}

test.beforeAll(async ({ server, loopback }) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  await addVerifiedDomain(server, loopback.dns, operator, SYSTEM_MAIL_DOMAIN);
  routeToSink(loopback.dns, 'client.test');
  routeToSink(loopback.dns, 'host.test');
});

test('S2-040 S8-058 S9-025 S1-005 S4-013: an admin adds a client, its vetting form is mailed to the sink, and the admin acts as it', async ({
  page,
  server,
  loopback,
}) => {
  // Mail through the engine to the sink and several sign-ins: slow on a busy machine.
  test.setTimeout(180_000);
  const parent = await customerWithAdmin(server, 'Parent Co', 'parent.admin', 'parent.admin@client.test');
  await signIn(page, parent.username, parent.password);
  // Spec 9: sub-accounts are fetched 50 a page.
  const listCall = page.waitForRequest((req) => /\/api\/customers\/subaccounts\?.*limit=50/.test(req.url()));
  await page.goto('/clients');
  await listCall;
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a client' });
  // S5-010: the server's field errors land on the form (a bad address is refused by the same schema first).
  await dialog.getByLabel('Company').fill('Client Co');
  await dialog.getByLabel('Admin e-mail').fill('parent.admin@client.test');
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(dialog.getByText('A user with this email address already exists')).toBeVisible();
  await dialog.getByLabel('Admin e-mail').fill('owner@client.test');
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByText('Client added! A vetting form has been sent to email address specified.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Client Co' });
  await expect(row.getByText('form sent')).toBeVisible();

  // The system-mail job delivers both mails (the admin's invitation and the vetting form) to the sink.
  await expect.poll(() => loopback.sink.receivedBy('owner@client.test').length, { timeout: 30_000 }).toBe(2);
  const mails = await Promise.all(loopback.sink.receivedBy('owner@client.test').map(parseReceived));
  const vetting = mails.find((mail) => /vetting form/i.test(mail.subject ?? ''));
  expect(vetting?.text ?? '').toMatch(/https?:\/\/\S+\/vetting\/[A-Za-z0-9_-]+/);
  expect(mails.some((mail) => /\/auth\/invite\/\S+/.test(mail.text ?? ''))).toBe(true);

  // Acting as the client from /clients lands on /dashboard: the client has no clients of its own (spec 4).
  await row.getByRole('button', { name: 'Act as Client Co' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Acting as Client Co')).toBeVisible();
});

test('S6-024 S8-059 S2-096 S4-033 S4-034 S2-112 S8-036: a join request from request to approval', async ({
  page,
  server,
  loopback,
}) => {
  // Mail through the engine to the sink and several sign-ins: slow on a busy machine.
  test.setTimeout(180_000);
  const host = await customerWithAdmin(server, 'Host Co', 'host.admin', 'host.admin@host.test');
  const joiner = await customerWithAdmin(server, 'Joiner Co', 'joiner.admin', 'joiner.admin@joiner.test');
  await signIn(page, joiner.username, joiner.password);
  await page.goto('/clients');
  const send = page.getByRole('button', { name: 'Send request' });
  const approver = page.getByLabel('Approver (username or e-mail)');
  // The approver is required (spec 6).
  await send.click();
  await expect(page.getByText('Enter the approver: the username or e-mail address of an admin')).toBeVisible();
  await approver.fill('host.admin@host.test');
  await send.click();
  await expect(page.getByText('Your request to host.admin@host.test was succesfully sent!')).toBeVisible();
  await expect(page.getByText(/Waiting for host\.admin@host\.test/)).toBeVisible();

  await expect.poll(() => loopback.sink.receivedBy('host.admin@host.test').length, { timeout: 30_000 }).toBe(1);
  const [raw] = loopback.sink.receivedBy('host.admin@host.test');
  if (!raw) throw new Error('No join mail in the sink');
  const link = (await parseReceived(raw)).text?.match(/https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');
  await signOut(page);

  // The guest link: sign in as the approver, and the layout's join-accept dialog shows the requester.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Join request' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in to review' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await submitCredentials(page, host.username, host.password);
  await expect(page).toHaveURL(/\/clients$/);
  const review = page.getByRole('dialog', { name: 'Join request' });
  await expect(review.getByText('Joiner Co')).toBeVisible();
  await expect(review.getByText(/joiner\.admin/)).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Join request approved: Joiner Co is now your client')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Joiner Co' })).toBeVisible();

  // The link is spent: reviewing it again clears the requester and shows the server's message (spec 8).
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/clients$/);
  await expect(review.getByText('This join request is invalid or has expired.')).toBeVisible();
  await expect(review.getByText('Joiner Co')).toBeHidden();
});

test('S2-094 S2-044: an invited person opens an account as a client and lands in vetting; a plain user cannot open /clients', async ({
  page,
  server,
  loopback,
}) => {
  // Mail through the engine to the sink and several sign-ins: slow on a busy machine.
  test.setTimeout(180_000);
  const inviter = await customerWithAdmin(server, 'Inviter Co', 'inviter.admin', 'inviter.admin@client.test');
  await signIn(page, inviter.username, inviter.password);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a client' });
  await dialog.getByLabel('E-mail').fill('prospect@client.test');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('dialog', { name: 'Invitation sent' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  await expect.poll(() => loopback.sink.receivedBy('prospect@client.test').length, { timeout: 30_000 }).toBe(1);
  const [raw] = loopback.sink.receivedBy('prospect@client.test');
  if (!raw) throw new Error('No invitation in the sink');
  const link = (await parseReceived(raw)).text?.match(/https?:\/\/\S+\/invite\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');
  await signOut(page);

  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText('Inviter Co invites prospect@client.test')).toBeVisible();
  await page.getByLabel('Company').fill('Prospect Ltd');
  await page.getByLabel('Your name').fill('Pat Prospect');
  await page.getByLabel('Username').fill('pat.prospect');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill('prospect-pass-1');
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(page.getByText(/Your account is ready/)).toBeVisible();
  // On to the vetting form after 5000 ms, as invitations go on (spec 9).
  await expect(page).toHaveURL(/\/vetting\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });

  // The new client is under the inviter, waiting for its vetting form.
  const token = await apiToken(server, inviter.username, inviter.password);
  const clients = await callApi(server, 'GET', '/customers/subaccounts', { token });
  expect(clients.body.data.items).toEqual([
    expect.objectContaining({ customer: 'Prospect Ltd', email: 'prospect@client.test', vetting: 'inprogress' }),
  ]);

  // Role user: /clients is for admins (spec 2), so the guard leads to /dashboard.
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  await callApi(server, 'PUT', `/proxy/${inviter.cid}`, { token: operator });
  await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username: 'inviter.user', password: 'inviter-user-pass', role: 'user' },
  });
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  await signIn(page, 'inviter.user', 'inviter-user-pass');
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/dashboard$/);
});
