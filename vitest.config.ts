import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests of every workspace (`npm run test:unit`), in two projects. Browser tests are
 * Playwright (e2e/).
 * - `server`: the API tests and the server's own unit tests. They share one module graph per
 *   worker (`isolate: false`): every file builds its own app, databases and sockets through
 *   test/helpers.ts and keeps no module state of its own, and evaluating the server's modules
 *   again for each of ~60 files was a large share of the run. The global setup migrates and seeds
 *   once; each test file's database starts from that snapshot.
 * - `unit`: the console's, the simulator's and the packages' unit tests, each file isolated (some
 *   use jsdom and stub globals).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // API test files each start servers and databases and then mostly wait on them (sockets,
    // timers, PostgreSQL): on two cores, two at a time kept the CPU about half busy, so three.
    maxWorkers: 3,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'apps/server/test/attack/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The attack tests read each route's guard from the route table, by function identity:
          // in the shared module graph their matrix once found every guard missing after other
          // files had built apps in the same worker (cause not found yet), so they run isolated.
          name: 'server-attack',
          include: ['apps/server/test/attack/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/simulator/src/**/*.test.ts', 'packages/*/**/*.test.ts'],
        },
      },
    ],
  },
});
