/**
 * What the benchmarks read of a process and of a download (Linux /proc): resident memory, CPU
 * time, and a streamed response's size, lines and time to first byte; and the built server they
 * start, the mobile calls they make, and the demo branches' days.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { localDate } from '@vigil/contract';

/**
 * The date `offset` days from today (YYYY-MM-DD) on the demo branches' own days (all are in
 * Europe/Tirane; report dates are branch-local days, spec §5, contract localDate), as a console
 * user there picks it. A UTC date is Tirana's yesterday from 23:00 to 24:00 UTC: a report's range
 * then ends before the newest events, which its page walks past and skips (bench/throughput gave
 * a third of its figures at that hour).
 */
export function demoDay(offset: number): string {
  return localDate(new Date(Date.now() + offset * 86_400_000).toISOString(), 'Europe/Tirane');
}

/** VmRSS (now) and VmHWM (peak since start or the last reset) of a process, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** User + system CPU seconds in the text of a /proc/<pid>/stat (clock ticks of 10 ms). */
function statCpuSeconds(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** User + system CPU time a process has used so far, in seconds (clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  return statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU time (user + system, seconds) of every PostgreSQL process on this machine now, by pid: the
 * server's backends, and its checkpointer, WAL writer and autovacuum. Diff two readings with
 * `databaseCpuSince` for the database's share of a load (the local PostgreSQL the benches use).
 */
export function databaseCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) byPid.set(Number(entry), statCpuSeconds(stat));
    } catch {
      /* ended meanwhile */
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU seconds since `before` (a `databaseCpu()` reading): the growth of the processes
 * seen then, plus the whole time of those started since. A process that ended in between is missed
 * (the pool keeps its connections under load).
 */
export function databaseCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of databaseCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Reads a streamed response to its end: bytes, line feeds, and ms from `startedAt` to the first chunk. */
export async function readDownload(res: Response, startedAt: number): Promise<{ bytes: number; lines: number; firstByteMs: number }> {
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!bytes) firstByteMs = performance.now() - startedAt;
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  return { bytes, lines, firstByteMs };
}

/**
 * This network namespace's UDP counters (/proc/net/snmp): datagrams received, and those the kernel
 * dropped because a socket's receive buffer was full (RcvbufErrors) — a receiver that did not read
 * its socket in time, not the network.
 */
export function udpCounters(): { inDatagrams: number; rcvbufErrors: number } {
  const lines = fs
    .readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('Udp:'));
  const names = lines[0]!.split(/\s+/);
  const values = lines[1]!.split(/\s+/).map(Number);
  const get = (k: string) => values[names.indexOf(k)] ?? NaN;
  return { inDatagrams: get('InDatagrams'), rcvbufErrors: get('RcvbufErrors') };
}

/**
 * Datagrams the kernel dropped on the UDP sockets of process `pid` (full receive buffer; the
 * `drops` column of /proc/net/udp and udp6 for the socket inodes among its open files), summed
 * over its sockets open now, since each was opened.
 */
export function udpSocketDrops(pid: number): { sockets: number; drops: number } {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = fs.readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  let sockets = 0;
  let drops = 0;
  for (const table of ['/proc/net/udp', '/proc/net/udp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 13 || !inodes.has(f[9]!)) continue;
      sockets++;
      drops += Number(f[12]);
    }
  }
  return { sockets, drops };
}

/**
 * Starts the production bundle (apps/server/dist/server.mjs, `npm run build` first) on
 * 127.0.0.1:`port` with `env` added to this process's environment (VIGIL_DATA_DIR, VIGIL_DEMO,
 * DATABASE_URL…) and resolves once /healthz answers; refuses a port already answering, and gives
 * up after `waitSeconds` (a first start on fresh scale data may build new migrations' indexes).
 * BENCH_SERVER_CPU_PROF=<dir> in the environment: the server writes its CPU profile (node --cpu-prof) there when it exits.
 */
export async function startBuiltServer(port: number, env: Record<string, string>, waitSeconds = 180): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is in use: pick another with --port`);
  // BENCH_SERVER_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_CPU_PROF] : [];
  const child = spawn(process.execPath, [...prof, 'apps/server/dist/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < waitSeconds * 2; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** POST /api/mobile/`p` on `base` (Bearer `token` when given); the answer's body. @throws on any status but 200. */
export async function mobileCall<T>(base: string, token: string | null, p: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/mobile/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { body: T };
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.body;
}
