/**
 * Operations (docs/OPERATIONS.md): readiness and metrics, two nodes seeding the demo at once on an
 * empty PostgreSQL database, and a clean stop on SIGTERM during a burst of alarms that loses none.
 * Real server processes (tsx) on real databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketEvent } from '@vigil/contract';
import { ApiClient, DB_KINDS, SocketClient, freshDatabaseUrl, mobileLogin, startTestServer, type TestServer } from './helpers.js';
import { startNode } from './two-processes.js';

let nextPort = 19_400 + Math.floor(Math.random() * 400);

describe.each(DB_KINDS)('readiness and metrics on %s', (kind) => {
  let server: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { METRICS_TOKEN: 'scrape-secret-1' });
    plain = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  it('/readyz is 200 while serving and 503 once the node drains', async () => {
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    server.app.draining = true;
    const res = await fetch(`${server.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    server.app.draining = false;
  });

  it('/metrics needs the bearer token, and is absent without METRICS_TOKEN', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-secret-1' } })).status).toBe(401);
    expect((await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-secret-1' } })).status).toBe(404);
  });

  it('/metrics reports requests by route, sockets, event-log lag, unacknowledged alarms and memory', async () => {
    const c = new ApiClient(server.baseUrl);
    const login = await c.login('operator@example.com');
    const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    const socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const res = await staff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: b.BranchOfficeId,
      type: 'PANIC',
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    await socket.waitFor((m) => 'id' in m && m.id === res.json.body!.NotificationId);
    const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer scrape-secret-1' } })).text();
    socket.close();
    expect(text).toMatch(/vigil_http_requests_total\{method="POST",route="\/api\/mobile\/alarm",status="200"\} 1/);
    expect(text).toMatch(/vigil_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/mobile\/alarm"\} 1/);
    expect(text).toMatch(/^vigil_open_sockets [1-9]/m);
    expect(text).toMatch(/^vigil_event_log_lag_seconds_count [1-9]/m);
    const waiting = Number(/^vigil_alarms_unacknowledged (\d+)/m.exec(text)?.[1]);
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^vigil_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^vigil_job_queue_depth \d+/m);
    if (kind === 'postgres') expect(text).toMatch(/vigil_db_pool_connections\{state="total"\} \d+/);
    else expect(Number(/^vigil_pglite_memory_bytes\{part="wasm"\} (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two nodes on one empty PostgreSQL database', () => {
  it('both start with VIGIL_DEMO=1 at once: one seeds, the other finds the demo present', async () => {
    const target = await freshDatabaseUrl('postgres');
    const env = { DATABASE_URL: target.url!, VIGIL_DEMO: '1' };
    const a = startNode({ ...env, PORT: String(nextPort++) });
    const b = startNode({ ...env, PORT: String(nextPort++) });
    try {
      await Promise.all([a.ready, b.ready]);
      const outputs = [a.output(), b.output()];
      expect(outputs.filter((o) => o.includes('demo data created'))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('demo data already present'))).toHaveLength(1);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
      await target.drop();
    }
  }, 240_000);
});

describe('clean stop on SIGTERM (embedded database)', () => {
  it('during a burst of alarms, every alarm the server answered reaches the console exactly once across the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sigterm-'));
    const port = nextPort++;
    const base = `http://127.0.0.1:${port}`;
    const env = { VIGIL_DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', VIGIL_DEMO: '1', SHUTDOWN_GRACE_MS: '15000' };
    let node = startNode(env);
    try {
      await node.ready;
      const c = new ApiClient(base);
      const infos = ((await c.login('operator@example.com')).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
      const first = await SocketClient.connect(base, infos.Token, infos.UserId);
      const staff = await mobileLogin(base, 'staff@example.com');
      const b = staff.Branches[0]!;
      const answered: number[] = [];
      let stop = false;
      const sender = async () => {
        while (!stop) {
          try {
            const r = await staff.call<{ NotificationId: number }>('alarm', {
              branchOfficeId: b.BranchOfficeId,
              type: 'PANIC',
              latitude: b.Latitude,
              longitude: b.Longitude,
            });
            if (r.status === 200) answered.push(r.json.body!.NotificationId);
          } catch {
            // Refused while the node is down: the app retries such an alarm; it was never answered.
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      };
      const senders = [sender(), sender(), sender()];
      await new Promise((r) => setTimeout(r, 800));
      const stoppedAt = Date.now();
      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
      expect(node.output()).toMatch(/stopped in \d+ ms/);
      // The console was told to reconnect (1012), not left hanging.
      await first.waitFor(() => false, 2_000).catch(() => undefined);
      expect(first.closed).toBe(true);
      const beforeRestart = answered.length;
      expect(beforeRestart).toBeGreaterThan(0);

      // The same folder opens at once (the lock was released) and the console resumes.
      node = startNode(env);
      await node.ready;
      await new Promise((r) => setTimeout(r, 600));
      stop = true;
      await Promise.all(senders);
      const lastSeen = Math.max(0, ...first.events.map((e) => e.id));
      const resumed = await SocketClient.connect(base, infos.Token, infos.UserId, lastSeen);
      const wanted = new Set(answered);
      await resumed.waitFor(
        () => [...wanted].every((id) => first.events.some((e) => e.id === id) || resumed.events.some((e) => e.id === id)),
        15_000,
      );
      const got = [...first.events, ...resumed.events].filter((e: SocketEvent) => wanted.has(e.id)).map((e) => e.id);
      expect(got.length).toBe(wanted.size);
      expect(new Set(got).size).toBe(wanted.size);
      resumed.close();
    } finally {
      node.child.kill('SIGTERM');
      await node.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
