/**
 * Real-time latency benchmark (issue "Live branch monitoring", bench/latency): N console sockets
 * and M events per second posted through the mobile API; prints p50 / p95 / p99 from commit to
 * receipt on each
 * socket (from LoggedAtUTC, the event row's write time inside the committing transaction), whether
 * every socket received every event exactly once, and the server's RSS.
 * The server runs as its own process (src via tsx) on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL is set.
 *
 *   npx tsx bench/latency.ts [--sockets 1000] [--rate 200] [--seconds 10] [--no-batch]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/latency.ts
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { cpuSeconds, memoryMb } from './proc.js';

const { values } = parseArgs({ options: { sockets: { type: 'string', default: '1000' }, rate: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' }, only: { type: 'string' }, clients: { type: 'boolean' }, 'no-batch': { type: 'boolean' } } });
const SOCKETS = Number(values.sockets);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
/** Sockets ask for frames holding several events (SocketInit.batch), as the web console does; --no-batch for one frame per event. */
const BATCH_FRAMES = !values['no-batch'];
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
    try { if ((await fetch(`${base}/healthz`)).ok) return { child, base }; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function consoleLogin(base: string, email: string) {
  const csrfRes = await fetch(`${base}/security/csrf-token`);
  const csrf = csrfRes.headers.get('x-xsrf-token')!;
  const cookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const res = await fetch(`${base}/api/client/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie }, body: JSON.stringify({ username: email, password: PASSWORD }) });
  const json = (await res.json()) as { body: { UserInfos: { Token: string; UserId: number } } };
  const newCsrf = res.headers.get('x-xsrf-token')!;
  const cookies = [...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const post = async <T>(p: string, body: unknown) => ((await (await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': newCsrf, cookie: cookies }, body: JSON.stringify(body) })).json()) as { body: T }).body;
  return { ...json.body.UserInfos, post };
}

interface ClientsData { base: string; token: string; userId: number; sockets: number }

/**
 * The socket clients' process (`--clients`): opens the console sockets, reports `ready` when all have replayed, then on
 * `posted` waits until every socket has every posted event (30 s at most) and answers `result`:
 * commit→receipt latencies of the posted events (sorted, ms), and missing / duplicate deliveries.
 */
async function socketClients({ base, token, userId, sockets: count }: ClientsData) {
  const latencies: number[] = [];
  const received: Map<number, number>[] = [];
  const sockets: WebSocket[] = [];
  let ready = 0;
  for (let i = 0; i < count; i++) {
    const seen = new Map<number, number>();
    received.push(seen);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/_socket`);
    sockets.push(ws);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'init', token, userId, batch: BATCH_FRAMES })));
    // Lean on purpose: this process reads every frame of every socket on the same two cores as the
    // server. Event messages start {"type":"…","id":N and carry LoggedAtUTC; with `batch` a frame
    // may hold an array of them.
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      if (data.indexOf('{"type":"ready"') === 0) { ready++; return; }
      for (let at = data.indexOf('{"type":"'); at >= 0; ) {
        const next = data.indexOf('{"type":"', at + 9);
        const end = next < 0 ? data.length : next;
        const idAt = data.indexOf('","id":', at);
        if (idAt > 0 && idAt < at + 40) {
          let id = 0;
          for (let k = idAt + 7; k < end; k++) {
            const c = data[k]!;
            if (c < 48 || c > 57) break;
            id = id * 10 + (c - 48);
          }
          seen.set(id, (seen.get(id) ?? 0) + 1);
          const bench = data.indexOf('"MessageContent":"bench"', at);
          const t = data.indexOf('"LoggedAtUTC":"', at);
          if (bench > 0 && bench < end && t > 0 && t < end) latencies.push(now - Date.parse(data.toString('latin1', t + 15, t + 39)));
        }
        at = next;
      }
    });
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  for (let i = 0; i < 600 && ready < count; i++) await new Promise((r) => setTimeout(r, 100));
  process.send!({ type: 'ready', ready });
  const { ids } = await new Promise<{ ids: number[] }>((r) => process.once('message', r as (m: unknown) => void));
  for (let i = 0; i < 300; i++) {
    if (received.every((m) => ids.every((id) => m.has(id)))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let missing = 0;
  let duplicates = 0;
  for (const m of received) for (const id of ids) { const n = m.get(id) ?? 0; if (n === 0) missing++; if (n > 1) duplicates += n - 1; }
  latencies.sort((x, y) => x - y);
  process.send!({ type: 'result', latencies, missing, duplicates, cpuSeconds: cpuSeconds(process.pid) });
  for (const ws of sockets) ws.terminate();
}

async function run(label: string, env: Record<string, string>, port: number) {
  const { child, base } = await startServer(env, port);
  try {
    const officer = await consoleLogin(base, 'officer@example.com');
    // Posters: active staff of the branches the officer sees.
    const branches = (await officer.post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES' })).organizationobject;
    const posters: { token: string; branchOfficeId: number }[] = [];
    for (const b of branches.slice(0, 20)) {
      const people = await officer.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>('/api/client/getbranchemployees', { param_branchid: b.BranchOfficeId });
      const p = people.userobject.find((u) => u.StatusId === 1 && u.RoleId === 7);
      if (!p) continue;
      const r = await fetch(`${base}/api/mobile/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: p.Email, password: PASSWORD }) });
      if (r.ok) posters.push({ token: ((await r.json()) as { body: { Token: string } }).body.Token, branchOfficeId: b.BranchOfficeId });
    }

    // Sockets, read by a process of their own so the poster's timing below is not held up by them.
    const posted = new Set<number>();
    const clients: ChildProcess = fork(fileURLToPath(import.meta.url), ['--clients', ...(BATCH_FRAMES ? [] : ['--no-batch'])], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ base, token: officer.Token, userId: officer.UserId, sockets: SOCKETS } satisfies ClientsData) },
    });
    const fromClients = <T>(type: string) => new Promise<T>((resolve, reject) => {
      const on = (m: unknown) => { if ((m as { type: string }).type === type) { clients.off('message', on); resolve(m as T); } };
      clients.on('message', on);
      clients.once('exit', (code) => reject(new Error(`socket clients exited (${code})`)));
    });
    const { ready } = await fromClients<{ ready: number }>('ready');
    const afterSockets = memoryMb(child.pid!);

    // Load: RATE events per second for SECONDS through the mobile API.
    // Open loop at RATE per second, but at most MAX_INFLIGHT requests outstanding: when the server
    // cannot keep up, the achieved rate below says so instead of the client piling up connections.
    const MAX_INFLIGHT = 64;
    const total = RATE * SECONDS;
    const started = Date.now();
    const serverCpu0 = cpuSeconds(child.pid!);
    const benchCpu0 = process.cpuUsage();
    const clientsCpu0 = cpuSeconds(clients.pid!);
    const postMs: number[] = [];
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
          fetch(`${base}/api/mobile/alarm`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` }, body: JSON.stringify({ branchOfficeId: p.branchOfficeId, type: 'TROUBLE', message: 'bench' }) })
            .then(async (r) => { posted.add(((await r.json()) as { body: { NotificationId: number } }).body.NotificationId); postMs.push(performance.now() - t0); })
            .catch(() => { failed++; })
            .finally(() => { open--; }),
        );
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(inflight);
    if (failed) console.log(`[${label}] ${failed} posts failed`);
    const postSeconds = (Date.now() - started) / 1000;
    clients.send({ type: 'posted', ids: [...posted] });
    const result = await fromClients<{ latencies: number[]; missing: number; duplicates: number; cpuSeconds: number }>('result');
    const loadSeconds = (Date.now() - started) / 1000;
    const serverCpu = (cpuSeconds(child.pid!) - serverCpu0) / loadSeconds;
    const benchUsage = process.cpuUsage(benchCpu0);
    const posterCpu = (benchUsage.user + benchUsage.system) / 1e6 / loadSeconds;
    const clientsCpu = (result.cpuSeconds - clientsCpu0) / loadSeconds;
    const { latencies, missing, duplicates } = result;
    const mem = memoryMb(child.pid!);
    console.log(`\n[${label}] ${ready}/${SOCKETS} sockets, ${posted.size} events posted in ${postSeconds.toFixed(1)} s (${(posted.size / postSeconds).toFixed(0)}/s) by ${posters.length} mobile users`);
    console.log(`[${label}] commit→receipt over ${latencies.length} deliveries: p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies[latencies.length - 1]} ms`);
    postMs.sort((x, y) => x - y);
    console.log(`[${label}] mobile API answer time: p50 ${pct(postMs, 50).toFixed(0)} ms, p95 ${pct(postMs, 95).toFixed(0)} ms, p99 ${pct(postMs, 99).toFixed(0)} ms`);
    console.log(`[${label}] exactly once: ${missing === 0 && duplicates === 0 ? 'yes' : 'NO'} (missing ${missing}, duplicates ${duplicates})`);
    console.log(`[${label}] CPU during load and delivery: server ${(serverCpu * 100).toFixed(0)}% of a core, socket clients ${(clientsCpu * 100).toFixed(0)}%, poster ${(posterCpu * 100).toFixed(0)}%`);
    console.log(`[${label}] server RSS: ${afterSockets.rss.toFixed(0)} MB with sockets open, ${mem.rss.toFixed(0)} MB after load, peak ${mem.peak.toFixed(0)} MB`);
    clients.kill();
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (!values.clients) {
  if (values.only !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
    await run('pglite', { VIGIL_DATA_DIR: dir, DATABASE_URL: '' }, 18_991);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL && values.only !== 'pglite') {
    const baseUrl = process.env.BENCH_DATABASE_URL;
    const name = `vigil_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      await run('postgres', { DATABASE_URL: url.toString() }, 18_992);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} else {
  await socketClients(JSON.parse(process.env.BENCH_CLIENTS!) as ClientsData);
}
