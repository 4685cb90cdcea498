/**
 * Throughput benchmark (issue 20 "Performance of everyday use", bench/throughput): the BUILT server
 * (apps/server/dist/server.mjs, `npm run build` first) with the demo data, on PGlite and — when
 * BENCH_DATABASE_URL is set — on a scratch PostgreSQL database beside it (bench/scratch-db.ts), and
 * a bare Fastify 5 server answering a POST with a zod body check, both in processes of their own,
 * driven by autocannon in alternation (bare, then the call, for each call). Prints for each call:
 * requests/s, p50 / p99 latency in ms, non-2xx answers, the server's CPU time per answer (all its
 * threads: steadier than requests/s on a busy machine) and, on PostgreSQL, the database's (every
 * postgres process of this machine: bench/proc.ts databaseCpu), and requests/s as a share of the
 * bare server's in the run just before it:
 * - POST /api/client/isauthenticated (target ≥ 40 % of bare on both databases);
 * - the branch board, POST /api/client/getofficesv2 GET-ALL-BRANCH-OFFICES as an organisation admin
 *   (target ≥ 15 % on PostgreSQL, ≥ 10 % on PGlite);
 * - one report's first page, POST /api/client/getnotifications GET-ALL-REPORTS, last 30 days, 25 rows;
 * - one mobile alarm, POST /api/mobile/alarm (bearer; writes an alarm event each time).
 * Then the mixed load: `--users` concurrent console users (each its own session of the
 * organisation admin), each repeating board, unread notifications, report page, employees and
 * open alarms, for `--mixed-seconds`; requests/s and p50 / p95 / p99 (target p95 ≤ 100 ms), and p95
 * by call, twice: closed loop (each user's next call as soon as the last is answered: the server's
 * capacity, where latency is users ÷ throughput by Little's law) and paced (each user `--user-rate`
 * calls a second, default 2, from a phase of its own: the latency users see at that load).
 * And the server's RSS (VmRSS) before the load, its peak under the load (VmHWM, reset once the server
 * is idle after start: the start-up peak — migrations, the demo seed — is printed apart) and after,
 * with the server's own /metrics before and after: the main thread's V8 heap (prom-client default
 * metrics) and, on PGlite, the database thread's wasm memory and V8 heap (vigil_pglite_memory_bytes).
 * Figures only, no assertions. The machine's load average is printed at start and end, and at the
 * start how fast it is at plain JavaScript, system calls and loopback round trips (bench/machine.ts).
 * The mixed load runs after the single calls, on the data they leave: the mobile alarm call (in the
 * default --calls) commits some 3,000 unacknowledged alarms to the organisation in its seconds, which
 * the mix's open-alarm and unread lists and today's report then carry (on PostgreSQL the closed loop
 * ran ~410-470 req/s after it against ~1,000-1,080 without it); `--calls isauthenticated,board,report`
 * measures the mix on the demo data as seeded.
 *
 *   npm run build && npx tsx bench/throughput.ts [--seconds 10] [--mixed-seconds 30] [--connections 50] [--users 50] [--user-rate 2]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/throughput.ts [--only pglite|postgres]
 * Options: --calls isauthenticated,board,report,alarm (a subset; notifications, employees and alarms —
 * the mix's other calls — can be named too; they run in the order named, so
 * `--calls alarm,notifications,report` measures the others on the alarms the mobile call leaves), --no-mixed, --port 18970 (server;
 * +1 bare), --cpu-prof <dir> (node --cpu-prof of the server, written when it exits), --server
 * <server.mjs> (another build, e.g. main's, for before/after figures), --log-level (LOG_LEVEL of the
 * server, default error as the other benches; info is the production default: two log lines a request),
 * --node-flags='<flags>' (V8/Node flags for the server's node, space-separated, with the = sign, e.g.
 * '--max-semi-space-size=32': the young generation's size, which only a start flag can set).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machineLine } from './machine.js';
import { cpuSeconds, databaseCpu, databaseCpuSince, demoDay, memoryMb } from './proc.js';
import { scratchDatabase } from './scratch-db.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'mixed-seconds': { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    users: { type: 'string', default: '50' },
    'user-rate': { type: 'string', default: '2' },
    only: { type: 'string' },
    calls: { type: 'string', default: 'isauthenticated,board,report,alarm' },
    'no-mixed': { type: 'boolean' },
    port: { type: 'string', default: '18970' },
    'cpu-prof': { type: 'string' },
    server: { type: 'string', default: 'apps/server/dist/server.mjs' },
    'log-level': { type: 'string', default: 'error' },
    'node-flags': { type: 'string', default: '' },
    bare: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const MIXED_SECONDS = Number(values['mixed-seconds']);
const CONNECTIONS = Number(values.connections);
const USERS = Number(values.users);
const USER_RATE = Number(values['user-rate']);
const PORT = Number(values.port);
const CALLS = new Set(values.calls.split(','));
const PASSWORD = 'Vigil-demo-2026';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The bare comparison server: Fastify 5, one POST whose JSON body is checked with zod, answering a small JSON. */
async function bareServer(port: number) {
  const { default: Fastify } = await import('fastify');
  const { z } = await import('zod');
  const Body = z.object({ case: z.string().max(100).optional() });
  const app = Fastify({ logger: false });
  app.post('/bare', async (req, reply) => {
    const parsed = Body.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ success: false });
    return { success: true, body: { authenticated: true, case: parsed.data.case ?? null } };
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

const METRICS_TOKEN = 'bench-throughput-metrics';

async function startServer(env: Record<string, string>, port: number) {
  const prof = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const nodeFlags = values['node-flags'].split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...prof, ...nodeFlags, path.resolve(ROOT, values.server)], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_DEMO: '1',
      LOG_LEVEL: values['log-level'],
      LOGIN_RATE_MAX: '100000',
      METRICS_TOKEN,
    },
    // The server's log lines (request logging at --log-level info) are written, but not shown.
    stdio: ['ignore', values['log-level'] === 'error' ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child);
  return { child, base };
}

