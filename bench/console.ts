/**
 * Console benchmark: for each route, what a first visit costs in Chromium with an empty cache: the bytes of
 * JavaScript transferred, what that JavaScript weighs after brotli (the .br files the build wrote, so the figure does
 * not depend on whether this Chromium asks for br over plain http), all bytes transferred, and the time to
 * interactive (navigation start until the screen's heading is visible and the network is idle). Median of 3 runs.
 *
 *   npm run build && npm run bench:console [-- --runs 3] [-- --only /auth/login,/dashboard]
 *
 * Budgets (issue 11): the sign-in route ≤ 150 KB of JavaScript after brotli, every other screen ≤ 350 KB; the run
 * exits with 1 when a route is over. e2e/sign-in-weight.spec.ts guards the sign-in budget in the browser journeys.
 *
 * Routes: the sign-in page, then every screen reachable from the signed-in superadmin's sidebar and section tabs
 * (found by following the console's own links, so new screens join by being in the menu).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { apiToken, callApi } from '../e2e/support/api.ts';
import { ADMIN_USERNAME, startMailwright } from '../e2e/support/server.ts';

// E2E_WEB_DIST: a console built elsewhere (`vite build --outDir …`), as for the browser journeys; the server serves it too.
const WEB_DIST = process.env.E2E_WEB_DIST || resolve(import.meta.dirname, '../apps/web/dist');
const SIGN_IN_BUDGET = 150 * 1024;
const SCREEN_BUDGET = 350 * 1024;
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 3;
/** `--only /auth/login,/dashboard`: measure these routes instead of discovering every screen. */
const only = option('--only')?.split(',');
/** `--files`: also list every script each route loaded, with its brotli size (to see what a budget is spent on). */
const listFiles = args.includes('--files');

interface Visit {
  jsTransferred: number;
  jsBrotli: number;
  allTransferred: number;
  interactiveMs: number;
  scripts: string[];
}

function brotliSize(url: string): number {
  const path = join(WEB_DIST, new URL(url).pathname);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  return existsSync(path) ? readFileSync(path).length : 0;
}

async function visit(
  browser: Browser,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const finished: Promise<{ url: string; js: boolean; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        js: request.resourceType() === 'script',
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  const started = Date.now();
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const interactiveMs = Date.now() - started;
  const loads = await Promise.all(finished);
  await context.close();
  const scripts = loads.filter((l) => l.js);
  return {
    jsTransferred: scripts.reduce((sum, l) => sum + l.bytes, 0),
    jsBrotli: scripts.reduce((sum, l) => sum + brotliSize(l.url), 0),
    allTransferred: loads.reduce((sum, l) => sum + l.bytes, 0),
    interactiveMs,
    scripts: scripts.map((l) => l.url),
  } satisfies Visit;
}

/** Screens a signed-in superadmin can reach: sidebar links, then each section's tabs. */
async function discoverRoutes(
  browser: Browser,
  base: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const links = async (selector: string) =>
    page.$$eval(selector, (as) => as.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/')));
  const found = new Set<string>(await links('nav[aria-label="Main menu"] a[href]'));
  for (const path of [...found]) {
    await page.goto(`${base}${path}`);
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => {
        throw new Error(`${path} shows no heading`);
      });
    for (const tab of await links('[role="tablist"] a[href]')) found.add(tab);
  }
  await context.close();
  return [...found].sort();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('Build the console first: npm run build');
  const server = await startMailwright();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const token = await apiToken(server, ADMIN_USERNAME, server.adminPassword);
    // The domain screens need a domain to show.
    await callApi(server, 'POST', '/domains', { token, body: { name: 'bench.example.com' } });
    const origin = server.url;
    const storageState = { cookies: [], origins: [{ origin, localStorage: [{ name: 'id_token', value: token }] }] };
    const routes = only ?? ['/auth/login', ...(await discoverRoutes(browser, origin, storageState))];
    console.log(`Console: first visit per route, empty cache, median of ${runs} (KB = 1024 bytes)\n`);
    console.log('| route | JS transferred KB | JS after brotli KB | budget KB | all transferred KB | interactive ms |');
    console.log('|---|---|---|---|---|---|');
    let over = 0;
    for (const route of routes) {
      const guest = route.startsWith('/auth/');
      const visits: Visit[] = [];
      for (let i = 0; i < runs; i++)
        visits.push(await visit(browser, origin + route, guest ? undefined : storageState));
      const brotli = median(visits.map((v) => v.jsBrotli));
      const budget = guest ? SIGN_IN_BUDGET : SCREEN_BUDGET;
      if (brotli > budget) over++;
      console.log(
        `| ${route} | ${kb(median(visits.map((v) => v.jsTransferred)))} | ${kb(brotli)}${brotli > budget ? ' (over)' : ''} | ${kb(budget)} | ${kb(median(visits.map((v) => v.allTransferred)))} | ${median(visits.map((v) => v.interactiveMs))} |`,
      );
      if (listFiles) {
        for (const url of visits[0]?.scripts ?? [])
          console.log(`|   ${new URL(url).pathname} | | ${kb(brotliSize(url))} | | | |`);
      }
    }
    console.log(`\n${routes.length} routes, ${over} over budget`);
    // A route over its budget fails the run (a figure, not a timing: the brotli bytes the route loads).
    if (over > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.dispose();
  }
}

await main();
