import type { Page } from '@playwright/test';
import { freePort } from '../apps/server/src/mail/testing/server-process.ts';
import { type Dovecot, startDovecot } from '../apps/server/src/test/dovecot.ts';
import { type LocalDns, startLocalDns } from '../apps/server/src/test/local-dns.ts';
import { apiToken, callApi } from './support/api.ts';
import { admin, test as base, expect, signIn } from './support/fixtures.ts';
import { addVerifiedDomain, MAIL_HOSTNAME, routeToSink } from './support/mail-loopback.ts';
import { shootScreen } from './support/screenshots.ts';

/**
 * Issue 16, run a seed test and read its placement (S2-032, S2-033, S2-105, S2-106): the server's outbound mail goes
 * to a real Dovecot with Sieve on loopback (src/test/dovecot.ts: an SMTP relay in front hands mail to dovecot-lda).
 * An operator adds the seed list on the deliverability screen (a wrong password is refused at save), starts a test
 * with pasted content and reads inbox, spam and missing per provider, with the receiver's Authentication-Results.
 */
interface SeedWorld {
  dns: LocalDns;
  dovecot: Dovecot;
}

const test = base.extend<object, { seedWorld: SeedWorld }>({
  seedWorld: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const dns = await startLocalDns();
      const dovecot = await startDovecot({
        users: [
          { name: 'inboxly', password: 'inbox-pass-1' },
          { name: 'strict', password: 'strict-pass-2', strict: true },
          { name: 'gone', password: 'gone-pass-3', drop: true },
        ],
      });
      dovecot.checkAuthentication(dns.servers);
      await use({ dns, dovecot });
      await dovecot.stop();
      await dns.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ seedWorld }, use) =>
      use({
        DNS_SERVERS: seedWorld.dns.servers.join(','),
        OUTBOUND_SMTP_PORT: String(seedWorld.dovecot.relayPort),
        SMTP_PORT: String(await freePort()),
        MAIL_HOSTNAME,
        SEED_ALLOW_PRIVATE: 'true',
        SEED_TEST_TIMEOUT_SECONDS: '10',
        SEED_POLL_SECONDS: '1',
      }),
    { scope: 'worker' },
  ],
});

test.use({ serverName: 'deliverability' });

const DOMAIN = 'seed-journey.test';
const SEEDS = [
  { provider: 'Inboxly', user: 'inboxly', password: 'inbox-pass-1', domain: 'inboxly.seed.test' },
  { provider: 'Strictmail', user: 'strict', password: 'strict-pass-2', domain: 'strictmail.seed.test' },
  { provider: 'Blackhole', user: 'gone', password: 'gone-pass-3', domain: 'blackhole.seed.test' },
];

const shoot = (page: Page, name: string, ready: () => Promise<void>) => shootScreen(page, name, ready);

