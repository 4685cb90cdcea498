/**
 * Behind a real reverse proxy (docs/OPERATIONS.md "Behind nginx"): Debian's nginx in front of two
 * server processes on one PostgreSQL database. A console signed in through the proxy receives
 * mobile alarms posted to either node, and the per-IP login limit sees the client's own address
 * through the proxy (TRUST_PROXY), whatever X-Forwarded-For the client writes.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and nginx (`npm test` installs Debian's nginx-light as it
 * installs Chromium); without them it is skipped with the reason printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, SocketClient, freshDatabaseUrl, mobileLogin } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const why = !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : !NGINX ? 'nginx is not installed' : undefined;
if (why) console.log(`proxy.test.ts skipped: ${why}`);

/** The proxy reaches the nodes from this address, the only one they trust. */
const PROXY_ADDRESS = '127.0.0.3';

function startNode(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('console on') && resolve());
    child.on('exit', (code) => reject(new Error(`node exited ${code}:\n${out}`)));
  });
  return { child, ready };
}

/** One HTTP request through the proxy from source address `from`: status, headers and body. */
function request(
  proxyPort: number,
  from: string,
  method: string,
  urlPath: string,
  headers: Record<string, string | number>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, localAddress: from, method, path: urlPath, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A wrong login through the proxy from source address `from` (CSRF token first, as the console does), with a forged X-Forwarded-For. */
async function loginFrom(proxyPort: number, from: string, forged: string): Promise<number> {
  const token = await request(proxyPort, from, 'GET', '/security/csrf-token', { 'x-forwarded-for': forged });
  const cookie = (token.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const body = JSON.stringify({ username: 'manager@example.com', password: 'wrong-password', sessiontype: 'WEB' });
  const res = await request(
    proxyPort,
    from,
    'POST',
    '/api/client/login',
    {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-forwarded-for': forged,
      'x-xsrf-token': String(token.headers['x-xsrf-token'] ?? ''),
      cookie,
    },
    body,
  );
  return res.status;
}

describe.skipIf(!!why)('two nodes behind nginx on PostgreSQL', () => {
  const ports = Array.from({ length: 3 }, (_, i) => 20_100 + Math.floor(Math.random() * 300) * 3 + i);
  const [proxyPort, portA, portB] = ports as [number, number, number];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-nginx-'));
  const nodes: ReturnType<typeof startNode>[] = [];
  let nginx: ChildProcess | undefined;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const target = await freshDatabaseUrl('postgres');
    drop = target.drop;
    const env = {
      DATABASE_URL: target.url!,
      VIGIL_DEMO: '1',
      TRUST_PROXY: PROXY_ADDRESS,
      LOGIN_RATE_MAX: '3',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    };
    nodes.push(startNode({ ...env, PORT: String(portA) }), startNode({ ...env, PORT: String(portB) }));
    await Promise.all(nodes.map((n) => n.ready));
    const conf = fs
      .readFileSync(path.join(repoRoot, 'docs/OPERATIONS.md'), 'utf8')
      .match(/```nginx\n([\s\S]*?)```/)![1]!
      .replace(/server 10\.0\.0\.11:8080;\s*server 10\.0\.0\.12:8080;/, `server 127.0.0.1:${portA}; server 127.0.0.1:${portB};`)
      .replace('listen 443 ssl;', `listen 127.0.0.1:${proxyPort};`)
      .replace(/location \/_socket \{/, `location /_socket {\n        proxy_bind ${PROXY_ADDRESS};`)
      .replace(/location \/ \{/, `location / {\n        proxy_bind ${PROXY_ADDRESS};`);
    // The documented server block, as is, in a minimal main configuration of its own.
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      `daemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents {}\nhttp {\n` +
        `access_log off;\nclient_body_temp_path ${prefix}/body;\nproxy_temp_path ${prefix}/proxy;\n` +
        `fastcgi_temp_path ${prefix}/fastcgi;\nuwsgi_temp_path ${prefix}/uwsgi;\nscgi_temp_path ${prefix}/scgi;\n${conf}\n}\n`,
    );
    const check = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${proxyPort}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nginx did not come up: ${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
  }, 240_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const n of nodes) n.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    await drop();
    fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('a console signed in through the proxy receives mobile alarms posted to either node', async () => {
    const base = `http://127.0.0.1:${proxyPort}`;
    const c = new ApiClient(base);
    const infos = ((await c.login('operator@example.com', 'Vigil-demo-2026')).json.body as { UserInfos: { Token: string; UserId: number } })
      .UserInfos;
    const socket = await SocketClient.connect(base, infos.Token, infos.UserId);
    for (const port of [portA, portB]) {
      const staff = await mobileLogin(`http://127.0.0.1:${port}`, 'staff@example.com');
      const b = staff.Branches[0]!;
      const r = await staff.call<{ NotificationId: number }>('alarm', {
        branchOfficeId: b.BranchOfficeId,
        type: 'PANIC',
        latitude: b.Latitude,
        longitude: b.Longitude,
      });
      expect(r.status).toBe(200);
      await socket.waitFor((m) => 'id' in m && m.id === r.json.body!.NotificationId, 5_000);
    }
    socket.close();
  });

  it("the per-IP login limit counts the client's own address behind the proxy, not a forged X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await loginFrom(proxyPort, '127.0.0.1', `203.0.113.${i + 1}`));
    // Three attempts allowed (LOGIN_RATE_MAX=3), then refused, although each forged another address.
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another client (another address) is not held back by the first one's attempts.
    expect(await loginFrom(proxyPort, '127.0.0.5', '203.0.113.1')).not.toBe(429);
  });
});
