import type { Page } from '@playwright/test';
import { expect as apiExpect } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn, signOut } from './support/fixtures.ts';
import { addVerifiedDomain, parseReceived, routeToSink, test } from './support/mail-loopback.ts';
import { SHOTS_DIR, shootScreen } from './support/screenshots.ts';
import type { MailwrightServer } from './support/server.ts';

/** The operators' sending domain for system mail; the client's address has the local sink as MX. */
const SYSTEM_MAIL_DOMAIN = 'mail.operators.test';
const SUBMITTED = 'Vetting form succesfully sent. Thank you! We will evaluate the data and get back to you!';

test.use({ serverName: 'vetting', loopbackEnv: { SYSTEM_MAIL_DOMAIN } });

/** Screenshots at 390 and 1440 px in both themes when E2E_SHOTS_DIR is set (support/screenshots.ts). */
const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, `vetting-${name}`, ready);

/** A parent customer whose admin adds the client (issue 15's way into vetting). */
async function parentAdmin(server: MailwrightServer, operator: string) {
  const customer = await callApi(server, 'POST', '/customers', { token: operator, body: { customer: 'Parent Co' } });
  apiExpect(customer.status).toBe(200);
  await callApi(server, 'PUT', `/proxy/${customer.body.data.cid}`, { token: operator });
  const body = { username: 'parent.admin', email: 'parent@parent.test', password: 'parent-pass-1', role: 'admin' };
  apiExpect(
    (await callApi(server, 'POST', '/users', { token: operator, body: { ...body, full_name: 'P' } })).status,
  ).toBe(200);
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  return apiToken(server, body.username, body.password);
}

