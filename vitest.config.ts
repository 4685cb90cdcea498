import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace (`npm run test:unit`). Browser tests are Playwright (e2e/). */
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts', 'packages/*/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // API test files each start servers and databases; two cores, so two at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
