import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_USERNAME, type MailwrightServer, startMailwright } from './server.ts';

interface WorkerFixtures {
  /**
   * Files that change shared state (e.g. turn on the admin's second factor) set their own name with
   * `test.use({ serverName: '…' })`: Playwright then runs them in a worker of their own, with a server of their own.
   */
  serverName: string;
  /** Extra environment for this worker's server (see StartOptions.env); files that need it set their own serverName. */
  serverEnv: Record<string, string>;
  server: MailwrightServer;
}

export const test = base.extend<object, WorkerFixtures>({
  serverName: ['shared', { scope: 'worker', option: true }],
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startMailwright({ env: serverEnv });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };

export const admin = (server: MailwrightServer) => ({ username: ADMIN_USERNAME, password: server.adminPassword });

/** Fills the sign-in form and submits it (the code step, if any, is the caller's business). */
export async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the console and waits for the signed-in shell. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await submitCredentials(page, username, password);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** The bearer token the console keeps in localStorage `id_token`. */
export async function consoleToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('id_token'));
  if (!token) throw new Error('The console holds no token: not signed in');
  return token;
}