test('S2-032 S2-033 S2-105 S2-106: run a seed test and read its placement (inbox, spam, missing)', async ({
  page,
  server,
  seedWorld,
}) => {
  test.setTimeout(180_000);
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  await addVerifiedDomain(server, seedWorld.dns, token, DOMAIN);
  for (const seed of SEEDS) routeToSink(seedWorld.dns, seed.domain);
  const imap = { imap_host: '127.0.0.1', imap_port: seedWorld.dovecot.imapPort, tls: 'none' };
  // Two seeds through the API; the third through the screen.
  for (const seed of SEEDS.slice(1)) {
    const body = { provider: seed.provider, address: `${seed.user}@${seed.domain}`, username: seed.user, ...imap };
    const added = await callApi(server, 'POST', '/system/seed-mailboxes', {
      token,
      body: { ...body, password: seed.password },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }

  await signIn(page, username, password);
  const picker = page.getByRole('combobox', { name: 'Working domain' });
  await picker.click();
  await page.getByRole('option', { name: DOMAIN }).click();
  await page.goto('/analytics/deliverability');
  await expect(page.getByRole('heading', { name: 'Seed tests' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seed list' })).toBeVisible();

  // A seed mailbox whose login fails is refused at save, on the password field.
  await page.getByRole('button', { name: 'Add mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a seed mailbox' });
  await dialog.getByLabel('Provider').fill('Inboxly');
  await dialog.getByLabel('Address').fill('inboxly@inboxly.seed.test');
  await dialog.getByLabel('IMAP host').fill('127.0.0.1');
  await dialog.getByLabel('Port').fill(String(seedWorld.dovecot.imapPort));
  await dialog.getByRole('combobox', { name: 'Encryption' }).click();
  await page.getByRole('option', { name: 'None (on-premises only)' }).click();
  await dialog.getByLabel('IMAP user').fill('inboxly');
  await dialog.getByLabel('IMAP password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in and save' }).click();
  await expect(dialog.getByText(/The IMAP login failed/)).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel('IMAP password').fill('inbox-pass-1');
  await dialog.getByRole('button', { name: 'Log in and save' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  const seedList = page.getByRole('table', { name: 'Seed list' });
  await expect(seedList.getByRole('row')).toHaveCount(4);

  // A new test with pasted content: its subject has the word the strict provider files into Junk.
  await page.getByRole('button', { name: 'New seed test' }).click();
  const form = page.getByRole('dialog', { name: 'New seed test' });
  await form.getByLabel('Subject').fill('Our special offer this week');
  await form.getByLabel('Text').fill('Hello from the seed journey');
  await form.getByRole('button', { name: 'Send to the seed list' }).click();
  await expect(page).toHaveURL(/\/analytics\/deliverability\/\d+$/);

  const card = (provider: string, placement: string) =>
    page.getByRole('article', { name: `${provider}: ${placement}` });
  await expect(card('Inboxly', 'inbox')).toBeVisible({ timeout: 60_000 });
  await expect(card('Strictmail', 'spam')).toBeVisible({ timeout: 60_000 });
  await expect(card('Blackhole', 'missing')).toBeVisible({ timeout: 60_000 });
  await expect(card('Strictmail', 'spam').getByText('Found in Junk')).toBeVisible();
  await expect(card('Inboxly', 'inbox').getByText(/mx\.seed\.test;.*dkim=pass/)).toBeVisible();
  await card('Inboxly', 'inbox').getByText('Headers as the mailbox holds them').click();
  await expect(card('Inboxly', 'inbox').getByText(/X-Mailwright-Seed:/)).toBeVisible();
  await shoot(page, 'seedtest-detail', () => expect(card('Blackhole', 'missing')).toBeVisible());

  // The list shows the test with its counts; Run again starts a new one.
  await page.getByRole('link', { name: 'All seed tests' }).click();
  const tests = page.getByRole('table', { name: 'Seed tests' });
  const row = tests.getByRole('row').filter({ hasText: 'Our special offer this week' });
  await expect(row.getByText('Inbox 1')).toBeVisible();
  await expect(row.getByText('Spam 1')).toBeVisible();
  await expect(row.getByText('Missing 1')).toBeVisible();
  await shoot(page, 'deliverability', () => expect(row.getByText('Missing 1')).toBeVisible());
  await row.getByRole('button', { name: /again$/ }).click();
  await expect(page).toHaveURL(/\/analytics\/deliverability\/\d+$/);
  await expect(page.getByText(/a re-run of test \d+/)).toBeVisible();

  // A test from a template of the domain: its active version is what is sent.
  const domains = await callApi(server, 'GET', '/domains?limit=50', { token });
  const did = domains.body.data.items.find((d: { name: string }) => d.name === DOMAIN).did as number;
  const template = await callApi(server, 'POST', `/templates/${did}`, {
    token,
    body: { name: 'weekly-news', subject: 'Weekly news from the template', text: 'Hello from a template' },
  });
  expect(template.status).toBe(200);
  await page.getByRole('link', { name: 'All seed tests' }).click();
  await page.getByRole('button', { name: 'New seed test' }).click();
  await form.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'weekly-news' }).click();
  await form.getByRole('button', { name: 'Send to the seed list' }).click();
  await expect(page.getByRole('heading', { name: 'Weekly news from the template' })).toBeVisible();
  // No "offer" in this subject: the strict provider keeps it in the inbox.
  await expect(card('Strictmail', 'inbox')).toBeVisible({ timeout: 60_000 });
});
