import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never `playwright install`). Each worker starts a real Mailwright server on
 * a free loopback port with a fresh data directory (see e2e/support/fixtures.ts); the console must be built first
 * (`npm run build`, which `npm run test:e2e` does).
 */
export default defineConfig({
  testDir: 'e2e',
  // A 2-core machine: one browser and one server at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
