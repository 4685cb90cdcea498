import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS } from './fixtures/browser.js';

/**
 * Browser tests: Debian Chromium (no `playwright install`) against the built console and the real
 * server on a fresh embedded database seeded with the demo data.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18931);
const dataDir = `.test-results/e2e-data-${E2E_PORT}`;

export default defineConfig({
  testDir: './specs',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two: three made the whole browser run slower here (13.3 min against 11.7 min; Chromium and
  // the server share the two cores).
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: '../.test-results/playwright-output',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // The dashboard's side panel starts on its "Tasks and timers" tab, as if chosen before: the map
    // renders WebGL in software here (no GPU), and drawing it on every dashboard of every spec made
    // the browser run twice as long. The specs about the map choose its tab themselves.
    storageState: {
      cookies: [],
      origins: [{ origin: `http://127.0.0.1:${E2E_PORT}`, localStorage: [{ name: 'vigil.dashboard.sideTab', value: 'activity' }] }],
    },
    // The console honours prefers-reduced-motion (no animations or transitions, app/theme.ts), so
    // Chromium draws no frames for spinners, pulses and fades nobody watches.
    reducedMotion: 'reduce',
    // The console's users sit where their branches are: every branch of the demo data and of the
    // specs' own organisations is in Europe/Tirane. A report's days are each branch's local days,
    // and the date range's presets ("Today") are the browser's days; in UTC the two differ from
    // 23:00 to 24:00 UTC (Tirana's next day), and data made "now" fell outside "Today".
    timezoneId: 'Europe/Tirane',
    // No trace by default: recording one for every test (screencast and DOM snapshots) cost about a
    // quarter of the browser run's CPU. PW_TRACE=retain-on-failure keeps one for each failed test.
    trace: process.env.PW_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: LAUNCH_OPTIONS,
  },
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/dist/server.mjs`,
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_MAX: '100',
      SOCKET_HEARTBEAT_MS: '3000',
      // Every answer is checked against its route's declared response schema (a mismatch answers 500).
      RESPONSE_VALIDATION: '1',
    },
  },
});
