/**
 * The session cache (issue 20 "Per-request cost"; plugins/session-cache.ts): calls are
 * authenticated from each node's cache, and every end or change of a session or of its user is
 * seen by the very next call — on the node that made it, and (PostgreSQL) on another server
 * process: logout, a session ended from the active sessions, deactivation, a role change, a profile
 * change, a temporary password. Also the cache's own rules (expiry, epoch, size).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { SessionCache } from '../src/plugins/session-cache.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';
import { twoServerProcesses } from './two-processes.js';

type UserInfos = { UserInfos: { UserId: number; Name: string; RoleId: number } };

/** A call of `client`'s session made on another node (`baseUrl`): same cookies and CSRF token. */
async function postOn(baseUrl: string, client: ApiClient, p: string, body: unknown = {}) {
  const res = await fetch(`${baseUrl}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader(), 'x-xsrf-token': client.csrf! },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { body?: UserInfos } };
}

const userId = async (server: TestServer, email: string) =>
  (await rows<{ id: number }>(server.database.db, sql`select id from users where email = ${email}`))[0]!.id;

describe('SessionCache', () => {
  const entry = (sessionId: number, userId: number, expiresAt: number, readAt = 0) => ({
    ctx: { sessionId },
    sessionId,
    userId,
    sessionType: 'WEB',
    lastSeenAt: 0,
    expiresAt,
    readAt,
  });

  it('serves an entry until its session expires or it is MAX_AGE old, and drops it then', () => {
    const cache = new SessionCache<{ sessionId: number }>(60_000);
    cache.set('a', entry(1, 10, 5_000), cache.epoch);
    expect(cache.get('a', 4_999)?.sessionId).toBe(1);
    expect(cache.get('a', 5_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('b', entry(2, 10, 1e12, 1_000), cache.epoch);
    expect(cache.get('b', 60_999)?.sessionId).toBe(2);
    expect(cache.get('b', 61_000)).toBeUndefined();
  });

  it('drops by session, by user and all; a lookup begun before an invalidation is not stored', () => {
    const cache = new SessionCache<{ sessionId: number }>();
    cache.set('a', entry(1, 10, 1e12), cache.epoch);
    cache.set('b', entry(2, 10, 1e12), cache.epoch);
    cache.set('c', entry(3, 11, 1e12), cache.epoch);
    cache.invalidate({ sessionId: 1 });
    expect([cache.get('a', 1), cache.get('b', 1)?.sessionId]).toEqual([undefined, 2]);
    cache.invalidate({ changedUserId: 10 });
    expect([cache.get('b', 1), cache.get('c', 1)?.sessionId]).toEqual([undefined, 3]);
    cache.invalidate({ userId: 11 });
    expect(cache.size).toBe(0);
    const before = cache.epoch;
    cache.invalidate({ all: true });
    cache.set('d', entry(4, 12, 1e12), before);
    expect(cache.get('d', 1)).toBeUndefined();
  });

  it('holds at most its size, dropping the oldest read', () => {
    const cache = new SessionCache<{ sessionId: number }>(60_000, 2);
    for (const [k, id] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(k, entry(id, id, 1e12), cache.epoch);
    expect([cache.get('a', 1), cache.get('b', 1)?.sessionId, cache.get('c', 1)?.sessionId]).toEqual([undefined, 2, 3]);
  });
});

describe.each(DB_KINDS)('session cache on one node, %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
  });
  afterAll(async () => server?.close());

  it('a cached session is refused at once after logout and after an admin ends it', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('manager@example.com');
    expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
    expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
    expect((await c.post('/api/client/logout')).status).toBe(200);
    expect((await postOn(server.baseUrl, c, '/api/client/isauthenticated')).status).toBe(401);

    const m = new ApiClient(server.baseUrl);
    await m.login('manager@example.com');
    expect((await m.post('/api/client/isauthenticated')).status).toBe(200);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const list = await admin.post<{ sessions: { SessionId: number; UserId: number }[] }>('/api/client/getactivesessions', {
      case: 'GET-ACTIVE-SESSIONS',
    });
    const managerId = await userId(server, 'manager@example.com');
    const target = list.json.body!.sessions.filter((s) => s.UserId === managerId).sort((a, b) => b.SessionId - a.SessionId)[0]!;
    expect((await admin.post('/api/client/getactivesessions', { case: 'END-SESSION', SessionId: target.SessionId })).status).toBe(200);
    expect((await m.post('/api/client/isauthenticated')).status).toBe(401);
  });

  it('a profile change shows in the next isauthenticated; a mobile session is cached and refused after a temporary password', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('regional@example.com');
    expect((await c.post<UserInfos>('/api/client/isauthenticated')).json.body!.UserInfos.Name).not.toBe('Cached');
    const upd = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PROFILE',
      profileName: 'Cached',
      profileLastName: 'Name',
    });
    expect(upd.status, JSON.stringify(upd.json)).toBe(200);
    expect((await c.post<UserInfos>('/api/client/isauthenticated')).json.body!.UserInfos.Name).toBe('Cached');

    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const alarm = { branchOfficeId: b.BranchOfficeId, type: 'TROUBLE', latitude: b.Latitude, longitude: b.Longitude };
    expect((await staff.call('alarm', alarm)).status).toBe(200);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const temp = await admin.post('/api/client/temporary-password', {
      case: 'SEND-TEMPORARY-PASSWORD',
      employeeId: await userId(server, 'staff@example.com'),
    });
    expect(temp.status, JSON.stringify(temp.json)).toBe(200);
    expect((await staff.call('alarm', alarm)).status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('session cache across two server processes on PostgreSQL', () => {
  const nodes = twoServerProcesses();

  it('logout on A is refused on B by the next call', async () => {
    for (let round = 0; round < 5; round++) {
      const c = new ApiClient(nodes.bUrl);
      await c.login('manager@example.com');
      expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
      expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
      expect((await postOn(nodes.a.baseUrl, c, '/api/client/logout')).status).toBe(200);
      expect((await postOn(nodes.bUrl, c, '/api/client/isauthenticated')).status).toBe(401);
    }
  });

  it('a logout on A answers only once B has dropped the session, even with B paused for 300 ms', async () => {
    const c = new ApiClient(nodes.bUrl);
    await c.login('manager@example.com');
    expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
    expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
    // B cannot hear the logout's notice while it is stopped: A waits for its answer.
    process.kill(nodes.bPid, 'SIGSTOP');
    const resume = setTimeout(() => process.kill(nodes.bPid, 'SIGCONT'), 300);
    try {
      const started = Date.now();
      expect((await postOn(nodes.a.baseUrl, c, '/api/client/logout')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      clearTimeout(resume);
      process.kill(nodes.bPid, 'SIGCONT');
    }
    expect((await postOn(nodes.bUrl, c, '/api/client/isauthenticated')).status).toBe(401);
  });

  it('deactivation and a role change on A are seen on B by the next call; a profile change on B by A', async () => {
    const admin = new ApiClient(nodes.a.baseUrl);
    await admin.login('orgadmin@example.com');
    const regional = new ApiClient(nodes.bUrl);
    await regional.login('regional@example.com');
    const before = (await regional.post<UserInfos>('/api/client/isauthenticated')).json.body!.UserInfos;
    const other = before.RoleId === 6 ? 9 : 6;
    const role = await admin.post('/api/client/managerolestatus', { employeeId: before.UserId, roleId: other });
    expect(role.status, JSON.stringify(role.json)).toBe(200);
    expect((await regional.post<UserInfos>('/api/client/isauthenticated')).json.body!.UserInfos.RoleId).toBe(other);

    expect((await postOn(nodes.a.baseUrl, regional, '/api/client/isauthenticated')).status).toBe(200);
    const upd = await regional.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PROFILE',
      profileName: 'Seen',
      profileLastName: 'OnA',
    });
    expect(upd.status).toBe(200);
    expect((await postOn(nodes.a.baseUrl, regional, '/api/client/isauthenticated')).json.body!.UserInfos.Name).toBe('Seen');

    const off = await admin.post('/api/client/managerolestatus', { employeeId: before.UserId, statusId: 3 });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect((await regional.post('/api/client/isauthenticated')).status).toBe(401);
  });
});
