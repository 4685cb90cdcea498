/**
 * Live console benchmark (the "within 2 s" of e2e/specs/live.spec.ts and map-notifications.spec.ts,
 * which assert only that it happens): from the start of a mobile PANIC call to the moment the
 * organisation admin's console in Debian Chromium shows it, (a) the branch row turning red and
 * (b) the alarm listed in the alarm panel. Both instants are taken inside the page by a
 * MutationObserver (Date.now(): the same clock as this process). Each round first opens the branch
 * from the app (PIN) and waits for the row to turn open, so every panic changes the colour.
 * Prints p50 / p95 / max in ms (target: 2,000 ms). Needs `npm run build` (the production server and
 * console); the server runs on a fresh embedded database with the demo data, or on a scratch
 * PostgreSQL database when BENCH_DATABASE_URL is set.
 *
 *   npx tsx bench/live-console.ts [--panics 20] [--port 18971]
 */
import { mobileCall, startBuiltServer } from './proc.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { scratchDatabase, type ScratchDatabase } from './scratch-db.js';

const { values } = parseArgs({
  options: {
    panics: { type: 'string', default: '20' },
    port: { type: 'string', default: '18971' },
  },
});
const PANICS = Number(values.panics);
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Vigil-demo-2026';
const PIN = '1234';
/** Console user watching the board, and the mobile user (several branches) raising the panics. */
const CONSOLE_USER = 'orgadmin@example.com';
const MOBILE_USER = 'regional@example.com';

declare global {
  interface Window {
    /** Set by the benchmark in the page: when each alarm item (by notification id) first appeared, Date.now(). */
    __alarmSeen: Record<string, number>;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function summary(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n=${String(s.length).padStart(3)}  p50=${percentile(s, 50).toFixed(0).padStart(5)} ms  p95=${percentile(s, 95)
      .toFixed(0)
      .padStart(5)} ms  max=${s[s.length - 1]!.toFixed(0).padStart(5)} ms  (target 2000 ms)`,
  );
}

async function main() {
  for (const built of ['apps/server/dist/server.mjs', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  let scratch: ScratchDatabase | null = null;
  if (process.env.BENCH_DATABASE_URL) scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL, 'vigil_bench_live');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-live-'));
  const server = await startBuiltServer(PORT, {
    VIGIL_DATA_DIR: dataDir,
    VIGIL_DEMO: '1',
    DATABASE_URL: scratch?.url ?? '',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_MAX: '1000',
  });
  // Whatever happens, the server does not outlive the benchmark.
  process.on('exit', () => server.kill('SIGTERM'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${BASE}/login`);
    await page.getByTestId('login-email').fill(CONSOLE_USER);
    await page.getByTestId('login-next').click();
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('branch-row').first().waitFor();
    await page.locator('[data-testid="realtime-status"][data-state="live"]').waitFor();
    // Every alarm item's first appearance, by notification id, on the page's clock.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      window.__alarmSeen = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="alarm-item"]')) {
          const id = el.getAttribute('data-notification-id');
          if (id && !(id in seen)) seen[id] = Date.now();
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    const login = await mobileCall<{ Token: string; Branches: { BranchOfficeId: number }[] }>(BASE, null, 'login', {
      username: MOBILE_USER,
      password: PASSWORD,
    });
    const rowRed: number[] = [];
    const listed: number[] = [];
    for (let i = 0; i < PANICS; i++) {
      const branchId = login.Branches[i % login.Branches.length]!.BranchOfficeId;
      const status = `[data-testid="branch-row"][data-branch-id="${branchId}"] [data-testid="branch-status"]`;
      await mobileCall(BASE, login.Token, 'branchaction', { branchOfficeId: branchId, action: 'OPEN', pin: PIN });
      await page.locator(`${status}[data-status="open"]`).waitFor({ state: 'attached' });
      // Inline callbacks only: tsx names function constants with a helper the page does not have.
      const red = page.evaluate(
        (sel) =>
          new Promise<number>((resolve) => {
            if (document.querySelector(sel)) return resolve(Date.now());
            const observer = new MutationObserver(() => {
              if (!document.querySelector(sel)) return;
              observer.disconnect();
              resolve(Date.now());
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          }),
        `${status}[data-status="alarm"]`,
      );
      red.catch(() => undefined); // awaited below; a page error must not end the process before the clean-up
      const started = Date.now();
      const { NotificationId } = await mobileCall<{ NotificationId: number }>(BASE, login.Token, 'alarm', {
        branchOfficeId: branchId,
        type: 'PANIC',
      });
      rowRed.push((await red) - started);
      await page.waitForFunction((id) => window.__alarmSeen[id] !== undefined, String(NotificationId));
      const at = await page.evaluate((id) => window.__alarmSeen[id]!, String(NotificationId));
      listed.push(at - started);
    }
    console.log(`\nLive console (${scratch ? 'PostgreSQL' : 'PGlite'}): mobile PANIC call start → console in Chromium`);
    summary('branch row turns red', rowRed);
    summary('alarm listed in the alarm panel', listed);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.release();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
