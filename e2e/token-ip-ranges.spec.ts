import { PERIODIC_REFRESH_MS } from '@mailwright/contract';
import { callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { expect, signIn, test } from './support/fixtures.ts';

test('S2-108 S3-022 S5-013 S8-035: a primary key gets its IP ranges screen; a revoked key empties the list', async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'Ranges Co', 'ranges.admin', 'ranges-admin-pass');
  const key = await callApi(server, 'POST', '/tokens', { token, body: { role: 'primary', note: 'Shop backend' } });
  const tid = key.body.data.id as number;
  await page.clock.install();
  await signIn(page, 'ranges.admin', 'ranges-admin-pass');

  // Reached from the primary keys' list.
  await page.goto('/api-keys');
  await page.getByRole('link', { name: 'IP ranges of Shop backend' }).click();
  await expect(page).toHaveURL(new RegExp(`/api-keys/${tid}/ip-ranges$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Token IP ranges' })).toBeVisible();
  await expect(page.getByText('(Shop backend), a primary key for every domain')).toBeVisible();
  await expect(page.getByText('No ranges: any address may use this key.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add an address or range' });
  await form.getByLabel('IPv4 address or range').fill('192.0.2.0/24');
  await form.getByLabel('Note').fill('Office');
  await form.getByRole('button', { name: 'Add' }).click();
  const table = page.getByRole('table', { name: 'IP ranges' });
  const office = table.getByRole('row').filter({ hasText: 'Office' });
  await expect(office).toContainText('192.0.2.0/24');
  await expect(form.getByLabel('IPv4 address or range')).toHaveValue('');

  // S5-013: the server's 400 (only it knows the list) comes back on the field.
  await form.getByLabel('IPv4 address or range').fill('192.0.2.0/24');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('This address is already on the list')).toBeVisible();
  // The same for a 402 (no route answers one yet: docs/errors.md), answered here in the server's place.
  await page.route(`**/api/tokens/${tid}/security`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 402,
          json: { message: 'Various errors', errors: [{ field: 'note', message: 'Your plan allows no more ranges' }] },
        })
      : route.fallback(),
  );
  await form.getByLabel('IPv4 address or range').fill('198.51.100.7');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Your plan allows no more ranges')).toBeVisible();
  await page.unroute(`**/api/tokens/${tid}/security`);

  // S3-022: the entry as the API answers it carries tipid, tid, ip4_ranges and note.
  const listed = await callApi(server, 'GET', `/tokens/${tid}/security`, { token });
  expect(listed.body.data.items).toEqual([
    expect.objectContaining({ tipid: expect.any(Number), tid, ip4_ranges: ['192.0.2.0/24'], note: 'Office' }),
  ]);

  // S8-035: the key is revoked elsewhere; the next refresh's 404 empties the list and shows the message.
  expect((await callApi(server, 'DELETE', `/tokens/${tid}`, { token })).status).toBe(200);
  await page.clock.fastForward(PERIODIC_REFRESH_MS);
  await expect(page.getByText('API key not found')).toBeVisible();
  await expect(office).toHaveCount(0);
  await expect(page.getByText('This API key does not exist or was revoked.')).toBeVisible();
});

test('S2-108: a sending key opens the same screen from credentials; its ranges are removed with a confirmation', async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'Sending Ranges Co', 'sranges.admin', 'sranges-admin-pass');
  expect((await callApi(server, 'POST', '/domains', { token, body: { name: 'ranges.example.test' } })).status).toBe(
    200,
  );
  const domains = await callApi(server, 'GET', '/domains', { token });
  const did = domains.body.data.items[0].did as number;
  const key = await callApi(server, 'POST', `/tokens/${did}`, { token, body: { role: 'sending', note: 'Newsletter' } });
  const { id: tid, prefix } = key.body.data as { id: number; prefix: string };
  await callApi(server, 'PUT', `/tokens/${tid}/security`, { token, body: { ipv4: '203.0.113.9', note: 'Mailer' } });

  await signIn(page, 'sranges.admin', 'sranges-admin-pass');
  await page.goto('/credentials/api-keys');
  await page.getByRole('link', { name: `IP ranges of ${prefix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/api-keys/${tid}/ip-ranges$`));
  await expect(page.getByText('a sending key for ranges.example.test')).toBeVisible();

  await page.getByRole('button', { name: 'Remove 203.0.113.9' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove IP range' });
  await expect(confirm).toContainText('With no ranges left, any address may use this key.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('IP entry deleted')).toBeVisible();
  await expect(page.getByText('No ranges: any address may use this key.')).toBeVisible();

  // Back where it came from.
  await page.getByRole('link', { name: 'Sending keys' }).click();
  await expect(page).toHaveURL(/\/credentials\/api-keys$/);
});
