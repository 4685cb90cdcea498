/**
 * First-page benchmark (issue 20 "First page": /login loads ≤ 150 kB of JavaScript, gzip): starts
 * the built server (apps/server/dist, with the built console) on a fresh embedded database with
 * the demo data, opens every page reachable without a session in Debian Chromium — /login, its
 * forgotten-password form, /admin/login, the `/login?token=` page, the single sign-on return, the
 * activation and password-reset pages and the public survey page (their links are made up, so
 * they show their "invalid link" state: the code they load is the same) — and records every
 * JavaScript response. Prints, per page, the files loaded until the page was drawn (count, raw
 * bytes, gzip bytes at zlib level 9 — the server does not compress) against the target, and apart
 * from them what the page prefetched once idle for after sign-in (the console marks that instant
 * with performance.mark('vigil:prefetch'); a response whose request started after it is a
 * prefetch). No assertions: figures only. Needs `npm run build`.
 *
 *   npx tsx bench/first-page.ts [--port 18975] [--files] [--shots DIR]
 *
 * --files lists each page's files; --shots DIR also writes screenshots of /login at 1280 and 800 px
 * wide in English and Albanian (login-<width>-<lang>.png) to compare a build with another.
 */
import { startBuiltServer } from './proc.js';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '18975' },
    files: { type: 'boolean', default: false },
    shots: { type: 'string' },
  },
});
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
/** Issue 20: JavaScript loaded by the first page, gzip, kB (1 kB = 1,000 bytes, as Vite prints). */
const TARGET_KB = 150;
/** The mark the console sets when it starts prefetching the signed-in code (app/prefetch.ts). */
const PREFETCH_MARK = 'vigil:prefetch';
/** How long no new script may arrive before a page counts as settled, ms. */
const QUIET_MS = 1_500;

interface PageCase {
  name: string;
  path: string;
  /** Elements of which one shows when the page is drawn (CSS selector list). */
  drawn: string;
  /** Something to do once drawn (the forgotten-password form is a toggle of /login). */
  then?: (page: Page) => Promise<void>;
}

const tid = (...ids: string[]) => ids.map((id) => `[data-testid="${id}"]`).join(', ');

const CASES: PageCase[] = [
  { name: '/login', path: '/login', drawn: tid('login-email') },
  {
    name: '/login, forgotten password',
    path: '/login',
    drawn: tid('login-email'),
    then: async (page) => {
      await page.getByTestId('forgot-toggle').click();
      await page.getByTestId('forgot-email').waitFor();
    },
  },
  { name: '/admin/login', path: '/admin/login', drawn: tid('login-email') },
  { name: '/login?token= (spent link)', path: '/login?token=bench-not-a-token', drawn: tid('login-alert') },
  { name: '/login single sign-on return (refused)', path: '/login?code=bench&state=bench', drawn: tid('login-alert') },
  {
    name: '/validateToken (activation)',
    path: '/validateToken/bench-token/bench%40example.com',
    drawn: tid('activation-error', 'activation-submit'),
  },
  {
    name: '/resetpassword (password reset)',
    path: '/resetpassword/bench-token/bench%40example.com',
    drawn: tid('reset-error', 'reset-submit'),
  },
  { name: '/survey (public survey)', path: '/survey/1-bench/1', drawn: tid('survey-link-error', 'survey-form') },
];

interface Script {
  url: string;
  raw: number;
  gzip: number;
  prefetch: boolean;
}

/** Opens one page in a fresh context and returns its scripts, split at the prefetch mark. */
async function measure(browser: Browser, c: PageCase): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const bodies = new Map<string, Promise<{ raw: number; gzip: number } | null>>();
  let lastScriptAt = Date.now();
  page.on('response', (res) => {
    const url = res.url();
    if (res.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
    lastScriptAt = Date.now();
    bodies.set(
      url,
      res.body().then(
        (body) => {
          lastScriptAt = Date.now();
          const encoded = res.headers()['content-encoding'];
          if (encoded && encoded !== 'identity') throw new Error(`${url} came ${encoded}-encoded: measure the decoded size`);
          return { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
        },
        () => null,
      ),
    );
  });
  await page.goto(`${BASE}${c.path}`);
  await page.locator(c.drawn).first().waitFor();
  if (c.then) await c.then(page);
  // Settled: no new script for QUIET_MS (the idle prefetch included).
  while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(250);
  const timing = await page.evaluate((mark) => {
    const m = performance.getEntriesByName(mark, 'mark')[0];
    return {
      mark: m ? m.startTime : null,
      starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
    };
  }, PREFETCH_MARK);
  const startOf = new Map(timing.starts);
  const scripts: Script[] = [];
  for (const [url, body] of bodies) {
    const size = await body;
    if (!size) continue;
    const start = startOf.get(url);
    const prefetch = timing.mark !== null && start !== undefined && start >= timing.mark;
    scripts.push({ url, ...size, prefetch });
  }
  await context.close();
  return scripts;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function report(c: PageCase, scripts: Script[]) {
  const first = scripts.filter((s) => !s.prefetch);
  const later = scripts.filter((s) => s.prefetch);
  const sum = (list: Script[], k: 'raw' | 'gzip') => list.reduce((a, s) => a + s[k], 0);
  const gz = sum(first, 'gzip');
  console.log(
    `${c.name.padEnd(40)} ${String(first.length).padStart(3)} files  raw ${kb(sum(first, 'raw')).padStart(7)} kB  gzip ${kb(gz).padStart(6)} kB  (target ≤ ${TARGET_KB} kB: ${gz <= TARGET_KB * 1000 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `${''.padEnd(40)} ${String(later.length).padStart(3)} files  raw ${kb(sum(later, 'raw')).padStart(7)} kB  gzip ${kb(sum(later, 'gzip')).padStart(6)} kB  prefetched once idle, for after sign-in`,
  );
  if (values.files) {
    for (const s of [...first, ...later].sort((a, b) => Number(a.prefetch) - Number(b.prefetch) || b.gzip - a.gzip)) {
      console.log(
        `    ${s.prefetch ? 'prefetch' : 'page    '} ${kb(s.gzip).padStart(6)} kB gzip  ${kb(s.raw).padStart(7)} kB raw  ${new URL(s.url).pathname}`,
      );
    }
  }
}

/** /login at two widths in both languages (the language is the console's stored choice). */
async function screenshots(browser: Browser, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of ['en', 'sq']) {
    for (const width of [1280, 800]) {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        storageState: { cookies: [], origins: [{ origin: BASE, localStorage: [{ name: 'vigil.lang', value: lang }] }] },
      });
      const page = await context.newPage();
      await page.goto(`${BASE}/login`);
      await page.getByTestId('login-email').waitFor();
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(dir, `login-${width}-${lang}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      console.log(`screenshot ${file}`);
      await context.close();
    }
  }
}

async function main() {
  for (const built of ['apps/server/dist/server.mjs', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-first-page-'));
  const server = await startBuiltServer(PORT, {
    VIGIL_DATA_DIR: dataDir,
    VIGIL_DEMO: '1',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_MAX: '1000',
  });
  // Whatever happens, the server does not outlive the benchmark.
  process.on('exit', () => server.kill('SIGTERM'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--no-first-run', '--disable-background-networking'],
  });
  try {
    console.log(`\nJavaScript of the pages without a session (gzip at level 9; kB = 1,000 bytes; target ≤ ${TARGET_KB} kB until drawn)`);
    for (const c of CASES) report(c, await measure(browser, c));
    if (values.shots) await screenshots(browser, values.shots);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
