/**
 * Real-time latency benchmark (issue "Live branch monitoring", bench/latency): N console sockets
 * and M events per second posted through the mobile API; prints p50 / p95 / p99 from commit to
 * receipt on each
 * socket (from LoggedAtUTC, the event row's write time inside the committing transaction), whether
 * every socket received every event exactly once, and the server's RSS.
 * The server runs as its own process (src via tsx) on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL is set.
 *
 *   npx tsx bench/latency.ts [--sockets 1000] [--rate 200] [--seconds 10] [--client-processes 2] [--no-batch]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/latency.ts
 * It first prints how fast the machine is at plain JavaScript, system calls and loopback round trips
 * (bench/machine.ts): the deliveries are mostly system calls and wake-ups of other processes.
 * CPU profiles: BENCH_CPU_PROF=<dir> for the server (both its threads on PGlite),
 * BENCH_CLIENT_CPU_PROF=<dir> for the socket clients' processes.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { machineLine } from './machine.js';
import { cpuSeconds, memoryMb } from './proc.js';
import { scratchDatabase } from './scratch-db.js';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    clients: { type: 'boolean' },
    'no-batch': { type: 'boolean' },
    'client-processes': { type: 'string', default: '2' },
  },
});
const SOCKETS = Number(values.sockets);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
/** Sockets ask for frames holding several events (SocketInit.batch), as the web console does; --no-batch for one frame per event. */
const BATCH_FRAMES = !values['no-batch'];
/** Processes the console sockets are spread over (--client-processes). */
const CLIENT_PROCESSES = Math.max(1, Number(values['client-processes']));
const PASSWORD = 'Vigil-demo-2026';

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;

async function startServer(env: Record<string, string>, port: number) {
  // BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), VIGIL_DEMO: '1', LOG_LEVEL: 'error', LOGIN_RATE_MAX: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function consoleLogin(base: string, email: string) {
  const csrfRes = await fetch(`${base}/security/csrf-token`);
  const csrf = csrfRes.headers.get('x-xsrf-token')!;
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  const json = (await res.json()) as { body: { UserInfos: { Token: string; UserId: number } } };
  const newCsrf = res.headers.get('x-xsrf-token')!;
  const cookies = [...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const post = async <T>(p: string, body: unknown) =>
    (
      (await (
        await fetch(`${base}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': newCsrf, cookie: cookies },
          body: JSON.stringify(body),
        })
      ).json()) as { body: T }
    ).body;
  return { ...json.body.UserInfos, post };
}

/**
 * POSTs JSON with a bearer token over a keep-alive agent and parses the JSON answer; rejects on a
 * status other than 200. node:http rather than fetch: the poster shares the two cores with the
 * server and costs about a quarter of what undici's fetch did per request.
 */
function postJson(agent: http.Agent, url: string, token: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface ClientsData {
  base: string;
  token: string;
  userId: number;
  sockets: number;
}

/** Per socket: the bench events it received (count and sum of ids) and ids that did not increase. */
interface SocketTally {
  last: number;
  count: number;
  sum: number;
  repeated: number;
}

/**
 * The socket clients' process (`--clients`): opens the console sockets, reports `ready` when all
 * have replayed, then on `posted` waits until every socket has as many bench events as were posted
 * (30 s at most) and answers `result`: the latency histogram (ms buckets) and missing / duplicate
 * deliveries. Bookkeeping is kept flat (counters and one histogram, no per-event objects), so this
 * process's garbage collector does not pause deliveries and pollute the tail it measures.
 * Exactly once: the server sends each socket strictly increasing ids, so a socket whose bench ids
 * always increased, whose count equals the posted count and whose id sum equals theirs, got each
 * posted event once.
 */
async function socketClients({ base, token, userId, sockets: count }: ClientsData) {
  const histogram = new Uint32Array(HISTOGRAM_MS + 1);
  const tallies: SocketTally[] = [];
  const sockets: WebSocket[] = [];
  let ready = 0;
  for (let i = 0; i < count; i++) {
    const tally: SocketTally = { last: 0, count: 0, sum: 0, repeated: 0 };
    tallies.push(tally);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/_socket`);
    sockets.push(ws);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'init', token, userId, batch: BATCH_FRAMES })));
    // Lean on purpose: this process reads every frame of every socket on the same two cores as the
    // server. Event messages start {"type":"…","id":N and carry LoggedAtUTC; with `batch` a frame
    // may hold an array of them.
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      // One latin1 copy and V8's string search: Buffer#indexOf with a string needle converts the
      // needle on every call and was half of this process's time.
      const text = data.toString('latin1');
      if (text.startsWith('{"type":"ready"')) {
        ready++;
        return;
      }
      for (let at = text.indexOf('{"type":"'); at >= 0;) {
        const next = text.indexOf('{"type":"', at + 9);
        const end = next < 0 ? text.length : next;
        const idAt = text.indexOf('","id":', at);
        const bench = text.indexOf('"MessageContent":"bench"', at);
        if (idAt > 0 && idAt < at + 40 && bench > 0 && bench < end) {
          let id = 0;
          for (let k = idAt + 7; k < end; k++) {
            const c = text.charCodeAt(k);
            if (c < 48 || c > 57) break;
            id = id * 10 + (c - 48);
          }
          if (id <= tally.last) tally.repeated++;
          tally.last = Math.max(tally.last, id);
          tally.count++;
          tally.sum += id;
          const t = text.indexOf('"LoggedAtUTC":"', at);
          if (t > 0 && t < end) histogram[Math.min(HISTOGRAM_MS, Math.max(0, now - Date.parse(text.slice(t + 15, t + 39))))]!++;
        }
        at = next;
      }
    });
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  for (let i = 0; i < 600 && ready < count; i++) await new Promise((r) => setTimeout(r, 100));
  process.send!({ type: 'ready', ready });
  const { ids } = await new Promise<{ ids: number[] }>((r) => process.once('message', r as (m: unknown) => void));
  const sum = ids.reduce((a, b) => a + b, 0);
  for (let i = 0; i < 300 && tallies.some((t) => t.count < ids.length); i++) await new Promise((r) => setTimeout(r, 100));
  let missing = 0;
  let duplicates = 0;
  for (const t of tallies) {
    missing += Math.max(0, ids.length - t.count);
    duplicates += t.repeated + Math.max(0, t.count - ids.length);
    if (t.count === ids.length && t.repeated === 0 && t.sum !== sum) missing++; // other ids than those posted
  }
  for (const ws of sockets) ws.terminate();
  // Exits on its own once the result is sent, so a CPU profile (BENCH_CLIENT_CPU_PROF) is written.
  process.send!({ type: 'result', histogram: [...histogram], missing, duplicates, cpuSeconds: cpuSeconds(process.pid) }, () =>
    process.exit(0),
  );
}

