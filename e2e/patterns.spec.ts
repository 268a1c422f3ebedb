import { admin, signIn } from './support/fixtures.ts';
import { expect, expectNotice, test } from './support/list-hygiene.ts';

/** The operators' rule lists (/mta/*-patterns): the bounce-category test panel, SMTP and DSN spec texts. */

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
  // A click that lands while MUI's menu is still opening can leave it open: pick again until the menu closes.
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await dialog.getByLabel('Category').click();
    await page.getByRole('option', { name: 'invalid-mailbox', exact: true }).click({ timeout: 2000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(dialog.getByLabel('Category')).toHaveText('invalid-mailbox');
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
