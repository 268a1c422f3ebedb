import { callApi } from './support/api.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';

// A low limit so a few wrong passwords ban a name (3 × the limit within the lookback, docs/security.md). The ban is
// per name, so the operator signing in from the same address is not affected.
test.use({ serverName: 'autobans', serverEnv: { LOGIN_MAX_FAILURES_PER_USER: '1' } });

test('S1-014 S2-079 S2-115 S2-116 S3-056 S7-112 S7-113: an operator sees a user auto-banned after repeated failed sign-ins, why and until when, and lifts the ban', async ({
  page,
  server,
}) => {
  const name = 'mallory@example.com';
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await callApi(server, 'POST', '/login', { body: { username: name, password: `guess-${attempt}` } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
  }

  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/monitoring/autobans');
  const users = page.getByRole('region', { name: 'User auto-bans' });
  await expect(users.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(users.getByRole('cell', { name: /^3 failed sign-ins for this name/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'IP auto-bans' }).getByText('No IP addresses are banned'),
  ).toBeVisible();

  await users.getByRole('button', { name: `Lift the ban of ${name}` }).click();
  await page.getByRole('dialog', { name: 'Lift auto-ban' }).getByRole('button', { name: 'Lift ban' }).click();
  await expect(page.getByText(`The ban on ${name} was lifted`)).toBeVisible();
  await expect(users.getByText('No users are banned')).toBeVisible();
});
