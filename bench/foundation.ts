/**
 * Foundation benchmark: latency of sign-in (argon2id) and of the dashboard branch board
 * (getofficesv2) for several roles, on the real server with the demo data, on PGlite and — when
 * BENCH_DATABASE_URL is set — PostgreSQL. On PostgreSQL also the first page of the activity report
 * while every export connection is held, as slow downloads hold them, and more exports wait for one
 * (reports.test.ts checks that such calls answer; this prints how fast; target: far under 5 s).
 * Prints p50/p95/max in ms. No assertions: figures only.
 *
 *   npx tsx bench/foundation.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/foundation.ts
 */
import { performance } from 'node:perf_hooks';
import { ApiClient, startTestServer, type DbKind, type TestServer } from '@vigil/server/testing';
import { demoDay } from './proc.js';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function summary(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(48)} n=${String(s.length).padStart(4)}  p50=${percentile(s, 50).toFixed(1).padStart(7)} ms  p95=${percentile(s, 95).toFixed(1).padStart(7)} ms  max=${s[s.length - 1]!.toFixed(1).padStart(7)} ms`,
  );
}
async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Activity report first pages (25 rows, last 30 days) with the export pool idle, then held by ten exports. */
async function exportsHeld(server: TestServer, kind: DbKind) {
  const pool = server.database.exportPool!;
  const c = new ApiClient(server.baseUrl);
  await c.login('orgadmin@example.com');
  const body = { case: 'GET-ALL-REPORTS', fromDate: demoDay(-30), toDate: demoDay(0), limit: 25 };
  const pages = async () => {
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      samples.push(
        await time(async () => {
          const res = await c.post('/api/client/getnotifications', body);
          if (res.status !== 200) throw new Error(`getnotifications: ${res.status} ${JSON.stringify(res.json)}`);
        }),
      );
    }
    return samples;
  };
  summary(`[${kind}] activity report page, exports idle`, await pages());
  const held = await Promise.all(Array.from({ length: server.config.exportConnections }, () => pool.connect()));
  const waiting = Array.from({ length: 10 - held.length }, () => pool.connect());
  try {
    summary(`[${kind}] activity report page, 10 exports held open`, await pages());
  } finally {
    for (const h of held) h.release();
    // Each waiting export gets a connection as one is returned, and returns it at once.
    await Promise.all(waiting.map((w) => w.then((h) => h.release())));
  }
}

async function run(kind: DbKind) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const seedStart = performance.now();
  const server = await startTestServer(kind, { LOGIN_RATE_MAX: '100000' });
  console.log(`\n[${kind}] server started with demo data in ${(performance.now() - seedStart).toFixed(0)} ms`);
  try {
    const logins: number[] = [];
    for (let i = 0; i < 20; i++) {
      const c = new ApiClient(server.baseUrl);
      await c.fetchCsrf();
      logins.push(await time(() => c.post('/api/client/login', { username: 'orgadmin@example.com', password: 'Vigil-demo-2026' })));
    }
    summary(`[${kind}] login (argon2id verify + session)`, logins);
    for (const email of [
      'orgadmin@example.com',
      'dealer@example.com',
      'officer@example.com',
      'regional@example.com',
      'manager@example.com',
    ]) {
      const c = new ApiClient(server.baseUrl);
      await c.login(email);
      const samples: number[] = [];
      for (let i = 0; i < 200; i++) samples.push(await time(() => c.post('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES' })));
      summary(`[${kind}] getofficesv2 board ${email}`, samples);
    }
    if (server.database.exportPool) await exportsHeld(server, kind);
    console.log(`[${kind}] rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await server.close();
  }
}

await run('pglite');
if (process.env.BENCH_DATABASE_URL) await run('postgres');
