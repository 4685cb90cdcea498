/**
 * Report benchmark on the scale data (issue "Reports", bench/reports; data from `npm run seed:scale`).
 * The server runs as its own process, background jobs included, so its memory is measured alone:
 * apps/server/src/server.ts via tsx as bench/latency.ts runs it (`--server src`, the default), or
 * the production bundle (`--server dist`, after `npm run build`; tsx itself takes some 60 MB). Prints:
 * - for each report and each user, p50 / p95 of the first page (25 rows) over the last 31 days,
 *   after two warm-up calls: an organisation admin (scale-admin-1@scale.test, the 100 branches of
 *   one organisation), and the security officer and operator of the office 'SO-SCALE' that
 *   monitors every scale organisation (scale-officer@ / scale-operator@scale.test: all 5,000
 *   branches, the widest scope; issue 20), each marked "over" when past the 300 ms target;
 * - the CSV export of a whole year of the activity report for the same admin, `--exports` times
 *   (the first one reads the year from disk into the caches): time to the first byte, total
 *   time, rows (checked against x-report-rows), rows/s and the server's CPU time of each, and the
 *   server's peak RSS during the exports (VmHWM after resetting it through /proc/<pid>/clear_refs,
 *   else the highest VmRSS sampled every 20 ms) next to its RSS before;
 * - EXPLAIN (ANALYZE, BUFFERS) of the slowest SQL statement behind the slowest first page (of any
 *   user): that page is requested once more, by the same user, from an in-process server whose
 *   pool records its statements, and each recorded statement is explained.
 * Figures only (targets: first page p95 ≤ 300 ms; export ≥ 100,000 rows/s with RSS ≤ 300 MB).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vigil_scale npx tsx bench/reports.ts [--runs 20] [--exports 3] [--port 18960] [--server src|dist|<bundle.mjs>]
 *     [--users admin,officer,operator] [--only <label text>]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuSeconds, memoryMb, readDownload } from './proc.js';
import { ApiClient, SCALE_PASSWORD, startServerOn } from '@vigil/server/testing';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    exports: { type: 'string', default: '3' },
    port: { type: 'string', default: '18960' },
    server: { type: 'string', default: 'src' },
    users: { type: 'string', default: 'admin,officer,operator' },
    only: { type: 'string', default: '' },
  },
});
const RUNS = Number(values.runs);
const EXPORTS = Number(values.exports);
const PORT = Number(values.port);
/** src: apps/server/src/server.ts through tsx (the code as it is); dist: the production bundle of `npm run build`; a path to a .mjs: that bundle (another build, for a before/after comparison; it must sit inside the repository so its imports resolve). */
const SERVER =
  values.server === 'dist'
    ? ['apps/server/dist/server.mjs']
    : values.server!.endsWith('.mjs')
      ? [values.server!]
      : ['--import', 'tsx', 'apps/server/src/server.ts'];
const ADMIN = 'scale-admin-1@scale.test';
/** The users measured (seed:scale): one organisation's admin, and the security office staff whose scope is every branch. */
const USERS: Record<string, string> = {
  admin: ADMIN,
  officer: 'scale-officer@scale.test',
  operator: 'scale-operator@scale.test',
};
const users = values.users!.split(',').map((u) => {
  if (!USERS[u]) throw new Error(`--users: unknown user ${u} (admin, officer, operator)`);
  return [u, USERS[u]] as const;
});
const TARGET_MS = 300;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const mb = (megabytes: number) => `${megabytes.toFixed(0)} MB`;

