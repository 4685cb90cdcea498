// `npm test`: type-check, lint, unit and API tests (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), build, then browser tests in Debian Chromium. Browser tests are never
// skipped: without Chromium this installs Debian's `chromium` when it can, or stops with the
// command to run. The summary gives passed, failed and skipped counts per runner and whether the
// PostgreSQL half ran; it ends with one line "Tests: N passed, N failed, N skipped". Any step that
// fails (a failed test, an error outside the tests, a step that ran no test) exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

// The browser tests run Debian's chromium-headless-shell (e2e/fixtures/browser.ts); the full
// chromium is the simulated caller's camera in the call specs (apps/simulator/src/call-media.ts).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const BROWSERS = [...new Set([CHROMIUM, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'])];
const INSTALL = 'apt-get update && apt-get install -y chromium chromium-headless-shell';

/** Busy and total CPU ticks of the machine so far (Linux /proc/stat; null elsewhere). */
function cpuTicks() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** "(N s, CPU P % busy)" of a step that started at `t0` with ticks `c0`: where the run's time goes. */
function took(t0, c0) {
  const secs = Math.round((Date.now() - t0) / 1000);
  const c1 = cpuTicks();
  const busy = c0 && c1 && c1.total > c0.total ? Math.round((100 * (c1.busy - c0.busy)) / (c1.total - c0.total)) : null;
  return `${secs} s${busy === null ? '' : `, CPU ${busy} % busy`}`;
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const c0 = cpuTicks();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} (${took(t0, c0)})`);
  return r.status === 0;
}

function ensureChromium() {
  if (BROWSERS.every((b) => fs.existsSync(b))) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${BROWSERS.join(' or ')}; installing Debian's chromium and chromium-headless-shell…`);
    if (run('install chromium', 'sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${INSTALL}`]) && BROWSERS.every((b) => fs.existsSync(b)))
      return true;
  }
  console.error(
    `\nThe browser tests need Chromium at ${BROWSERS.join(' and ')}. Install it with:\n\n  sudo sh -c '${INSTALL}'\n\n(or set CHROMIUM_PATH), then run npm test again.`,
  );
  return false;
}

/** Counts read from a runner's JSON report; null when the report is missing or unreadable. */
function counts(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Tests that ran on PostgreSQL: the suites are named "… on postgres" (apps/server/test/helpers.ts DB_KINDS). */
const onPostgres = (j) =>
  (j.testResults ?? [])
    .flatMap((f) => f.assertionResults ?? [])
    .filter((a) => (a.status === 'passed' || a.status === 'failed') && /postgres/i.test((a.ancestorTitles ?? []).join(' '))).length;

/**
 * The reverse-proxy test (apps/server/test/proxy.test.ts) runs Debian's nginx: installed here like
 * Chromium when missing and possible; otherwise that test is skipped and prints why.
 */
function ensureNginx() {
  if (fs.existsSync('/usr/sbin/nginx')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    console.log('nginx is missing (the reverse-proxy test will be skipped): sudo apt-get install -y nginx-light');
    return;
  }
  run('install nginx', 'sh', [
    '-c',
    'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light)',
  ]);
}

/**
 * Runs steps at once (type-check, lint and build are single-threaded for most of their time, and
 * the machine has two cores), each with its output held back and printed whole when it ends, in
 * the order given. Answers each step's success, by label.
 */
async function runTogether(steps) {
  const started = steps.map(
    ({ label, cmd, args }) =>
      new Promise((resolve) => {
        const t0 = Date.now();
        const child = spawn(cmd, args, { env: process.env });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('error', (e) => out.push(Buffer.from(String(e))));
        child.on('close', (code) => resolve({ label, cmd, args, ok: code === 0, out, secs: Math.round((Date.now() - t0) / 1000) }));
      }),
  );
  const result = {};
  for (const p of started) {
    const r = await p;
    console.log(`\n=== ${r.label}: ${r.cmd} ${r.args.join(' ')} (${r.secs} s, ${r.ok ? 'ok' : 'FAILED'})`);
    process.stdout.write(Buffer.concat(r.out));
    result[r.label] = r.ok;
  }
  return result;
}

let ok = ensureChromium();
ensureNginx();
let buildOk = false;
if (ok) {
  const t0 = Date.now();
  const c0 = cpuTicks();
  const r = await runTogether([
    { label: 'type-check', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    // `npm run lint` is both of these one after the other; apart, the formatting check runs beside
    // the other steps instead of after ESLint, the longest of them.
    { label: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint:code'] },
    { label: 'format', cmd: 'npm', args: ['run', '--silent', 'lint:format'] },
    { label: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  ]);
  ok = r['type-check'] && r.lint && r.format;
  buildOk = r.build;
  console.log(`=== type-check, lint, format and build together: ${took(t0, c0)}`);
}
const unitOk =
  ok &&
  run('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'vitest.json')}`,
  ]);
const e2eOk =
  ok &&
  buildOk &&
  run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'playwright.json'),
  });

const NONE = { passed: 0, failed: 0, skipped: 0 };
const unitRead = counts(path.join(results, 'vitest.json'), (j) => ({
  passed: j.numPassedTests ?? 0,
  failed: j.numFailedTests ?? 0,
  skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  postgres: onPostgres(j),
}));
const e2eRead = counts(path.join(results, 'playwright.json'), (j) => ({
  passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0),
  failed: j.stats?.unexpected ?? 0,
  skipped: j.stats?.skipped ?? 0,
}));
const unit = unitRead ?? NONE;
const e2e = e2eRead ?? NONE;
const passed = unit.passed + e2e.passed;
let failed = unit.failed + e2e.failed;
const skipped = unit.skipped + e2e.skipped;
const allOk = ok && unitOk && buildOk && e2eOk;
// A failed step that ran no test (type-check, lint, build, chromium), or a runner that failed with
// every test passing (an error outside the tests, a missing report), still fails.
if (!allOk && failed === 0) failed = 1;

const line = (label, c, ran, stepOk) =>
  ran
    ? `${label}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${stepOk || c.failed > 0 ? '' : ' (the runner failed outside the tests: see its output above)'}`
    : `${label}: no report (not run, or stopped before writing one)`;
console.log('');
console.log(line('unit/API', unit, unitRead !== null, unitOk));
console.log(line('browser', e2e, e2eRead !== null, e2eOk));
if (!process.env.TEST_DATABASE_URL) console.log('PostgreSQL: not run (TEST_DATABASE_URL is unset)');
else if (unitRead && unitRead.postgres > 0) console.log(`PostgreSQL: ran (${unitRead.postgres} unit/API tests; browser tests use PGlite)`);
else console.log('PostgreSQL: not run (TEST_DATABASE_URL is set, but no test ran on it)');
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
