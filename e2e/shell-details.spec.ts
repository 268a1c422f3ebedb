import { MAX_FAILED_PINGS, PERIODIC_REFRESH_MS, RECONNECT_PING_MS, RELOAD_DELAY_MS } from '@mailwright/contract';
import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { admin, consoleToken, expect, signIn, submitCredentials, test } from './support/fixtures.ts';

/** The shell's small details of issue 19: snackbar texts, reloads, redirects, the sidebar. */

/**
 * Records every snackbar as it appears (text, and the word set in bold, if any): a notification stays only 2 s,
 * which a loaded machine can let slip between two looks.
 */
async function recordSnackbars(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { text: string; strong: string | null }[] = [];
    const counted = new WeakSet<Element>();
    Object.assign(window, { shownSnackbars: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(
        '.MuiSnackbarContent-message, .MuiSnackbar-root .MuiAlert-message',
      )) {
        if (counted.has(element) || !element.textContent) continue;
        counted.add(element);
        seen.push({ text: element.textContent, strong: element.querySelector('strong')?.textContent ?? null });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits for a snackbar with exactly this text and answers the word in bold; forgets what was seen so far. */
async function snackbarShown(page: Page, text: string): Promise<string | null> {
  const shown = () =>
    page.evaluate(
      () => (window as unknown as { shownSnackbars: { text: string; strong: string | null }[] }).shownSnackbars,
    );
  await expect.poll(async () => (await shown()).map((s) => s.text)).toContain(text);
  const found = (await shown()).find((s) => s.text === text);
  await page.evaluate(() => {
    (window as unknown as { shownSnackbars: unknown[] }).shownSnackbars.length = 0;
  });
  return found?.strong ?? null;
}

test("S8-043 'Pattern enabled/disabled!' exactly, whichever way; the word that happened is in bold (decision: nothing added beside the spec text)", async ({
  page,
  server,
}) => {
  await recordSnackbars(page);
  const { username, password } = admin(server);
  await signIn(page, username, password);
  await page.goto('/mta/smtp-patterns');
  const toggle = page.getByRole('main').getByRole('switch').first();
  await expect(toggle).toBeChecked();
  await toggle.click();
  expect(await snackbarShown(page, 'Pattern enabled/disabled!')).toBe('disabled');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  expect(await snackbarShown(page, 'Pattern enabled/disabled!')).toBe('enabled');
  await expect(toggle).toBeChecked();
});

test("S8-046 'URI enabled/disabled!' exactly, whichever way; the word that happened is in bold (decision: nothing added beside the spec text)", async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const entry = await callApi(server, 'POST', '/system/uribl', { token, body: { uri: 'toggle.example.net' } });
  expect(entry.status).toBe(200);
  await recordSnackbars(page);
  await signIn(page, username, password);
  await page.goto('/uri-blocklist');
  const toggle = page.getByRole('switch', { name: 'Enabled: toggle.example.net' });
  await toggle.click();
  expect(await snackbarShown(page, 'URI enabled/disabled!')).toBe('disabled');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  expect(await snackbarShown(page, 'URI enabled/disabled!')).toBe('enabled');
  await expect(toggle).toBeChecked();
});

test('S2-119 S2-120 S2-121 the layout has a sidebar drawer: mini below md (960 px, so at 599 and 959), full from 960', async ({
  page,
  server,
}) => {
  const { username, password } = admin(server);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, username, password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const shows = async (viewport: number, mini: boolean) => {
    await page.setViewportSize({ width: viewport, height: 800 });
    const width = () => menu.boundingBox().then((box) => box?.width ?? 0);
    if (mini) await expect.poll(width).toBeLessThanOrEqual(60);
    else await expect.poll(width).toBeGreaterThan(240);
    // Mini: icons named for screen readers and on hover; full: the titles written out.
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByText('Dashboard', { exact: true })).toHaveCount(mini ? 0 : 1);
  };
  await shows(1280, false);
  await shows(599, true);
  await shows(959, true);
  await shows(960, false);
});

test('S8-030 an invitation that cannot be confirmed shows the server message', async ({ page }) => {
  await page.goto('/auth/invite/bad-token');
  await expect(page.getByRole('alert')).toHaveText('This invitation is invalid or has expired.');
});

test('S8-020 a sign-in that reaches no server shows "Can\'t establish connection to server."', async ({
  page,
  server,
}) => {
  await page.goto('/auth/login');
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await submitCredentials(page, admin(server).username, admin(server).password);
  await expect(page.getByText("Can't establish connection to server.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('S8-011 a statistics load answered 404 re-chooses the working domain; answered 401 it goes to sign-in', async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'Stats Gone Co', 'statsgone.admin', 'statsgone-admin-pass');
  const created = await callApi(server, 'POST', '/domains', { token, body: { name: 'aa-stats.example.test' } });
  const did = created.body.data.did as number;
  await signIn(page, 'statsgone.admin', 'statsgone-admin-pass');
  const working = page.getByRole('combobox', { name: 'Working domain' });
  await expect(working).toHaveValue('aa-stats.example.test');

  // The domain goes while the console still works on it: the API answers its statistics 404.
  expect((await callApi(server, 'DELETE', `/domains/${did}`, { token })).status).toBe(200);
  expect((await callApi(server, 'GET', `/stats/${did}`, { token })).status).toBe(404);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByText(/^Domain aa-stats\.example\.test no longer available, switching to /)).toBeVisible();
  await expect(working).not.toHaveValue('aa-stats.example.test');

  // The session ends elsewhere: the next statistics load (another time frame) is a 401, and sign-in follows.
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  expect((await callApi(server, 'POST', '/logout', { token: await consoleToken(page) })).status).toBe(200);
  await page.getByRole('combobox', { name: 'Time frame' }).click();
  await page.getByRole('option', { name: '1 week' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Automaticaly logged out')).toBeVisible();
});

test('S8-013 an allow-list load answered 404 re-chooses the working domain; answered 401 it goes to sign-in', async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'Allow Gone Co', 'allowgone.admin', 'allowgone-admin-pass');
  const created = await callApi(server, 'POST', '/domains', { token, body: { name: 'aa-allow.example.test' } });
  const did = created.body.data.did as number;
  await signIn(page, 'allowgone.admin', 'allowgone-admin-pass');
  const working = page.getByRole('combobox', { name: 'Working domain' });
  await expect(working).toHaveValue('aa-allow.example.test');

  expect((await callApi(server, 'DELETE', `/domains/${did}`, { token })).status).toBe(200);
  expect((await callApi(server, 'GET', `/whitelists/${did}`, { token })).status).toBe(404);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Allow-lists' }).click();
  await expect(page.getByText(/^Domain aa-allow\.example\.test no longer available, switching to /)).toBeVisible();
  await expect(working).not.toHaveValue('aa-allow.example.test');

  // The session ends elsewhere: the next allow-list load (a search) is a 401, and sign-in follows.
  await expect(page.getByLabel('Search recipient')).toBeVisible();
  expect((await callApi(server, 'POST', '/logout', { token: await consoleToken(page) })).status).toBe(200);
  await page.getByLabel('Search recipient').fill('someone');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Automaticaly logged out')).toBeVisible();
});

test('S9-006 S8-008 after more than 5 failed pings the page reloads after 3000 ms', async ({ page, server }) => {
  await page.clock.install();
  await signIn(page, admin(server).username, admin(server).password);
  await page.evaluate(() => Object.assign(window, { beforeReload: true }));
  const failedPings: string[] = [];
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname === '/api/login') failedPings.push(request.url());
  });
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.clock.fastForward(PERIODIC_REFRESH_MS);
  await expect(page.getByText('Check your internet connection')).toBeVisible();
  const afterRefresh = failedPings.length;

  for (let ping = 1; ping <= MAX_FAILED_PINGS + 1; ping++) {
    await page.clock.fastForward(RECONNECT_PING_MS);
    await expect.poll(() => failedPings.length).toBe(afterRefresh + ping);
  }
  // The sixth failure set the reload off; it waits 3000 ms.
  await page.clock.fastForward(RELOAD_DELAY_MS - 500);
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);
  await page.clock.fastForward(500);
  await expect.poll(() => page.evaluate(() => 'beforeReload' in window).catch(() => true)).toBe(false);
});