/** A console session: cookie header and CSRF token. */
async function consoleLogin(base: string, email: string): Promise<Record<string, string>> {
  const csrfRes = await fetch(`${base}/security/csrf-token`);
  const jar = new Map(csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const res = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': csrfRes.headers.get('x-xsrf-token')!,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ username: email, password: PASSWORD, sessiontype: 'WEB' }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0]!.split('=') as [string, string];
    jar.set(k, v);
  }
  return {
    'content-type': 'application/json',
    'accept-language': 'en',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': res.headers.get('x-xsrf-token') ?? csrfRes.headers.get('x-xsrf-token')!,
  };
}

async function mobileLogin(base: string, email: string) {
  const res = await fetch(`${base}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  const json = (await res.json()) as {
    body: { Token: string; Branches: { BranchOfficeId: number; Latitude: number; Longitude: number }[] };
  };
  if (res.status !== 200) throw new Error(`mobile login ${email}: ${res.status}`);
  return json.body;
}

/** V8 heap figures of the server from its /metrics (prom-client default metrics, prefix vigil_). */
async function heapStatistics(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) return `(metrics: ${res.status})`;
  const text = await res.text();
  const value = (name: string) => Number(text.match(new RegExp(`^vigil_${name} (\\S+)`, 'm'))?.[1] ?? NaN);
  const spaces = [...text.matchAll(/^vigil_nodejs_heap_space_size_used_bytes\{space="(\w+)"\} (\S+)/gm)]
    .filter(([, , v]) => Number(v) > 1024 * 1024)
    .map(([, space, v]) => `${space} ${mb(Number(v))}`)
    .join(', ');
  const pglite = (part: string) => Number(text.match(new RegExp(`^vigil_pglite_memory_bytes\\{part="${part}"\\} (\\S+)`, 'm'))?.[1] ?? NaN);
  const thread = Number.isNaN(pglite('wasm'))
    ? ''
    : `; PGlite thread: wasm memory ${mb(pglite('wasm'))}, V8 heap used ${mb(pglite('heap_used'))} of ${mb(pglite('heap_total'))}, external ${mb(pglite('external'))}`;
  return `main V8 heap used ${mb(value('nodejs_heap_size_used_bytes'))} of ${mb(value('nodejs_heap_size_total_bytes'))}, external ${mb(value('nodejs_external_memory_bytes'))} (${spaces})${thread}`;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/** One autocannon run of `connections` connections for `seconds`. */
async function cannon(opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

const line = (label: string, f: Figures, bare?: Figures) =>
  `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms` +
  `${f.errors ? `  non-2xx/errors ${f.errors} of ${f.total}` : ''}${bare ? `  = ${((100 * f.rps) / bare.rps).toFixed(1)} % of bare` : ''}`;

/** One call of the mixed load. */
interface MixCall {
  /** Its --calls name when measured alone. */
  key: string;
  /** Its name in the mixed load's figures. */
  name: string;
  /** Its line's label when measured alone. */
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The mixed load: the console's everyday calls, each user sending them in this order. */
const MIX: MixCall[] = [
  {
    key: 'board',
    name: 'board',
    label: 'board getofficesv2 (org admin)',
    method: 'POST',
    path: '/api/client/getofficesv2',
    body: { case: 'GET-ALL-BRANCH-OFFICES' },
  },
  {
    key: 'notifications',
    name: 'unread notifications',
    label: 'unread notifications (mix)',
    method: 'GET',
    path: '/api/client/getnotificationsv2?type=all&notDone=true&limit=50',
  },
  {
    key: 'report',
    name: 'report page',
    label: 'report first page (GET-ALL-REPORTS)',
    method: 'POST',
    path: '/api/client/getnotifications',
    body: { case: 'GET-ALL-REPORTS', fromDate: demoDay(-30), toDate: demoDay(0), limit: 25 },
  },
  {
    key: 'employees',
    name: 'employees',
    label: 'employees first page (mix)',
    method: 'POST',
    path: '/api/client/getallemployees',
    body: { case: 'GET-ALL-EMPLOYEES', offset: 0, limit: 25 },
  },
  {
    key: 'alarms',
    name: 'open alarms',
    label: 'open alarms (mix)',
    method: 'GET',
    path: '/api/client/getnotificationsv2?type=alarms&notDone=true&limit=50',
  },
];

/** What a mixed-load run saw: every answer's latency (ms), by call of the mix too, and the statuses. */
interface MixFigures {
  rps: number;
  latencies: number[];
  byCall: number[][];
  statuses: Map<number, number>;
  total: number;
}

const MIX_NAMES = MIX.map((c) => c.name);

/**
 * The mix in a closed loop (autocannon, one connection per user): each user sends its next call as
 * soon as the last is answered — the server's capacity, where latency is users ÷ throughput
 * (Little's law).
 */
async function closedLoop(base: string, sessions: Record<string, string>[], mix: MixCall[]): Promise<MixFigures> {
  let next = 0;
  const requests: autocannon.Request[] = mix.map((c) => ({
    method: c.method,
    path: c.path,
    ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    setupRequest: (req, context) => {
      const ctx = context as { headers?: Record<string, string> };
      ctx.headers ??= sessions[next++ % sessions.length]!;
      // A copy: autocannon writes Content-Length into the headers object it is given.
      return { ...req, headers: { ...ctx.headers } };
    },
  }));
  const figures: MixFigures = { rps: 0, latencies: [], byCall: mix.map(() => []), statuses: new Map(), total: 0 };
  const answered = new Map<object, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections: sessions.length, duration: MIXED_SECONDS, requests }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
    // Each user sends the calls in turn, so a client's nth answer is call n mod the mix's length.
    instance.on('response', (client, status, _bytes, ms) => {
      const n = answered.get(client) ?? 0;
      answered.set(client, n + 1);
      figures.latencies.push(ms);
      figures.byCall[n % mix.length]!.push(ms);
      figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
    });
  });
  figures.rps = result.requests.average;
  figures.total = result.requests.total;
  return figures;
}

/**
 * The mix paced as people at consoles use it: each user sends one call every 1/`rate` s, from a
 * phase of its own drawn at random (people do not click in step: autocannon's `connectionRate`
 * sent every user's calls of a second back to back at the same instant, a burst of users × rate
 * calls each second that measured the burst's queue, not the load). A call not answered by the
 * user's next turn delays that user's next call (one call at a time per user). Latency: from the
 * call's send to its answer read whole (fetch, keep-alive).
 */
async function paced(base: string, sessions: Record<string, string>[], mix: MixCall[], rate: number): Promise<MixFigures> {
  const figures: MixFigures = { rps: 0, latencies: [], byCall: mix.map(() => []), statuses: new Map(), total: 0 };
  const periodMs = 1000 / rate;
  const started = performance.now();
  const endAt = started + MIXED_SECONDS * 1000;
  const user = async (headers: Record<string, string>) => {
    let due = started + Math.random() * periodMs;
    for (let i = 0; ; i++) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (performance.now() >= endAt) return;
      const call = mix[i % mix.length]!;
      const sent = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${base}${call.path}`, {
          method: call.method,
          headers,
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      const ms = performance.now() - sent;
      figures.latencies.push(ms);
      figures.byCall[i % mix.length]!.push(ms);
      figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
      figures.total++;
      due = Math.max(due + periodMs, performance.now());
    }
  };
  await Promise.all(sessions.map((h) => user(h)));
  figures.rps = figures.total / ((performance.now() - started) / 1000);
  return figures;
}

