import type { Page } from '@playwright/test';
import { type LocalDns, startLocalDns } from '../apps/server/src/test/local-dns.ts';
import { apiToken, callApi } from './support/api.ts';
import { admin, test as base, expect, signIn } from './support/fixtures.ts';
import type { MailwrightServer } from './support/server.ts';

/**
 * List hygiene and the operators' rules from the console (issue 5): suppressions with a CSV upload, the allow-list,
 * bounce-category patterns with their test panel, and the URI blocklist refusing a message. The sending domain is
 * verified for real: a local DNS server answers with the records the server asks for (DNS_SERVERS).
 */
const test = base.extend<object, { dns: LocalDns }>({
  dns: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const dns = await startLocalDns();
      await use(dns);
      await dns.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ dns }, use) => use({ DNS_SERVERS: dns.servers.join(',') }), { scope: 'worker' }],
});
// Its own server: the DNS environment above is this file's alone.
test.use({ serverName: 'list-hygiene' });

const DOMAIN = 'hygiene.test';

interface DnsRecord {
  kind: string;
  type: 'TXT' | 'MX' | 'CNAME';
  host: string;
  value: string;
  priority: number | null;
}

/** The admin's token and the verified domain's id, set up once per server through the API. */
async function verifiedDomain(server: MailwrightServer, dns: LocalDns): Promise<{ token: string; did: number }> {
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const list = await callApi(server, 'GET', '/domains', { token });
  const existing = list.body.data.items.find((d: { name: string }) => d.name === DOMAIN);
  const domain = existing ?? (await callApi(server, 'POST', '/domains', { token, body: { name: DOMAIN } })).body.data;
  if (domain.state !== 'verified') {
    for (const record of domain.records as DnsRecord[]) {
      if (record.type === 'MX')
        dns.set(record.host, 'MX', [{ exchange: record.value, priority: record.priority ?? 10 }]);
      else if (record.type === 'TXT') dns.set(record.host, 'TXT', [record.value]);
      else dns.set(record.host, 'CNAME', [record.value]);
    }
    const verified = await callApi(server, 'PUT', `/domains/${domain.did}/verify`, { token });
    expect(verified.body.data.state).toBe('verified');
  }
  return { token, did: domain.did };
}