test('S2-095 S2-113 S4-021 S4-022 S4-023 S4-024 S8-037 S8-038 S8-060 S2-049 S4-020 S1-015: a client opens its vetting form from the mail, saves a draft, sends it; an operator approves it and the client can send', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(180_000);
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  await addVerifiedDomain(server, loopback.dns, operator, SYSTEM_MAIL_DOMAIN);
  routeToSink(loopback.dns, 'client.test');
  routeToSink(loopback.dns, 'elsewhere.test');
  const parent = await parentAdmin(server, operator);
  const client = await callApi(server, 'POST', '/customers/subaccounts', {
    token: parent,
    body: { company: 'Client Co', email: 'owner@client.test' },
  });
  apiExpect(client.status).toBe(200);
  const clientCid: number = client.body.data.client.cid;

  // Before approval the client sends only through its sandbox or to its own users: a verified domain is not enough.
  apiExpect((await callApi(server, 'PUT', `/proxy/${clientCid}`, { token: operator })).status).toBe(200);
  const domain = await addVerifiedDomain(server, loopback.dns, operator, 'send.client.test');
  const key = await callApi(server, 'POST', `/tokens/${domain.did}`, {
    token: operator,
    body: { role: 'sending', note: 'journey' },
  });
  await callApi(server, 'DELETE', '/proxy', { token: operator });
  const send = () =>
    callApi(server, 'POST', '/v1/send', {
      token: key.body.data.token,
      body: { from: 'app@send.client.test', to: 'someone@elsewhere.test', subject: 'Hello', text: 'Hi' },
    });
  const refused = await send();
  apiExpect(refused.status).toBe(403);
  apiExpect(refused.body.message).toContain('Your account is awaiting vetting');

  // The vetting form's link arrives at the local MX sink.
  const vettingMail = async () => {
    for (const received of loopback.sink.receivedBy('owner@client.test')) {
      const mail = await parseReceived(received);
      const link = /https?:\/\/\S+(\/vetting\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      if (link) return link;
    }
    return null;
  };
  await expect.poll(vettingMail, { timeout: 30_000 }).not.toBeNull();
  const link = (await vettingMail()) as string;

  // inprogress: the form opens without signing in; a draft survives a reload.
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Vetting form' });
  await expect(form).toBeVisible();
  await form.getByLabel('Company').fill('Client Co Ltd');
  await form.getByLabel('Website').fill('https://client.test');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved succesfully!')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Company')).toHaveValue('Client Co Ltd');
  await shoot(page, 'form', () => expect(form.getByLabel('Company')).toHaveValue('Client Co Ltd'));

  // Sending an incomplete form puts the missing answers on their fields.
  await form.getByRole('button', { name: 'Send the form' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await form.getByLabel('Country').selectOption({ label: 'Germany' });
  await form.getByLabel('Monthly volume').fill('20000');
  await form.getByLabel('Transactional (receipts, password resets)').check();
  await form.getByLabel('Address collection').fill('Customers sign up in our shop');
  await form.getByLabel('Unsubscribe handling').fill('A link, applied at once');
  await form.getByLabel('Data location').selectOption({ label: 'European Union' });
  await form.getByRole('button', { name: 'Send the form' }).click();
  // justsubmitted, then submitted on the next load (401), invalid for an unknown token (404).
  await expect(page.getByText(SUBMITTED)).toBeVisible();
  await shoot(page, 'submitted', () => expect(page.getByText('This vetting form was already sent.')).toBeVisible());
  await page.reload();
  await expect(page.getByText(/This vetting form was already sent/)).toBeVisible();
  await page.goto('/vetting/not-a-real-token');
  await expect(page.getByText('This vetting form does not exist. Check the link in your e-mail.')).toBeVisible();

  // The operator reviews the answers on /vetting-list/customers and approves with a note.
  await signIn(page, admin(server).username, admin(server).password);
  await page.goto('/vetting-list/customers');
  const row = page.getByRole('row').filter({ hasText: 'Client Co' });
  await expect(row.getByText('Not decided').filter({ visible: true })).toBeVisible();
  await shoot(page, 'customers', () => expect(row.getByText('Not decided').filter({ visible: true })).toBeVisible());
  await row.getByRole('button', { name: 'Review Client Co' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vetting: Client Co' });
  await expect(dialog.getByText('Customers sign up in our shop')).toBeVisible();
  await expect(dialog.getByText('Germany')).toBeVisible();
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/vetting-review-1280-dark.png` });
  await dialog.getByLabel('Note (sent to the customer)').fill('Welcome aboard');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByText('Vetting decision saved!')).toBeVisible();
  await page.getByLabel('Show').click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'Client Co' }).getByText('Approved').filter({ visible: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'Client Co' })
      .getByText(/^admin, /),
  ).toBeVisible();

  // Approved: the same send now goes out, and the client was told by mail.
  const sent = await send();
  apiExpect(sent.status).toBe(200);
  await expect
    .poll(
      async () => {
        const mails = await Promise.all(loopback.sink.receivedBy('owner@client.test').map(parseReceived));
        return mails.some((mail) => /was approved/.test(mail.subject ?? ''));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // The domain list: the client's domain, approved with a data location.
  await page.goto('/vetting-list/domains');
  const domainRow = page.getByRole('row').filter({ hasText: 'send.client.test' });
  await shoot(page, 'domains', () => expect(domainRow).toBeVisible());
  await domainRow.getByRole('button', { name: 'Decide send.client.test' }).click();
  const decide = page.getByRole('dialog', { name: 'Vetting: send.client.test' });
  await expect(decide.getByText(/asked for eu/)).toBeVisible();
  await decide.getByRole('button', { name: 'Save decision' }).click();
  await expect(page.getByText('Vetting decision saved!')).toBeVisible();
});

test('S2-047 S2-048 S2-050 S6-010: /vetting-list opens domain vetting for an operator; an admin lands on /dashboard', async ({
  page,
  server,
}) => {
  const operator = await apiToken(server, admin(server).username, admin(server).password);
  const created = await callApi(server, 'POST', '/users', {
    token: operator,
    body: { username: 'other.admin', password: 'other-admin-pass', role: 'admin', full_name: 'Other Admin' },
  });
  apiExpect(created.status).toBe(200);
  await signIn(page, admin(server).username, admin(server).password);
  await page.goto('/vetting-list');
  await expect(page).toHaveURL(/\/vetting-list\/domains$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Domain vetting' })).toBeVisible();
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Customer vetting' })).toBeVisible();

  await signOut(page);
  await signIn(page, 'other.admin', 'other-admin-pass');
  await page.goto('/vetting-list');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vetting' })).toHaveCount(
    0,
  );
});
