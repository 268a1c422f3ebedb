import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
// Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const postgres = process.env.TEST_DATABASE_URL
  ? [{ extends: true, test: { name: 'server-postgres', include: serverTests, env: { MW_TEST_DB: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    // Inline projects inherit these settings only with `extends: true` (vitest 4); without it hooks time out at 10 s.
    // One PGlite instance takes ~650 MB: two workers keep a 2-core machine busy without swapping.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'server-pglite', include: serverTests, env: { MW_TEST_DB: 'pglite' } } },
      ...postgres,
    ],
  },
});