/**
 * Every snackbar message the page shows is recorded as it appears: a notification stays only 2 s, which a loaded
 * machine can let slip between two looks. `expectNotice` waits for the text, then forgets what was seen so far.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    Object.assign(window, { shownNotices: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(
        '.MuiSnackbarContent-message, .MuiSnackbar-root .MuiAlert-message',
      )) {
        if (counted.has(element) || !element.textContent) continue;
        counted.add(element);
        seen.push(element.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
});

async function expectNotice(page: Page, text: string): Promise<void> {
  const shown = () => page.evaluate(() => (window as unknown as { shownNotices: string[] }).shownNotices);
  await expect.poll(shown).toContain(text);
  await page.evaluate(() => {
    (window as unknown as { shownNotices: string[] }).shownNotices.length = 0;
  });
}

function csv(lines: string[]): { name: string; mimeType: string; buffer: Buffer } {
  return { name: 'bounces.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test('S2-007 S9-021 S7-065 S7-072 S3-058: upload a CSV of suppressions and watch its progress', async ({
  page,
  server,
  dns,
}) => {
  test.setTimeout(120_000);
  await verifiedDomain(server, dns);
  const { username, password } = admin(server);
  await signIn(page, username, password);

  // Spec 9: suppressions are listed 10 a page, newest first.
  const firstPage = page.waitForRequest((r) => /\/api\/suppressions\/\d+\/bounce\?/.test(r.url()));
  await page.goto('/suppressions/bounce');
  const query = new URL((await firstPage).url()).searchParams;
  expect([query.get('limit'), query.get('skip'), query.get('order')]).toEqual(['10', '0', 'desc']);
  await expect(page.getByRole('heading', { level: 2, name: 'Bounce list' })).toBeVisible();
  await expect(page.getByText('No one is on the bounce list.')).toBeVisible();

  // Every status answer the console polls, to see the upload move.
  const seen: { state: string; processed: number; total: number }[] = [];
  page.on('response', async (response) => {
    if (!/\/api\/upload\/status\/\d+$/.test(response.url())) return;
    const body = await response.json().catch(() => null);
    if (body?.data) seen.push(body.data);
  });

  // A file with mistakes: nothing is imported and the bad lines are named.
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload suppressions' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      csv(['email,reason', 'good@example.org,ok', 'not-an-address,bad', 'also good@example', 'fine@example.org,']),
    );
  await expect(dialog.getByText('bounces.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('region', { name: 'Upload' });
  await expect(upload.getByText('2 of 4 lines have errors; nothing was imported')).toBeVisible();
  const errors = upload.getByRole('table', { name: 'Lines with errors' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('not-an-address');
  await expect(errors.getByRole('row').nth(2)).toContainText('4');
  await upload.getByRole('button', { name: 'Dismiss the upload' }).click();
  await expect(page.getByText('No one is on the bounce list.')).toBeVisible();

  // 12,000 good lines (one of them twice): validated in steps, then imported at once.
  const lines = ['recipient,reason'];
  for (let i = 0; i < 12_000; i++) lines.push(`person${i}@example.org,imported from the old provider`);
  lines.push('person7@example.org,again');
  seen.length = 0;
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload suppressions' });
  await dialog.locator('input[type=file]').setInputFiles(csv(lines));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(upload.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(upload.getByText('12000 recipients imported; 1 was on the list already.')).toBeVisible({
    timeout: 60_000,
  });
  // The console followed the upload until it was done: progress only ever grew.
  expect(seen.at(-1)?.state).toBe('done');
  const processed = seen.map((s) => s.processed);
  expect(processed).toEqual([...processed].sort((a, b) => a - b));
  expect(seen.every((s) => ['validating', 'importing', 'done'].includes(s.state))).toBe(true);

  // The list re-fetched: ten a page of 12,000.
  await expect(page.getByText(/^1–10 of 12,?000$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bounce list' }).getByRole('row')).toHaveCount(11);

  // The check says intake would drop mail to an imported recipient, and why.
  await page.getByRole('textbox', { name: 'Recipient', exact: true }).fill('Person42@Example.org');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const verdict = page.getByRole('status').filter({ hasText: 'is suppressed' });
  await expect(verdict).toContainText('person42@example.org is suppressed');
  await expect(verdict).toContainText('imported from the old provider');
  // Removing it there deletes it by recipient; the check then says it is sent again.
  await verdict.getByRole('button', { name: 'Remove' }).click();
  await expectNotice(page, 'Suppression deleted!');
  await expect(page.getByText('person42@example.org is not suppressed: mail to it is sent.')).toBeVisible();
  await expect(page.getByText(/^1–10 of 11,?999$/)).toBeVisible();
});

test('S8-031: an upload answered 401 shows the message', async ({ page, server, dns }) => {
  const { token } = await verifiedDomain(server, dns);
  const created = await callApi(server, 'POST', '/users', {
    token,
    body: { username: 'hygiene.user', password: 'hygiene-user-pass', role: 'user', full_name: 'Hygiene User' },
  });
  expect(created.status).toBe(200);
  await signIn(page, 'hygiene.user', 'hygiene-user-pass');
  await page.goto('/suppressions/block');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload suppressions' });
  await dialog.locator('input[type=file]').setInputFiles(csv(['blocked@example.org']));

  // Meanwhile an admin signs the user out everywhere: the upload meets a 401.
  const userToken = await page.evaluate(() => window.localStorage.getItem('id_token'));
  const loggedOut = await callApi(server, 'POST', `/users/${created.body.data.uid}/logout`, { token });
  expect(loggedOut.status).toBe(200);
  const answer = await callApi(server, 'GET', '/upload/status/1', { token: userToken ?? '' });
  expect(answer.status).toBe(401);
  await dialog.getByRole('button', { name: 'Upload' }).click();

  // In the dialog, and in the red snackbar (which the open dialog hides from the accessibility tree).
  await expect(dialog.getByRole('alert')).toHaveText(answer.body.message);
  await expectNotice(page, answer.body.message);
  // The upload's 401 is a message, not a forced logout.
  await expect(page).toHaveURL(/\/suppressions\/block$/);
});

test('S8-033: deleting an allow-list entry that is already gone shows the message and reloads the list', async ({
  page,
  server,
  dns,
}) => {
  const { token, did } = await verifiedDomain(server, dns);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/allowlists/recipients');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the allow-list' });
  await dialog.getByLabel('Recipient').fill('ceo@partner.example');
  await dialog.getByLabel('Note').fill('Never suppress');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expectNotice(page, 'ceo@partner.example added to the allow-list');
  const table = page.getByRole('table', { name: 'Recipient allow-list' });
  await expect(table.getByRole('cell', { name: 'ceo@partner.example', exact: true })).toBeVisible();

  // Someone else deletes it first.
  const gone = await callApi(server, 'DELETE', `/whitelists/${did}?recipient=ceo@partner.example`, { token });
  expect(gone.status).toBe(200);
  await page.getByRole('button', { name: 'Delete ceo@partner.example' }).click();
  await page.getByRole('dialog', { name: 'Delete allow-list entry' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Allow-list entry not found!');
  await expect(page.getByRole('dialog', { name: 'Delete allow-list entry' })).toBeHidden();
  await expect(page.getByText('No recipients on the allow-list.')).toBeVisible();
});

const REPLY = '550 5.1.1 <jane@example.com>: Recipient address rejected: User unknown in virtual mailbox table';

test('S9-024 S8-043 S8-051 S8-052 S4-028: test a bounce-category pattern against a pasted reply', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  // Spec 9: pattern lists are 50 a page.
  const firstPage = page.waitForRequest((r) => /\/api\/system\/smtp\/bouncecat\?/.test(r.url()));
  await page.goto('/mta/bounce-category-patterns');
  expect(new URL((await firstPage).url()).searchParams.get('limit')).toBe('50');
  await expect(page.getByRole('heading', { level: 2, name: 'Bounce-category patterns' })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Test' });
  const result = panel.getByRole('status');
  // Resolves once the answer is in: the panel empties while a test runs, so no look at it can see an old answer.
  const runTest = async (text: string) => {
    await panel.getByLabel('Reply or bounce message').fill(text);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/system/smtp/bouncecat/test'));
    await panel.getByRole('button', { name: 'Run test' }).click();
    expect((await answered).status()).toBe(200);
    await expect(result.getByRole('alert')).toBeVisible();
  };

  // A pasted reply: the first enabled rule that matches names the category.
  await runTest(REPLY);
  await expect(result).toContainText(/Rule \d+ matches/);
  await expect(result).toContainText('bad-mailbox');
  const matched = Number(/Rule (\d+) matches/.exec((await result.textContent()) ?? '')?.[1]);
  const matchedPattern = await result.locator('code').textContent();

  // Disabled, the rule no longer matches: the same reply falls to another rule or to none.
  const table = page.getByRole('table', { name: 'Bounce-category patterns' });
  const toggle = table.getByRole('switch', { name: `Enabled: rule ${matched}` });
  await toggle.click();
  await expectNotice(page, 'Pattern enabled/disabled!');
  await expect(toggle).not.toBeChecked();
  await runTest(REPLY);
  await expect(result).not.toContainText(`Rule ${matched} matches`);
  await toggle.click();
  await expect(toggle).toBeChecked();

  // A new rule first in line takes over, and the test says so.
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Bounce-category pattern' });
  await dialog.getByLabel('Pattern', { exact: true }).fill('virtual mailbox table');
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'invalid-mailbox' }).click();
  await dialog.getByLabel('Position').fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'pattern saved!'); // S8-050
  await runTest(REPLY);
  await expect(result).toContainText('Rule 1 matches');
  await expect(result).toContainText('virtual mailbox table');
  await expect(result).toContainText('invalid-mailbox');

  // The match leads to its rule; deleting it leaves the old order (positions keep their gaps).
  await result.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Bounce-category pattern 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await table.getByRole('button', { name: 'Delete rule 1', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete Bounce-category pattern' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectNotice(page, 'Pattern deleted!');
  await runTest(REPLY);
  await expect(result.locator('code')).toHaveText(matchedPattern ?? '');
  await expect(result).toContainText('bad-mailbox');
});

test('S8-040 S8-041 S8-047 S8-048: SMTP and DSN patterns are saved and deleted with their spec texts', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await signIn(page, username, password);
  for (const list of [
    {
      path: '/mta/smtp-patterns',
      noun: 'SMTP pattern',
      saved: 'SMTP pattern saved!',
      deleted: 'SMTP Pattern deleted!',
    },
    { path: '/mta/dsn-patterns', noun: 'DSN pattern', saved: 'DSN pattern saved!', deleted: 'DSN Pattern deleted!' },
  ]) {
    await page.goto(list.path);
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: `New ${list.noun}` });
    await dialog.getByLabel('Pattern', { exact: true }).fill('mailwright journey rule');
    if (list.noun === 'DSN pattern') await dialog.getByLabel('Status', { exact: true }).fill('5.1.1');
    await dialog.getByLabel('Position').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, list.saved);
    await page.getByRole('button', { name: 'Edit rule 1', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Edit ${list.noun} 1` })
      .getByLabel('Note')
      .fill('changed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, list.saved);
    await expect(page.getByRole('row').filter({ hasText: 'mailwright journey rule' })).toContainText('changed');
    await page.getByRole('button', { name: 'Delete rule 1', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Delete ${list.noun}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectNotice(page, list.deleted);
  }
});

test('S2-073 S8-044 S8-046 S8-045 S4-029: toggle a URI blocklist entry and see a message with that link rejected', async ({
  page,
  server,
  dns,
}) => {
  const { token } = await verifiedDomain(server, dns);
  const key = await callApi(server, 'POST', '/tokens', { token, body: { role: 'primary', note: 'journey' } });
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