/** Latencies above this many ms count in the last bucket. */
const HISTOGRAM_MS = 60_000;

/** The p-th percentile (ms) of a histogram of ms buckets. */
function histogramPercentile(histogram: number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen > (p / 100) * total) return ms;
  }
  return histogram.length - 1;
}

async function run(label: string, env: Record<string, string>, port: number) {
  const { child, base } = await startServer(env, port);
  try {
    const officer = await consoleLogin(base, 'officer@example.com');
    // Posters: active staff of the branches the officer sees.
    const branches = (
      await officer.post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
      })
    ).organizationobject;
    const posters: { token: string; branchOfficeId: number }[] = [];
    for (const b of branches.slice(0, 20)) {
      const people = await officer.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>(
        '/api/client/getbranchemployees',
        { param_branchid: b.BranchOfficeId },
      );
      const p = people.userobject.find((u) => u.StatusId === 1 && u.RoleId === 7);
      if (!p) continue;
      const r = await fetch(`${base}/api/mobile/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: p.Email, password: PASSWORD }),
      });
      if (r.ok) posters.push({ token: ((await r.json()) as { body: { Token: string } }).body.Token, branchOfficeId: b.BranchOfficeId });
    }

    // Sockets, read by a process of their own so the poster's timing below is not held up by them.
    const posted = new Set<number>();
    // The consoles are split over CLIENT_PROCESSES processes, as independent browsers would be.
    const group = (i: number) => Math.floor(SOCKETS / CLIENT_PROCESSES) + (i < SOCKETS % CLIENT_PROCESSES ? 1 : 0);
    const clientProcs: ChildProcess[] = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
      fork(fileURLToPath(import.meta.url), ['--clients', ...(BATCH_FRAMES ? [] : ['--no-batch'])], {
        execArgv: [
          ...(process.env.BENCH_CLIENT_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CLIENT_CPU_PROF] : []),
          '--import',
          'tsx',
        ],
        env: {
          ...process.env,
          BENCH_CLIENTS: JSON.stringify({ base, token: officer.Token, userId: officer.UserId, sockets: group(i) } satisfies ClientsData),
        },
      }),
    );
    const fromClient = <T>(proc: ChildProcess, type: string) =>
      new Promise<T>((resolve, reject) => {
        const on = (m: unknown) => {
          if ((m as { type: string }).type === type) {
            proc.off('message', on);
            resolve(m as T);
          }
        };
        proc.on('message', on);
        proc.once('exit', (code) => reject(new Error(`socket clients exited (${code})`)));
      });
    const fromClients = async <T>(type: string) => Promise.all(clientProcs.map((proc) => fromClient<T>(proc, type)));
    const ready = (await fromClients<{ ready: number }>('ready')).reduce((a, r) => a + r.ready, 0);
    const afterSockets = memoryMb(child.pid!);

    // Load: RATE events per second for SECONDS through the mobile API.
    // Open loop at RATE per second, but at most MAX_INFLIGHT requests outstanding: when the server
    // cannot keep up, the achieved rate below says so instead of the client piling up connections.
    const MAX_INFLIGHT = 64;
    const total = RATE * SECONDS;
    const started = Date.now();
    const serverCpu0 = cpuSeconds(child.pid!);
    const benchCpu0 = process.cpuUsage();
    const clientsCpu0 = clientProcs.reduce((a, proc) => a + cpuSeconds(proc.pid!), 0);
    const postMs: number[] = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_INFLIGHT });
    let sent = 0;
    let open = 0;
    let failed = 0;
    const inflight: Promise<void>[] = [];
    while (sent < total) {
      const due = Math.floor(((Date.now() - started) / 1000) * RATE);
      while (sent < Math.min(due, total) && open < MAX_INFLIGHT) {
        const p = posters[sent % posters.length]!;
        sent++;
        open++;
        const t0 = performance.now();
        inflight.push(
          postJson(agent, `${base}/api/mobile/alarm`, p.token, { branchOfficeId: p.branchOfficeId, type: 'TROUBLE', message: 'bench' })
            .then((r) => {
              posted.add((r as { body: { NotificationId: number } }).body.NotificationId);
              postMs.push(performance.now() - t0);
            })
            .catch(() => {
              failed++;
            })
            .finally(() => {
              open--;
            }),
        );
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(inflight);
    if (failed) console.log(`[${label}] ${failed} posts failed`);
    const postSeconds = (Date.now() - started) / 1000;
    for (const proc of clientProcs) proc.send({ type: 'posted', ids: [...posted] });
    const results = await fromClients<{ histogram: number[]; missing: number; duplicates: number; cpuSeconds: number }>('result');
    const result = {
      histogram: results[0]!.histogram.map((_, ms) => results.reduce((a, r) => a + r.histogram[ms]!, 0)),
      missing: results.reduce((a, r) => a + r.missing, 0),
      duplicates: results.reduce((a, r) => a + r.duplicates, 0),
      cpuSeconds: results.reduce((a, r) => a + r.cpuSeconds, 0),
    };
    const loadSeconds = (Date.now() - started) / 1000;
    const serverCpu = (cpuSeconds(child.pid!) - serverCpu0) / loadSeconds;
    const benchUsage = process.cpuUsage(benchCpu0);
    const posterCpu = (benchUsage.user + benchUsage.system) / 1e6 / loadSeconds;
    const clientsCpu = (result.cpuSeconds - clientsCpu0) / loadSeconds;
    const { histogram, missing, duplicates } = result;
    const deliveries = histogram.reduce((a, b) => a + b, 0);
    const maxMs = histogram.findLastIndex((n) => n > 0);
    const mem = memoryMb(child.pid!);
    console.log(
      `\n[${label}] ${ready}/${SOCKETS} sockets, ${posted.size} events posted in ${postSeconds.toFixed(1)} s (${(posted.size / postSeconds).toFixed(0)}/s) by ${posters.length} mobile users`,
    );
    const q = (p: number) => histogramPercentile(histogram, p);
    console.log(
      `[${label}] commit→receipt over ${deliveries} deliveries: p50 ${q(50)} ms, p95 ${q(95)} ms, p99 ${q(99)} ms, max ${maxMs} ms`,
    );
    postMs.sort((x, y) => x - y);
    console.log(
      `[${label}] mobile API answer time: p50 ${pct(postMs, 50).toFixed(0)} ms, p95 ${pct(postMs, 95).toFixed(0)} ms, p99 ${pct(postMs, 99).toFixed(0)} ms`,
    );
    console.log(
      `[${label}] exactly once: ${missing === 0 && duplicates === 0 ? 'yes' : 'NO'} (missing ${missing}, duplicates ${duplicates})`,
    );
    console.log(
      `[${label}] CPU during load and delivery: server ${(serverCpu * 100).toFixed(0)}% of a core, socket clients (${CLIENT_PROCESSES} processes) ${(clientsCpu * 100).toFixed(0)}%, poster ${(posterCpu * 100).toFixed(0)}%`,
    );
    console.log(
      `[${label}] server RSS: ${afterSockets.rss.toFixed(0)} MB with sockets open, ${mem.rss.toFixed(0)} MB after load, peak ${mem.peak.toFixed(0)} MB`,
    );
    await Promise.all(clientProcs.map((proc) => (proc.exitCode === null ? new Promise((r) => proc.once('exit', r)) : undefined)));
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (!values.clients) {
  console.log(await machineLine());
  if (values.only !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
    await run('pglite', { VIGIL_DATA_DIR: dir, DATABASE_URL: '' }, 18_991);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL && values.only !== 'pglite') {
    const scratch = await scratchDatabase(process.env.BENCH_DATABASE_URL, 'vigil_bench');
    try {
      await run('postgres', { DATABASE_URL: scratch.url }, 18_992);
    } finally {
      await scratch.release();
    }
  }
} else {
  await socketClients(JSON.parse(process.env.BENCH_CLIENTS!) as ClientsData);
}
