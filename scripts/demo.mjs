// `npm run demo`: builds when needed, then starts the server with VIGIL_DEMO=1 (demo data on the
// embedded database unless DATABASE_URL is set) and the simulator beside it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

/** Newest modification time of any file below `dir` (node_modules and dist excluded). */
function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return max;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
}
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.mjs'];
const builtAt = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const sourcesAt = Math.max(...['apps/web', 'apps/server/src', 'packages'].map(newest));
if (builtAt < sourcesAt) {
  console.log('vigil demo: building the console and server…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// `npm run demo -- --port 9090` (or PORT=9090 npm run demo) chooses the port; the simulator follows it.
const portArg = process.argv.indexOf('--port');
const port = portArg >= 0 ? process.argv[portArg + 1] : process.env.PORT;
if (port !== undefined && !/^\d{1,5}$/.test(port)) {
  console.error(`vigil demo: --port needs a number, got ${port ?? 'nothing'}`);
  process.exit(2);
}
// Quiet by default: one line with the address and the accounts; LOG_LEVEL=info shows the request log.
const env = { LOG_LEVEL: 'warn', ...process.env, VIGIL_DEMO: '1', ...(port ? { PORT: port } : {}) };
const base = `http://${env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : '127.0.0.1'}:${env.PORT ?? 8080}`;
const server = spawn(process.execPath, ['apps/server/dist/server.mjs'], { stdio: 'inherit', env });
const simulator = spawn(process.execPath, ['--import', 'tsx', 'apps/simulator/src/index.ts', '--quiet', '--clock', 'local'], {
  stdio: 'inherit',
  env,
});
// The simulator stops first (it hangs up a demo video call in progress), the server once it has
// exited or after 5 s.
const stop = () => {
  const serverStop = setTimeout(() => server.kill('SIGTERM'), 5_000);
  simulator.once('exit', () => {
    clearTimeout(serverStop);
    server.kill('SIGTERM');
  });
  if (simulator.exitCode !== null || !simulator.kill('SIGTERM')) server.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// One line once the server answers (the first start creates the demo data, which takes a moment).
void (async () => {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        console.log(
          `vigil demo: open ${base}/login — accounts orgadmin@, operator@, officer@, manager@example.com (console), ` +
            `admin@example.com at /admin/login; password Vigil-demo-2026. Ctrl+C stops.`,
        );
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
})();
server.on('exit', (code) => {
  simulator.kill('SIGTERM');
  process.exit(code ?? 0);
});