/** Resets the peak RSS of `pid` (Linux: writing 5 to clear_refs); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return memoryMb(pid).peak <= memoryMb(pid).rss + 1;
  } catch {
    return false;
  }
}

async function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, SERVER, {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      LOGIN_RATE_MAX: '100000',
      VIGIL_DEMO: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  // The first start on freshly seeded data builds the report indexes of new migrations: allow minutes.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

type Report = [label: string, path: string, body: Record<string, unknown>, rowsOf: (body: Record<string, unknown>) => string];
const total = (b: Record<string, unknown>) => `rows matching: ${String(b.total)}`;

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to the PostgreSQL database filled by npm run seed:scale');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const counts = (
    await admin.query<{ events: string; branches: number; check_ins: string }>(
      `select (select count(*) from events)::text as events, (select count(*) from branch_offices)::int as branches, (select count(*) from check_ins)::text as check_ins`,
    )
  ).rows[0]!;
  console.log(`database: ${counts.events} events, ${counts.check_ins} check-ins, ${counts.branches} branches`);

  const month = { fromDate: day(-31), toDate: day(-1) };
  const reports: Report[] = [
    ['daily (dailyreports)', '/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', ...month }, total],
    ['activities (GET-ALL-REPORTS)', '/api/client/getnotifications', { case: 'GET-ALL-REPORTS', ...month }, total],
    ['check-in/out (getcheckinout)', '/api/client/getcheckinout', month, total],
    ['timers (gettrackings)', '/api/client/gettrackings', { case: 'GET-ALL-NON-RETAIL-PINGS', ...month }, total],
    [
      'summary (managesummaryreports)',
      '/api/client/managesummaryreports',
      month,
      (b) => {
        const s = (b.resultobject as { APPObject: Record<string, number> }).APPObject;
        return `openings ${s.Openings}, closings ${s.Closings}, not opened ${s.NotOpened}`;
      },
    ],
    ['surveys (managesurveys)', '/api/client/managesurveys', { case: 'GET-ALL-SURVEY-REPORTING', ...month }, total],
    ['VaultTrak (log-access/reports)', '/api/client/log-access/reports', month, total],
  ];

  const started = performance.now();
  const { child, base } = await startServer(url);
  console.log(
    `server process ${child.pid} (${SERVER.at(-1)}) ready in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${mb(memoryMb(child.pid!).rss)}`,
  );
  // Let the supervisor's first tick (right at start) finish before measuring.
  await new Promise((r) => setTimeout(r, 5_000));
  let slowest: { report: Report; p95: number; user: string } | undefined;
  const measured = values.only ? reports.filter(([label]) => label.includes(values.only!)) : reports;
  try {
    const c = new ApiClient(base);
    await c.login(ADMIN, SCALE_PASSWORD);

    for (const [who, email] of users) {
      const u = who === 'admin' ? c : new ApiClient(base);
      if (u !== c) await u.login(email, SCALE_PASSWORD);
      console.log(
        `\nfirst page (25 rows), ${month.fromDate} … ${month.toDate}, ${who} (${email}), ${RUNS} runs each after 2 warm-up calls:`,
      );
      for (const report of measured) {
        const [label, path, body, describe] = report;
        const samples: number[] = [];
        let info = '';
        for (let i = 0; i < RUNS + 2; i++) {
          const t = performance.now();
          const res = await u.post<Record<string, unknown>>(path, body);
          const ms = performance.now() - t;
          if (res.status !== 200) throw new Error(`${label} (${who}): ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          if (i >= 2) samples.push(ms);
          info = describe(res.json.body ?? {});
        }
        samples.sort((a, b) => a - b);
        const p95 = percentile(samples, 95);
        if (!slowest || p95 > slowest.p95) slowest = { report, p95, user: email };
        console.log(
          `  ${label.padEnd(34)} p50=${percentile(samples, 50).toFixed(1).padStart(7)} ms  p95=${p95.toFixed(1).padStart(7)} ms${p95 > TARGET_MS ? ' OVER' : '     '}  (${info})`,
        );
      }
    }

    if (EXPORTS > 0) {
      const year = { case: 'GET-ALL-REPORTS', fromDate: day(-365), toDate: day(-1), format: 'csv' };
      const pid = child.pid!;
      const before = memoryMb(pid);
      const peakReset = resetPeak(pid);
      let sampled = before.rss;
      const sampler = setInterval(() => {
        sampled = Math.max(sampled, memoryMb(pid).rss);
      }, 20);
      console.log(
        `\nCSV export of a year of the activity report (${year.fromDate} … ${year.toDate}), organisation admin, ${EXPORTS} times (the first reads the year's pages into the caches):`,
      );
      const rates: number[] = [];
      for (let run = 1; run <= EXPORTS; run++) {
        const cpu0 = cpuSeconds(pid);
        const t = performance.now();
        const res = await fetch(`${base}/api/client/getnotifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
          body: JSON.stringify(year),
        });
        if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
        const { bytes, lines, firstByteMs: firstByte } = await readDownload(res, t);
        const secs = (performance.now() - t) / 1000;
        const dataRows = lines - 1; // (no message in the scale data has a line break)
        rates.push(dataRows / secs);
        console.log(
          `  run ${run}: ${dataRows} rows (x-report-rows ${res.headers.get('x-report-rows')}), ${(bytes / 1e6).toFixed(1)} MB; first byte after ${firstByte.toFixed(0)} ms, all in ${secs.toFixed(2)} s = ${Math.round(dataRows / secs)} rows/s; server CPU ${Math.round((cpuSeconds(pid) - cpu0) * 1000)} ms`,
        );
      }
      clearInterval(sampler);
      const after = memoryMb(pid);
      sampled = Math.max(sampled, after.rss);
      rates.sort((a, b) => a - b);
      console.log(`  median ${Math.round(rates[Math.floor(rates.length / 2)]!)} rows/s`);
      console.log(
        `  server RSS: ${mb(before.rss)} before, peak during the exports ${peakReset ? `${mb(after.peak)} (VmHWM)` : `${mb(sampled)} (sampled every 20 ms; VmHWM of the whole run ${mb(after.peak)})`}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }

  // EXPLAIN ANALYZE of the slowest statement of the slowest first page.
  const [label, path, body] = slowest!.report;
  const server = await startServerOn({ databaseUrl: url }, { LOGIN_RATE_MAX: '100000', LOG_LEVEL: 'error' }, { seed: false });
  try {
    const c = new ApiClient(server.baseUrl);
    await c.login(slowest!.user, SCALE_PASSWORD);
    const pool = server.database.pool!;
    const recorded: { text: string; values: unknown[] }[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof q === 'string' ? q : q.text;
      if (/^\s*(select|with)\b/i.test(text)) recorded.push({ text, values: v ?? (typeof q === 'string' ? [] : (q.values ?? [])) });
      return query(...args);
    };
    const res = await c.post(path, body);
    (pool as unknown as { query: unknown }).query = query;
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    let worst: { ms: number; plan: string[] } | undefined;
    for (const r of recorded) {
      const plan = (await admin.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${r.text}`, r.values)).rows.map(
        (x) => x['QUERY PLAN'],
      );
      const ms = Number(plan.find((l) => l.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1] ?? 0);
      if (!worst || ms > worst.ms) worst = { ms, plan };
    }
    console.log(
      `\nEXPLAIN ANALYZE of the slowest of the ${recorded.length} statements behind the slowest first page, ${label} for ${slowest!.user} (p95 ${slowest!.p95.toFixed(1)} ms):`,
    );
    for (const line of worst?.plan ?? []) console.log(`  ${line}`);
  } finally {
    await server.close();
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
