import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace (`npm run test:unit`). Browser tests are Playwright (e2e/). */
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts', 'packages/*/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates and seeds once; each test file's database starts from that snapshot.
    globalSetup: ['apps/server/test/global-setup.ts'],
    // API test files each start servers and databases and then mostly wait on them (sockets,
    // timers, PostgreSQL): on two cores, two at a time kept the CPU about half busy, so three.
    maxWorkers: 3,
    reporters: ['default'],
  },
});