test("S4-004 sign-in loads the session's domains before the redirect: the first screen starts with its working domain", async ({
  page,
  server,
}) => {
  const token = await customerAdmin(server, 'First Screen Co', 'first.admin', 'first-admin-pass');
  expect((await callApi(server, 'POST', '/domains', { token, body: { name: 'aa-first.example.test' } })).status).toBe(
    200,
  );
  // The domain list is held until the test lets it go.
  const held: (() => void)[] = [];
  const released = new Promise<void>((done) => held.push(done));
  const release = () => {
    for (const done of held) done();
  };
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/domains');
  await page.route('**/api/domains?*', async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/auth/login');
  await submitCredentials(page, 'first.admin', 'first-admin-pass');
  await asked;
  // Signed in, the domains asked for: the redirect waits for them.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('combobox', { name: 'Working domain' })).toHaveValue('aa-first.example.test');
  await page.unroute('**/api/domains?*');
});

test('S9-007 a signed-in page that started without the server (no current customer) reloads 3000 ms after it answers', async ({
  page,
  server,
}) => {
  await page.clock.install();
  await signIn(page, admin(server).username, admin(server).password);
  // The console starts again while its API is out of reach: the session (the current customer) never loads.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText('Check your internet connection')).toBeVisible();
  await expect(page.getByLabel('Loading your session')).toBeVisible();
  await page.evaluate(() => Object.assign(window, { beforeReload: true }));

  let answeredPings = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/login' && response.ok()) answeredPings += 1;
  });
  await page.unroute('**/api/**');
  await expect
    .poll(async () => {
      await page.clock.fastForward(1000);
      return answeredPings;
    })
    .toBeGreaterThan(0);
  // The server answered; the page does not carry on half-made but starts again, 3000 ms later.
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);
  await page.clock.fastForward(RELOAD_DELAY_MS);
  await expect.poll(() => page.evaluate(() => 'beforeReload' in window).catch(() => true)).toBe(false);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
