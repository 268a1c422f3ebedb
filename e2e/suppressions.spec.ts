import { callApi } from './support/api.ts';
import { admin, signIn } from './support/fixtures.ts';
import { expect, expectNotice, test, verifiedDomain } from './support/list-hygiene.ts';

/** The suppression lists (/suppressions/{type}): a CSV upload with its progress, and an upload answered 401. */

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

  // A reason with a long unbroken word (a URL) on the page: at 1280 px every row's Delete button still lies within
  // the table's visible area, without scrolling it sideways.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add to the bounce list' });
  await add.getByRole('textbox', { name: 'Recipient' }).fill('long.reason@example.org');
  await add
    .getByRole('textbox', { name: 'Reason' })
    .fill(`550 5.1.1 see https://support.example.com/mail/?p=NoSuchUser&id=${'0123456789abcdef'.repeat(6)}`);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNotice(page, 'long.reason@example.org added to the bounce list');
  const table = page.getByRole('table', { name: 'Bounce list' });
  const remove = table.getByRole('button', { name: 'Delete long.reason@example.org' });
  await expect(remove).toBeVisible();
  const outOfReach = await table.evaluate((element) => {
    const area = element.parentElement?.getBoundingClientRect();
    const buttons = Array.from(element.querySelectorAll('button[aria-label^="Delete "]'));
    return buttons.filter((button) => {
      const box = button.getBoundingClientRect();
      return !area || box.left < area.left || box.right > area.right;
    }).length;
  });
  expect(outOfReach).toBe(0);
  await remove.click();
  await page.getByRole('dialog', { name: 'Delete suppression' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Suppression deleted!');
  await expect(remove).toBeHidden();
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