/** Prints a mixed-load run: requests/s, p50 / p95 / p99, p95 by call, and any answer that was not 2xx. */
function printMix(kind: string, mode: string, f: MixFigures) {
  const pct = (l: number[], p: number) => l[Math.min(l.length - 1, Math.floor((p / 100) * l.length))] ?? NaN;
  const all = [...f.latencies].sort((a, b) => a - b);
  const byCall = f.byCall
    .map(
      (l, i) =>
        `${MIX_NAMES[i]} ${pct(
          [...l].sort((a, b) => a - b),
          95,
        ).toFixed(0)} ms`,
    )
    .join(', ');
  const bad = [...f.statuses].filter(([s]) => s < 200 || s > 299).reduce((n, [, c]) => n + c, 0);
  console.log(
    `[${kind}] mixed load ${mode}, ${USERS} users for ${MIXED_SECONDS} s (${MIX_NAMES.join(', ')}): ` +
      `${f.rps.toFixed(0)} req/s, p50 ${pct(all, 50).toFixed(0)} ms, p95 ${pct(all, 95).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms; ` +
      `p95 by call: ${byCall}` +
      (bad ? `, non-2xx/errors ${bad} of ${f.total} (statuses ${JSON.stringify(Object.fromEntries(f.statuses))})` : ''),
  );
}

