// `npm test`: type-check, lint, unit and API tests (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), build, then browser tests in Debian Chromium. Browser tests are never
// skipped: without Chromium this installs Debian's `chromium` when it can, or stops with the
// command to run. Ends with one line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium…`);
    if (run('install chromium', 'sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${INSTALL}`]) && fs.existsSync(CHROMIUM)) return true;
  }
  console.error(
    `\nThe browser tests need Chromium at ${CHROMIUM}. Install it with:\n\n  sudo sh -c '${INSTALL}'\n\n(or set CHROMIUM_PATH), then run npm test again.`,
  );
  return false;
}

function counts(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

let ok = ensureChromium();
const steps = [];
if (ok) ok = run('type-check', 'npm', ['run', '--silent', 'typecheck']) && (steps.push('typecheck'), true);
if (ok) ok = run('lint', 'npm', ['run', '--silent', 'lint']) && (steps.push('lint'), true);
const unitOk =
  ok &&
  run('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'vitest.json')}`,
  ]);
const buildOk = ok && run('build', 'npm', ['run', '--silent', 'build']);
const e2eOk =
  ok &&
  buildOk &&
  run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'playwright.json'),
  });

const unit = counts(path.join(results, 'vitest.json'), (j) => ({ passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 }));
const e2e = counts(path.join(results, 'playwright.json'), (j) => ({
  passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0),
  failed: j.stats?.unexpected ?? 0,
}));
const passed = unit.passed + e2e.passed;
let failed = unit.failed + e2e.failed;
const allOk = ok && unitOk && buildOk && e2eOk;
if (!allOk && failed === 0) failed = 1; // a failed step that ran no test (type-check, lint, build, chromium) still fails
console.log(`\nunit/API: ${unit.passed} passed, ${unit.failed} failed; browser: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
