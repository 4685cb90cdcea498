/**
 * Report benchmark on the scale data (`npm run seed:scale`): for each report, p50 / p95 of the
 * first page over the last 31 days for an organisation admin (scale-admin-1@scale.test), then the
 * CSV export of a whole year of the activity report (time, rows, rows/s, peak RSS of this process,
 * which runs the server), and EXPLAIN ANALYZE of the activity report's first page. Figures only.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vigil_scale npx tsx bench/reports.ts [--runs 20]
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ApiClient, startServerOn } from '../apps/server/test/helpers.js';
import { activityQueries } from '../apps/server/src/modules/reports/activities.js';
import { SCALE_PASSWORD } from '../apps/server/src/db/seed/scale.js';
import { rows } from '../apps/server/src/db/client.js';
import type { AuthContext } from '../apps/server/src/plugins/session.js';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to the PostgreSQL database filled by npm run seed:scale');
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 20;
  const server = await startServerOn({ databaseUrl: url }, { LOGIN_RATE_MAX: '100000', LOG_LEVEL: 'error' }, { seed: false });
  try {
    const counts = await rows<{ events: string; branches: number }>(server.database.db, sql`select (select count(*) from events)::text as events, (select count(*) from branch_offices)::int as branches`);
    console.log(`database: ${counts[0]!.events} events, ${counts[0]!.branches} branches`);
    const c = new ApiClient(server.baseUrl);
    await c.login('scale-admin-1@scale.test', SCALE_PASSWORD);
    const month = { fromDate: day(-31), toDate: day(-1) };
    const reports: [string, string, Record<string, unknown>][] = [
      ['daily (dailyreports)', '/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', ...month }],
      ['activities (GET-ALL-REPORTS)', '/api/client/getnotifications', { case: 'GET-ALL-REPORTS', ...month }],
      ['check-in/out (getcheckinout)', '/api/client/getcheckinout', month],
      ['timers (gettrackings)', '/api/client/gettrackings', { case: 'GET-ALL-NON-RETAIL-PINGS', ...month }],
      ['summary (managesummaryreports)', '/api/client/managesummaryreports', month],
      ['surveys (managesurveys)', '/api/client/managesurveys', { case: 'GET-ALL-SURVEY-REPORTING', ...month }],
      ['VaultTrak (log-access/reports)', '/api/client/log-access/reports', month],
    ];
    console.log(`\nfirst page (25 rows), ${month.fromDate} … ${month.toDate}, organisation admin, ${runs} runs each:`);
    for (const [label, path, body] of reports) {
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < runs + 2; i++) {
        const t = performance.now();
        const res = await c.post<{ total?: number }>(path, body);
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
        if (i >= 2) samples.push(performance.now() - t); // two warm-up calls
        total = Number(res.json.body?.total ?? 0);
      }
      samples.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(34)} p50=${percentile(samples, 50).toFixed(1).padStart(7)} ms  p95=${percentile(samples, 95).toFixed(1).padStart(7)} ms  (rows matching: ${total})`);
    }

    const year = { case: 'GET-ALL-REPORTS', fromDate: day(-365), toDate: day(-1), format: 'csv' };
    const t = performance.now();
    const res = await fetch(`${server.baseUrl}/api/client/getnotifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: JSON.stringify(year),
    });
    let bytes = 0;
    let lines = 0;
    let peakRss = process.memoryUsage().rss;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const secs = (performance.now() - t) / 1000;
    const dataRows = lines - 1;
    console.log(`\nCSV export of a year of the activity report (${year.fromDate} … ${year.toDate}): ${dataRows} rows (x-report-rows ${res.headers.get('x-report-rows')}), ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(1)} s = ${Math.round(dataRows / secs)} rows/s; peak RSS of the server+bench process ${(peakRss / 1e6).toFixed(0)} MB (maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`);

    // EXPLAIN ANALYZE of the activity report's first page for the same admin.
    const [admin] = await rows<{ id: number; organization_id: number }>(server.database.db, sql`select id, organization_id from users where email = 'scale-admin-1@scale.test'`);
    const auth = { userId: admin!.id, roleId: 2, organizationId: admin!.organization_id } as AuthContext;
    const { query } = activityQueries(auth, { ...month, type: 'all', sortBy: 'time', sortDir: 'desc' });
    const q = new PgDialect().sqlToQuery(sql`explain (analyze, buffers) ${query} offset 0 limit 25`);
    const plan = await server.database.pool!.query(q.sql, q.params as unknown[]);
    console.log('\nEXPLAIN ANALYZE activity report, first page:');
    for (const r of plan.rows as { 'QUERY PLAN': string }[]) console.log('  ' + r['QUERY PLAN']);
  } finally {
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