async function run(kind: 'pglite' | 'postgres', env: Record<string, string>, bareUrl: string) {
  const { child, base } = await startServer(env, PORT);
  const pid = child.pid!;
  console.log(`\n[${kind}] server ${pid} (apps/server/dist) ready; load average ${loadAverage()}`);
  try {
    const admin = await consoleLogin(base, 'orgadmin@example.com');
    const staff = await mobileLogin(base, 'staff@example.com');
    const branch = staff.Branches[0]!;
    // Warm-up: a few calls of each kind, so the first measured run does not pay for the caches.
    for (let i = 0; i < 5; i++) {
      await fetch(`${base}/api/client/getofficesv2`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ case: 'GET-ALL-BRANCH-OFFICES' }),
      });
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const before = memoryMb(pid);
    // From here VmHWM is the peak under the load (Linux: 5 in clear_refs resets it).
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    console.log(
      `[${kind}] RSS before the load ${before.rss.toFixed(0)} MB (start-up peak ${before.peak.toFixed(0)} MB); ${await heapStatistics(base)}`,
    );
    let sampledPeak = before.rss;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryMb(pid).rss)), 100);

    const bareRequest: autocannon.Options = {
      url: `${bareUrl}/bare`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ case: 'IS-AUTHENTICATED' }),
    };
    const calls: [key: string, label: string, opts: autocannon.Options][] = [
      ['isauthenticated', 'isauthenticated', { url: `${base}/api/client/isauthenticated`, method: 'POST', headers: admin, body: '{}' }],
      // The mix's calls one by one (board and report in the default --calls; name the others to see
      // where the mixed load's time goes).
      ...MIX.map((c): [string, string, autocannon.Options] => [
        c.key,
        c.label,
        {
          url: `${base}${c.path}`,
          method: c.method,
          headers: admin,
          ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
        },
      ]),
      [
        'alarm',
        'mobile alarm',
        {
          url: `${base}/api/mobile/alarm`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
          body: JSON.stringify({
            branchOfficeId: branch.BranchOfficeId,
            type: 'ALARM',
            latitude: branch.Latitude,
            longitude: branch.Longitude,
            message: 'throughput bench',
          }),
        },
      ],
    ];
    console.log(`[${kind}] ${CONNECTIONS} connections, ${SECONDS} s each, bare server then the call:`);
    // In the order --calls names them: `--calls alarm,report` measures the report page on the alarms
    // the mobile call leaves, as the mix sees it.
    for (const [, label, opts] of [...CALLS].flatMap((k) => calls.filter(([key]) => key === k))) {
      const bare = await cannon(bareRequest);
      const cpuBefore = cpuSeconds(pid);
      const dbBefore = kind === 'postgres' ? databaseCpu() : undefined;
      const f = await cannon(opts);
      const dbMs = dbBefore ? (databaseCpuSince(dbBefore) * 1000) / Math.max(1, f.total) : undefined;
      // The server's own CPU time per answer (all its threads; /proc ticks of 10 ms): unlike
      // requests/s, it hardly moves with what else the machine is doing.
      const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, f.total);
      console.log(line('bare Fastify 5 + zod body check', bare));
      console.log(
        `${line(label, f, bare)}  server CPU ${cpuMs.toFixed(2)} ms/answer${dbMs === undefined ? '' : `, PostgreSQL ${dbMs.toFixed(2)} ms/answer`}`,
      );
    }

    if (!values['no-mixed']) {
      // Each user has a session of its own and repeats the console's everyday calls.
      const sessions: Record<string, string>[] = [];
      for (let i = 0; i < USERS; i++) sessions.push(await consoleLogin(base, 'orgadmin@example.com'));
      printMix(kind, 'closed loop', await closedLoop(base, sessions, MIX));
      printMix(kind, `paced, ${USER_RATE} call/s each`, await paced(base, sessions, MIX, USER_RATE));
    }

    clearInterval(sampler);
    const peak = memoryMb(pid);
    await new Promise((r) => setTimeout(r, 5_000));
    const after = memoryMb(pid);
    console.log(
      `[${kind}] server RSS: before ${before.rss.toFixed(0)} MB, peak ${Math.max(peak.peak, sampledPeak).toFixed(0)} MB (VmHWM ${peak.peak.toFixed(0)} MB), 5 s after ${after.rss.toFixed(0)} MB; ${await heapStatistics(base)}`,
    );
    console.log(`[${kind}] load average ${loadAverage()}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

async function main() {
  console.log(`throughput bench; ${os.cpus().length} cores, load average ${loadAverage()}`);
  console.log(await machineLine());
  const bare = fork(fileURLToPath(import.meta.url), ['--bare', String(PORT + 1)], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    bare.once('message', () => resolve());
    bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  try {
    const bareUrl = `http://127.0.0.1:${PORT + 1}`;
    if (values.only !== 'postgres') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-throughput-'));
      try {
        await run('pglite', { VIGIL_DATA_DIR: dir, DATABASE_URL: '' }, bareUrl);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    if (process.env.BENCH_DATABASE_URL && values.only !== 'pglite') {
      const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL, 'vigil_throughput');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-throughput-'));
      try {
        await run('postgres', { DATABASE_URL: scratch.url, VIGIL_DATA_DIR: dir }, bareUrl);
      } finally {
        await scratch.release();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    bare.kill('SIGTERM');
  }
}

if (values.bare) await bareServer(Number(values.bare));
else await main();
