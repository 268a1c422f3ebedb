import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { admin, expect, test } from './support/fixtures.ts';

// The same console the server serves (see e2e/support/server.ts).
const WEB_DIST = process.env.E2E_WEB_DIST || resolve(import.meta.dirname, '../apps/web/dist');
/** Issue 11: the sign-in route's JavaScript after brotli (bench/console.ts prints the figures). */
const SIGN_IN_BUDGET = 150 * 1024;

/**
 * What the sign-in page must not load before the visitor does anything, each found by a string only that code
 * carries (names the minifier keeps: a class name, a property, a CSS class prefix).
 */
const NOT_UP_FRONT = {
  zod: '$ZodError',
  'react-hook-form': 'shouldUnregister',
  'MUI Tooltip': 'MuiTooltip',
  'MUI Popper (popper.js)': 'MuiPopper',
  "TextField's select chain (Popover, Modal)": 'MuiPopover',
  'TanStack Query': 'queryFn',
} as const;

interface Script {
  path: string;
  body: string;
}

/** Every script the page receives, with its body. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const received: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    received.push(response.text().then((body) => ({ path: new URL(response.url()).pathname, body })));
  });
  return () => Promise.all(received);
}

/** The script's size after brotli: the .br file the build wrote beside it (what the server sends). */
function brotliBytes(path: string): number {
  const file = join(WEB_DIST, path);
  return existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : readFileSync(file).length;
}

const carrying = (scripts: Script[], marker: string) =>
  scripts.filter((script) => script.body.includes(marker)).map((script) => script.path);

test.use({ serverName: 'sign-in-weight' });

test('issue 11: the sign-in page loads no zod, react-hook-form, Tooltip, select chain or TanStack Query, within 150 KB after brotli; the sign-in code comes as the visitor types', async ({
  page,
  server,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const upFront = await scripts();
  for (const [library, marker] of Object.entries(NOT_UP_FRONT)) {
    expect(carrying(upFront, marker), `${library} is loaded with the sign-in page`).toEqual([]);
  }
  const brotli = upFront.reduce((sum, script) => sum + brotliBytes(script.path), 0);
  expect(brotli, 'JavaScript of the sign-in page after brotli (bytes)').toBeLessThanOrEqual(SIGN_IN_BUDGET);

  // Typing fetches the contract's check (zod); the sign-in works as before.
  const { username, password } = admin(server);
  await page.getByLabel('Username').fill(username);
  await expect.poll(async () => carrying(await scripts(), NOT_UP_FRONT.zod).length).toBeGreaterThan(0);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('S8-020: a sign-in with the server down shows "Can\'t establish connection to server.", also when it went down before the visitor typed', async ({
  page,
  server,
}) => {
  // Two stops and restarts of the server: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const noConnection = page.getByText("Can't establish connection to server.");
  const { username, password } = admin(server);

  // Down after the visitor typed: the sign-in code and the message area were fetched while typing.
  await page.goto('/auth/login');
  await page.getByLabel('Username').fill(username);
  await page.waitForLoadState('networkidle');
  await server.stop();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(noConnection).toBeVisible();

  // Down before anything was typed: nothing more can be fetched, the form says it.
  await server.restart();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await server.stop();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(noConnection).toBeVisible();

  // Back up: the same form signs in.
  await server.restart();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
