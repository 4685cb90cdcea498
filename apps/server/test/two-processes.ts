/**
 * Two server processes on one fresh PostgreSQL database, for the tests of what nodes tell each
 * other (session-cache.test.ts, board-cache.test.ts), and `startNode` for any server process
 * (operations.test.ts): A runs in the test's process
 * (startServerOn), B as a process of its own (apps/server/src/server.ts through tsx), so B's
 * caches are not A's and only NOTIFY links them. Call inside a `describe`: it registers the
 * beforeAll / afterAll that start and stop both and drop the database.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabaseUrl, startServerOn, type TestServer } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A loopback port free now. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/**
 * Starts the server (apps/server/src/server.ts through tsx) as its own process with `env` added
 * (no demo data unless VIGIL_DEMO is given); `ready` once it listens, `exited` with its exit code,
 * `output()` what it printed.
 */
export function startNode(env: Record<string, string>) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: path.resolve(serverDir, '../..'),
    env: { ...process.env, LOG_LEVEL: 'warn', LOGIN_RATE_MAX: '1000', VIGIL_DEMO: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('console on') && resolve());
    void exited.then((code) => reject(new Error(`node exited ${code}:\n${out}`)));
  });
  return { child, ready, exited, output: () => out };
}

/**
 * Server A (in process, demo data) and server B (its own process, `envB` added to its
 * environment) on one fresh PostgreSQL database; read `a` and `bUrl` inside the tests.
 */
export function twoServerProcesses(envB: Record<string, string> = {}) {
  let a: TestServer | undefined;
  let b: ReturnType<typeof startNode> | undefined;
  let bUrl = '';
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const target = await freshDatabaseUrl('postgres');
    drop = target.drop;
    a = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' });
    const port = await freePort();
    b = startNode({ ...envB, DATABASE_URL: target.url!, PORT: String(port), HOST: '127.0.0.1' });
    await b.ready;
    bUrl = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(async () => {
    b?.child.kill('SIGTERM');
    await b?.exited;
    await a?.close();
    await drop?.();
  });
  return {
    get a(): TestServer {
      return a!;
    },
    get bUrl(): string {
      return bUrl;
    },
    /** B's process id (to pause it: SIGSTOP / SIGCONT). */
    get bPid(): number {
      return b!.child.pid!;
    },
  };
}
