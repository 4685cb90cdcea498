/**
 * Management benchmark (issue 4, bench/management): on PostgreSQL with 100,000 employees and
 * 5,000 branches, p50 / p95 of the first page (25 rows) of the employee list (getallemployees)
 * and the branch list (getofficesv2), unfiltered and filtered by status, search and region, as an
 * organisation admin; then the time, rows and peak RSS of a full employee CSV export. Figures
 * only, no assertions. Targets of the issue: p95 ≤ 150 ms; export ≤ 10 s with RSS ≤ 300 MB.
 *
 * It creates its own database `vigil_mgmt_bench_<timestamp>` through the admin connection
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrates it, fills it with
 * set-based SQL (generate_series; the volume never passes through Node), starts the real server
 * as its own process (src via tsx, so the RSS printed is the server's alone, from
 * /proc/<pid>/status), and drops the database at the end (`--keep` leaves it for EXPLAIN).
 *
 * The organisation admin bench-admin@bench.test (password BENCH_PASSWORD) belongs to the largest
 * organisation: 80 % of the employees and branches; four smaller organisations share the rest, so
 * every list is filtered by scope.
 *
 *   npx tsx bench/management.ts [--employees 100000] [--branches 5000] [--runs 30] [--keep]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { memoryMb, readDownload } from './proc.js';
import { scratchDatabase } from './scratch-db.js';
import { ensureReferenceData, hashSecret, openDatabase } from '@vigil/server/testing';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '100000' },
    branches: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '30' },
    port: { type: 'string', default: '18993' },
    keep: { type: 'boolean', default: false },
  },
});
const EMPLOYEES = Number(values.employees);
const BRANCHES = Number(values.branches);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
/** Password of the benchmark's organisation admin. */
const BENCH_PASSWORD = 'Vigil-bench-2026';
const ADMIN_EMAIL = 'bench-admin@bench.test';
/** Share of employees and branches in the admin's organisation; the rest is spread over four more. */
const MAIN_SHARE = 0.8;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function fill(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  await ensureReferenceData(database.db);
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await c.query(text, params);
    console.log(
      `  ${label.padEnd(36)} ${String(r.rowCount ?? '').padStart(8)} rows ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`,
    );
  };
  const mainBranches = Math.round(BRANCHES * MAIN_SHARE);
  const mainEmployees = Math.round(EMPLOYEES * MAIN_SHARE);
  try {
    await c.query('select setseed(0.2026)');
    await c.query('begin');
    await step(
      'security office',
      `insert into security_offices (name, code, time_zone, status_id, is_monitoring) values ('Bench Monitoring', 'SO-BENCH', 'UTC', 1, true)`,
    );
    await step(
      'organisations',
      `insert into organizations (name, status_id, city, country) select 'Bench Bank ' || n, 1, 'City ' || n, 'US' from generate_series(1, 5) n`,
    );
    await c.query(
      `create temp table bench_org on commit drop as select id, row_number() over (order by id)::int as n from organizations where name like 'Bench Bank %'`,
    );
    await step(
      'monitoring links',
      `insert into organization_security_offices (organization_id, security_office_id) select id, (select id from security_offices where code = 'SO-BENCH') from bench_org`,
    );
    await step(
      'head offices',
      `insert into offices (organization_id, office_type_id, name, code, time_zone, status_id)
      select id, 1, 'Bench Bank ' || n || ' Head Office', 'HO', 'America/New_York', 1 from bench_org`,
    );
    await step(
      'regions (40 + 4 × 10)',
      `insert into offices (organization_id, office_type_id, name, code, time_zone, status_id, city)
      select o.id, 2, 'Bench Region ' || o.n || '-' || lpad(r::text, 2, '0'), 'R' || r, 'America/New_York', case when r % 10 = 0 then 3 else 1 end, 'City ' || r
      from bench_org o cross join generate_series(1, case when o.n = 1 then 40 else 10 end) r`,
    );
    await c.query(`create temp table bench_region on commit drop as
      select f.id, f.organization_id, (row_number() over (partition by f.organization_id order by f.id))::int - 1 as k,
        (count(*) over (partition by f.organization_id))::int as cnt
      from offices f join bench_org o on o.id = f.organization_id where f.office_type_id = 2`);
    // Branch b: the admin's organisation for b ≤ mainBranches, then the four others in turn.
    await step(
      'branches',
      `insert into branch_offices (organization_id, regional_office_id, branch_office_type_id, security_office_id, name, code, time_zone,
        latitude, longitude, geofence_radius, status_id, test_mode, city, phone_number)
      select o.id, r.id, (select id from branch_office_types where type = 'BRANCH'), (select id from security_offices where code = 'SO-BENCH'),
        'Bench Branch ' || lpad(b::text, 5, '0'), 'B' || b, 'America/New_York', 30 + random() * 15, -120 + random() * 50, 200,
        case when b % 20 = 0 then 3 when b % 10 = 0 then 2 else 1 end, b % 50 = 0, 'City ' || (b % 300), '+1212555' || lpad((b % 10000)::text, 4, '0')
      from generate_series(1, $1::int) b
      join bench_org o on o.n = case when b <= $2::int then 1 else 2 + (b - $2::int - 1) % 4 end
      join bench_region r on r.organization_id = o.id and r.k = b % (case when o.n = 1 then 40 else 10 end)`,
      [BRANCHES, mainBranches],
    );
    await c.query(`create temp table bench_branch on commit drop as
      select b.id, b.organization_id, (row_number() over (partition by b.organization_id order by b.id))::int - 1 as k,
        (count(*) over (partition by b.organization_id))::int as cnt
      from branch_offices b join bench_org o on o.id = b.organization_id`);
    await c.query('create index on bench_branch (organization_id, k)');
    const passwordHash = await hashSecret(BENCH_PASSWORD);
    await step(
      'organisation admin',
      `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, lang_id)
      select id, 2, 'Bench', 'Admin', $1, 1, $2, 'en' from bench_org where n = 1`,
      [ADMIN_EMAIL, passwordHash],
    );
    // Employee u: role 9 (regional manager) every 200th, 6 (branch manager) every 50th, else 7;
    // status Active / Pending (every 7th) / Inactive (every 20th); a last login for two thirds.
    await step(
      'employees',
      `insert into users (organization_id, role_id, name, surname, email, phone_number, number, status_id, lang_id, last_login)
      select o.id, case when u % 200 = 0 then 9 when u % 50 = 0 then 6 else 7 end,
        (array['Alex', 'Blerta', 'Chris', 'Dana', 'Erion', 'Fatima', 'Gent', 'Hana', 'Ilir', 'Jona'])[1 + u % 10],
        (array['Hoxha', 'Smith', 'Kola', 'Brown', 'Shehu', 'Garcia', 'Dervishi', 'Miller', 'Leka', 'Davis', 'Basha', 'Wilson', 'Gjoka', 'Moore', 'Marku', 'Taylor',
          'Rama', 'Anderson', 'Cela', 'Thomas', 'Duka', 'Jackson', 'Lika', 'White', 'Meta', 'Harris', 'Prifti', 'Martin', 'Zeka', 'Clark'])[1 + (u / 10) % 30] || ' ' || u,
        'bench-' || u || '@bench.test', '+35569' || lpad(u::text, 7, '0'), 'E' || u,
        case when u % 20 = 0 then 3 when u % 7 = 0 then 2 else 1 end, case when u % 3 = 0 then 'sq' else 'en' end,
        case when u % 3 <> 0 then now() - make_interval(mins => (random() * 60 * 24 * 90)::int) end
      from generate_series(1, $1::int) u
      join bench_org o on o.n = case when u <= $2::int then 1 else 2 + (u - $2::int - 1) % 4 end`,
      [EMPLOYEES, mainEmployees],
    );
    await c.query(`create temp table bench_user on commit drop as
      select u.id, u.organization_id, u.role_id, substring(u.number from 2)::int as n, bc.n as branches, rc.n as regions
      from users u
      join (select organization_id, count(*)::int as n from bench_branch group by 1) bc on bc.organization_id = u.organization_id
      join (select organization_id, count(*)::int as n from bench_region group by 1) rc on rc.organization_id = u.organization_id
      where u.email like 'bench-%@bench.test' and u.number like 'E%'`);
    await c.query('analyze bench_user; analyze bench_branch; analyze bench_region');
    await step(
      'works_in (branches)',
      `insert into works_in (user_id, branch_office_id)
      select x.id, b.id from bench_user x join bench_branch b on b.organization_id = x.organization_id and b.k = x.n % x.branches
      where x.role_id in (6, 7)`,
    );
    await step(
      'works_in (regions)',
      `insert into works_in (user_id, regional_office_id)
      select x.id, r.id from bench_user x join bench_region r on r.organization_id = x.organization_id and r.k = x.n % x.regions
      where x.role_id = 9 or x.n % 25 = 1`,
    );
    await c.query('commit');
    await step('analyze', 'analyze');
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** Starts the server (src via tsx) as its own process on `url`; resolves when /healthz answers. */
async function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      VIGIL_DEMO: '',
      LOG_LEVEL: 'error',
      LOGIN_RATE_MAX: '100000',
      VIGIL_WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode != null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Signs in on the client API; returns a poster carrying the session cookie and CSRF token. */
async function signIn(base: string, email: string, password: string) {
  const csrfRes = await fetch(`${base}/security/csrf-token`);
  let csrf = csrfRes.headers.get('x-xsrf-token')!;
  let cookie = csrfRes.headers
    .getSetCookie()
    .map((x) => x.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
    body: JSON.stringify({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  csrf = res.headers.get('x-xsrf-token') ?? csrf;
  const jar = new Map(cookie.split('; ').map((x) => x.split('=') as [string, string]));
  for (const x of res.headers.getSetCookie()) {
    const [k, ...v] = x.split(';')[0]!.split('=');
    jar.set(k!, v.join('='));
  }
  cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
      body: JSON.stringify(body),
    });
  return { post };
}

async function main() {
  const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'vigil_mgmt_bench');
  const { url } = scratch;
  const name = new URL(url).pathname.slice(1);
  let child: ChildProcess | null = null;
  try {
    console.log(`database ${name}: ${EMPLOYEES} employees, ${BRANCHES} branches (${MAIN_SHARE * 100} % in the admin's organisation)`);
    const t0 = performance.now();
    await fill(url);
    console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const server = await startServer(url);
    child = server.child;
    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 3_000)); // the first supervision tick runs at start
    const started = memoryMb(pid);
    console.log(`server process (pid ${pid}) RSS ${started.rss.toFixed(0)} MB 3 s after start`);
    const c = await signIn(server.base, ADMIN_EMAIL, BENCH_PASSWORD);
    const call = async (path: string, body: Record<string, unknown>) => {
      const res = await c.post(path, body);
      const json = (await res.json()) as { body?: { total?: number }; description?: string };
      if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(body)}: ${res.status} ${json.description ?? ''}`);
      return Number(json.body?.total ?? 0);
    };
    const regions = (await (await c.post('/api/client/getoffices', { case: 'GET-REGIONAL-OFFICES', limit: 100 })).json()) as {
      body: { officeobject: { Id: number; Name: string }[] };
    };
    const region = regions.body.officeobject.find((r) => r.Name.endsWith('-07'))!;

    const page = { offset: 0, limit: 25 };
    const cases: [string, string, Record<string, unknown>][] = [
      ['employees, unfiltered', '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', ...page }],
      ['employees, status Pending', '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', statusId: 2, ...page }],
      ['employees, search "hoxha 7"', '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', search: 'hoxha 7', ...page }],
      ['employees, search "bench-4242@"', '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', search: 'bench-4242@', ...page }],
      [
        `employees, region ${region.Name}`,
        '/api/client/getallemployees',
        { case: 'GET-ALL-EMPLOYEES', regionalOfficeId: region.Id, ...page },
      ],
      ['employees, page 2000 (offset 49,975)', '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', offset: 49_975, limit: 25 }],
      ['branches, unfiltered', '/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', ...page }],
      ['branches, status Inactive', '/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', statusId: 3, ...page }],
      ['branches, search "branch 012"', '/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', search: 'branch 012', ...page }],
      [
        `branches, region ${region.Name}`,
        '/api/client/getofficesv2',
        { case: 'GET-ALL-BRANCH-OFFICES', regionalOfficeId: region.Id, ...page },
      ],
    ];
    console.log(`\nfirst page (25 rows) as the organisation admin, ${RUNS} runs each after 3 warm-ups:`);
    for (const [label, path, body] of cases) {
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        total = await call(path, body);
        if (i >= 3) samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(40)} p50=${pct(samples, 50).toFixed(1).padStart(6)} ms  p95=${pct(samples, 95).toFixed(1).padStart(6)} ms  max=${samples[samples.length - 1]!.toFixed(1).padStart(6)} ms  (matching ${total})`,
      );
    }

    const expected = await call('/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', limit: 1 });
    const before = memoryMb(pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, memoryMb(pid).rss);
      } catch {
        /* exited */
      }
    }, 20);
    const t = performance.now();
    const res = await c.post('/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', format: 'csv' });
    if (res.status !== 200) throw new Error(`export: ${res.status}`);
    const { bytes, lines, firstByteMs: firstByte } = await readDownload(res, t);
    const secs = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const after = memoryMb(pid);
    peakRss = Math.max(peakRss, after.rss);
    console.log(
      `\nfull employee CSV export as the organisation admin: ${lines - 1} rows (list total ${expected}), ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(2)} s` +
        ` (${Math.round((lines - 1) / secs)} rows/s, first byte after ${firstByte.toFixed(0)} ms)`,
    );
    console.log(
      `server process RSS: ${before.rss.toFixed(0)} MB before the export, peak ${peakRss.toFixed(0)} MB during it (+${(peakRss - before.rss).toFixed(0)} MB; sampled every 20 ms), VmHWM ${after.peak.toFixed(0)} MB since start`,
    );
  } finally {
    if (child && child.exitCode == null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    if (values.keep) console.log(`\nkept database ${scratch.url}`);
    await scratch.release(values.keep);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
