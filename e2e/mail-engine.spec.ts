import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { admin, expect, signIn } from './support/fixtures.ts';
import { routeToSink, test } from './support/mail-loopback.ts';

/**
 * The mail engine from the console, all on loopback (support/mail-loopback.ts): a local DNS server answers for the
 * customer's domain and for the recipient's, a local MX sink receives the mail, and swaks submits it over SMTP.
 */
// Its own server: the environment of the loopback is this file's alone.
// SANDBOX=off: S4-016 needs a customer without any domain, and with the sandbox on every customer has one (issue 11).
test.use({ serverName: 'mail-engine', loopbackEnv: { RETRY_SCHEDULE_SECONDS: '1', SANDBOX: 'off' } });

const DOMAIN = 'shop.test';
const RECIPIENT = 'someone@dest.test';
const run = promisify(execFile);

/** The host and value shown for one DNS record on the domain screen (what a person would copy). */
async function shownRecord(page: Page, title: string): Promise<{ host: string; value: string }> {
  const card = page.getByRole('article', { name: `${title} record` });
  const [host, value] = await card.locator('dd code').allTextContents();
  if (!host || !value) throw new Error(`The ${title} record shows no host or value`);
  return { host, value };
}

test('S4-016 S4-017 S3-070 S2-026 S2-031: add a domain, verify its records, create an SMTP user, send with swaks, see it delivered in the logs', async ({
  page,
  server,
  loopback,
}) => {
  test.setTimeout(120_000);
  // The recipient's domain: its MX is the sink on 127.0.0.1.
  routeToSink(loopback.dns, 'dest.test');
  const { username, password } = admin(server);
  await signIn(page, username, password);

  // S4-016: a customer without domains gets the no-domains state, which leads to adding one.
  await page.goto('/domain');
  await expect(page.getByText('No domains yet')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Add a domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a domain' });
  await dialog.getByLabel('Domain name').fill('not a domain');
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(dialog.getByText(/Enter a domain name such as example.com/)).toBeVisible();
  await dialog.getByLabel('Domain name').fill(DOMAIN);
  await dialog.getByRole('button', { name: 'Add domain' }).click();

  // The new domain opens with the records to publish, none checked yet.
  await expect(page).toHaveURL(/\/domain$/);
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
  for (const title of ['SPF', 'DKIM', 'DMARC', 'Return-path (bounces)', 'Tracking']) {
    const card = page.getByRole('article', { name: `${title} record` });
    await expect(card.getByText('Not checked')).toBeVisible();
    await expect(card.getByRole('button', { name: `Copy the ${title} value` })).toBeVisible();
  }

  // Publish what the screen shows at the (local) DNS provider, then verify.
  const spf = await shownRecord(page, 'SPF');
  const dkim = await shownRecord(page, 'DKIM');
  const dmarc = await shownRecord(page, 'DMARC');
  const returnPath = await shownRecord(page, 'Return-path (bounces)');
  const tracking = await shownRecord(page, 'Tracking');
  expect(spf).toEqual({ host: DOMAIN, value: 'v=spf1 include:_spf.mw.mailwright.test ~all' });
  loopback.dns.set(spf.host, 'TXT', [spf.value]);
  loopback.dns.set(dkim.host, 'TXT', [dkim.value]);
  loopback.dns.set(dmarc.host, 'TXT', [dmarc.value]);
  loopback.dns.set(returnPath.host, 'MX', [{ exchange: returnPath.value, priority: 10 }]);
  loopback.dns.set(tracking.host, 'CNAME', [tracking.value]);

  await page.getByRole('button', { name: 'Verify DNS records' }).click();
  await expect(page.getByText(/this domain can send/)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  for (const title of ['SPF', 'DKIM', 'DMARC', 'Return-path (bounces)', 'Tracking']) {
    await expect(
      page.getByRole('article', { name: `${title} record` }).getByText('Valid', { exact: true }),
    ).toBeVisible();
  }

  // S3-070: the working domain is remembered per customer in app_config.lastWorkingDomains.
  const appConfig = await page.evaluate(() => JSON.parse(window.localStorage.getItem('app_config') ?? '{}'));
  expect(Object.values(appConfig.lastWorkingDomains ?? {})).toEqual([DOMAIN]);

  // An SMTP user; its password is shown once.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Credentials' }).click();
  await expect(page).toHaveURL(/\/credentials\/smtp-users$/);
  await page.getByRole('button', { name: 'New SMTP user' }).click();
  const create = page.getByRole('dialog', { name: `New SMTP user for ${DOMAIN}` });
  await create.getByLabel('Login').fill('postmaster');
  await create.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'SMTP user created' });
  await expect(shown.getByText(`Log in as postmaster@${DOMAIN}`)).toBeVisible();
  const smtpPassword = (await shown.getByTestId('secret-value').textContent()) ?? '';
  expect(smtpPassword.length).toBeGreaterThanOrEqual(16);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'SMTP users' }).getByText(`postmaster@${DOMAIN}`)).toBeVisible();

  // A real SMTP client submits with STARTTLS and AUTH (the first-start certificate is self-signed: swaks takes it).
  await run('swaks', [
    ...['--server', `127.0.0.1:${loopback.smtpPort}`, '--tls', '--timeout', '20', '--hide-all'],
    ...['--auth', 'PLAIN', '--auth-user', `postmaster@${DOMAIN}`, '--auth-password', smtpPassword],
    ...['--from', `hello@${DOMAIN}`, '--to', RECIPIENT],
    ...['--header', `From: Shop <hello@${DOMAIN}>`, '--header', 'Subject: Your order has shipped'],
    // Mailgun's SMTP header for the message's own data: read, removed, and shown in the drawer (issue 10).
    ...['--header', 'X-Mailgun-Variables: {"order-id": "1234"}'],
    ...['--body', 'Sent from the browser journey.'],
  ]);
  await expect.poll(() => loopback.sink.receivedBy(RECIPIENT).length, { timeout: 30_000 }).toBe(1);

  // The logs screen shows it delivered with the receiving server's reply.
  await page.goto('/analytics/logs');
  await expect(page.getByRole('heading', { level: 2, name: 'Logs' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Log' });
  const delivered = log.getByRole('row').filter({ hasText: 'Delivered' }).filter({ hasText: RECIPIENT });
  await expect(async () => {
    await page.reload();
    await expect(delivered).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(delivered).toContainText(/250\b/);
  await expect(log.getByRole('row').filter({ hasText: 'Accepted' }).filter({ hasText: RECIPIENT })).toBeVisible();

  // The detail drawer: the message's headers, every event and every delivery attempt with the SMTP reply.
  await delivered.getByRole('button', { name: `Details of delivered for ${RECIPIENT}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Your order has shipped' });
  await expect(drawer.getByRole('region', { name: 'Summary' })).toContainText(`hello@${DOMAIN}`);
  const events = drawer.getByRole('region', { name: 'Events' });
  await expect(events.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(events.getByText('Delivered', { exact: true })).toBeVisible();
  const attempts = drawer.getByRole('region', { name: 'Delivery attempts' });
  await expect(attempts.getByText('mx.dest.test (127.0.0.1)')).toBeVisible();
  await expect(attempts.getByLabel('SMTP reply')).toHaveText(/^250\b/);
  await expect(attempts.getByText('TLS')).toBeVisible();
  const variables = drawer.getByRole('region', { name: 'Variables' });
  await expect(variables.getByText('order-id', { exact: true })).toBeVisible();
  await expect(variables.getByText('1234', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: /Headers/ }).click();
  await expect(drawer.getByText('DKIM-Signature:', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Subject:', { exact: true })).toBeVisible();

  // The whole row opens it too, not only its time link and button (issue 11).
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await delivered
    .getByRole('cell')
    .last()
    .click({ position: { x: 2, y: 2 } });
  await expect(drawer).toBeVisible();
});

test('S4-014 S4-015 S8-010 S8-028: the working domain is remembered, and a vanished one is replaced with the notice', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  // Independent of the journey above: the domain it adds exists either way (409 when it already does).
  await callApi(server, 'POST', '/domains', { token, body: { name: DOMAIN } });
  const second = await callApi(server, 'POST', '/domains', { token, body: { name: 'another.test' } });
  expect(second.status).toBe(200);
  await signIn(page, username, password);

  // Choose the second domain in the top bar; a reload keeps it.
  const picker = page.getByRole('combobox', { name: 'Working domain' });
  await picker.click();
  await page.getByRole('option', { name: 'another.test' }).click();
  await page.goto('/domain');
  await expect(page.getByRole('heading', { level: 1, name: 'another.test' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'another.test' })).toBeVisible();
  await expect(picker).toHaveValue('another.test');

  // S8-010: it is deleted elsewhere; the domain screen's next load answers 404 and the not-found action takes the
  // first remaining domain with the spec's notice (the periodic refresh brings that load within 20 s).
  expect((await callApi(server, 'DELETE', `/domains/${second.body.data.did}`, { token })).status).toBe(200);
  await expect(page.getByText(`Domain another.test no longer available, switching to ${DOMAIN}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
  await expect(picker).toHaveValue(DOMAIN);

  // S4-015 on a fresh load: the remembered domain is gone before the console starts.
  const third = await callApi(server, 'POST', '/domains', { token, body: { name: 'third.test' } });
  await picker.click();
  await page.getByRole('option', { name: 'third.test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'third.test' })).toBeVisible();
  expect((await callApi(server, 'DELETE', `/domains/${third.body.data.did}`, { token })).status).toBe(200);
  await page.reload();
  await expect(page.getByText(`Domain third.test no longer available, switching to ${DOMAIN}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
});
