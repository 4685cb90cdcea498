/**
 * The branch board's answer cache (issue 20; modules/branches/board-cache.ts): getofficesv2
 * answers are served again per scope and filter until the board changes, and every change is seen
 * by the next board call — a console branch action, a mobile alarm, an added branch — on the node
 * that made it and (PostgreSQL) on another server process. Users of different scope never share an
 * entry, and cached answers still pass RESPONSE_VALIDATION (the test servers run with it on).
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { rows } from '../src/db/client.js';
import { BoardCache, GZIP_MIN_CHARS, acceptsGzip, boardCacheKey } from '../src/modules/branches/board-cache.js';
import { PreSerialized, ResponseShapeError, responseSerializerCompiler } from '../src/plugins/response-serializer.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';
import { twoServerProcesses } from './two-processes.js';

type Row = { BranchOfficeId: number; Name: string; BranchAction: string | null; OrganizationId: number };
type Board = { organizationobject: Row[]; total: number };

/** The board of `client` on `baseUrl` (same cookies and CSRF token: any node). */
async function boardOn(baseUrl: string, client: ApiClient, filter: Record<string, unknown> = {}): Promise<Board> {
  const res = await fetch(`${baseUrl}/api/client/getofficesv2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader(), 'x-xsrf-token': client.csrf! },
    body: JSON.stringify({ case: 'GET-ALL-BRANCH-OFFICES', ...filter }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { body: Board }).body;
}

describe('BoardCache', () => {
  it('keeps an entry until MAX_AGE or the next quarter hour of UTC, whichever comes first', () => {
    const cache = new BoardCache(60_000);
    const t = Date.UTC(2026, 2, 29, 0, 59, 30);
    cache.set('k', '{}', {}, cache.epoch, t);
    expect(cache.get('k', t + 29_999)?.json).toBe('{}');
    expect(cache.get('k', t + 30_000)).toBeUndefined();
    const u = Date.UTC(2026, 2, 29, 1, 0, 0);
    cache.set('k', '{}', {}, cache.epoch, u);
    expect(cache.get('k', u + 59_999)?.json).toBe('{}');
    expect(cache.get('k', u + 60_000)).toBeUndefined();
  });

  it('does not store a read begun before a clear, and holds at most its size', () => {
    const cache = new BoardCache(60_000, 2);
    const epoch = cache.epoch;
    cache.clear();
    cache.set('a', '1', 1, epoch, 0);
    expect(cache.size).toBe(0);
    for (const k of ['a', 'b', 'c']) cache.set(k, k, k, cache.epoch, 0);
    expect([cache.get('a', 1), cache.get('b', 1)?.json, cache.get('c', 1)?.json]).toEqual([undefined, 'b', 'c']);
  });

  it('gzips an entry of GZIP_MIN_CHARS or more once, in the background, and leaves smaller ones', async () => {
    const cache = new BoardCache();
    const big = JSON.stringify({ success: true, body: { rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Branch ${i}` })) } });
    expect(big.length).toBeGreaterThanOrEqual(cache.gzipMinChars);
    cache.set('big', big, JSON.parse(big), cache.epoch);
    cache.set('small', '{"success":true}', { success: true }, cache.epoch);
    for (let i = 0; i < 200 && !cache.get('big')!.gzip; i++) await new Promise((r) => setTimeout(r, 10));
    expect(gunzipSync(cache.get('big')!.gzip!).toString('utf8')).toBe(big);
    expect(cache.get('small')!.gzip).toBeUndefined();
  });

  it('reads whether a request accepts gzip from its Accept-Encoding', () => {
    const req = (v?: string) => ({ headers: v === undefined ? {} : { 'accept-encoding': v } });
    expect(acceptsGzip(req('gzip, deflate, br'))).toBe(true);
    expect(acceptsGzip(req('br;q=1.0, GZIP;q=0.5'))).toBe(true);
    expect(acceptsGzip(req('gzip;q=0'))).toBe(false);
    expect(acceptsGzip(req('identity'))).toBe(false);
    expect(acceptsGzip(req('x-gzip'))).toBe(false);
    expect(acceptsGzip(req())).toBe(false);
  });

  it('keys organisation admins by organisation and every other role by user', () => {
    const f = { case: 'GET-ALL-BRANCH-OFFICES', offset: 0, limit: 100 };
    expect(boardCacheKey({ roleId: 2, userId: 1, organizationId: 1 }, f)).toBe(
      boardCacheKey({ roleId: 2, userId: 7, organizationId: 1 }, f),
    );
    expect(boardCacheKey({ roleId: 2, userId: 1, organizationId: 1 }, f)).not.toBe(
      boardCacheKey({ roleId: 2, userId: 1, organizationId: 2 }, f),
    );
    expect(boardCacheKey({ roleId: 9, userId: 3, organizationId: 1 }, f)).not.toBe(
      boardCacheKey({ roleId: 9, userId: 4, organizationId: 1 }, f),
    );
    expect(boardCacheKey({ roleId: 2, userId: 1, organizationId: 1 }, f)).not.toBe(
      boardCacheKey({ roleId: 2, userId: 1, organizationId: 1 }, { ...f, search: 'x' }),
    );
  });

  it('a pre-serialised answer is sent as its text, and checked against the schema when RESPONSE_VALIDATION is on', () => {
    const schema = z.strictObject({ success: z.boolean() });
    const compile = (validate: boolean) =>
      responseSerializerCompiler({ validate, log: pino({ level: 'silent' }) })({ schema, method: 'POST', url: '/x', httpStatus: '200' });
    expect(compile(false)(new PreSerialized('{"success":true}', { success: true }))).toBe('{"success":true}');
    expect(compile(true)(new PreSerialized('{"success":true}', { success: true }))).toBe('{"success":true}');
    expect(() => compile(true)(new PreSerialized('{"success":true}', { success: true, extra: 1 }))).toThrow(ResponseShapeError);
  });
});

describe.each(DB_KINDS)('board cache on one node, %s', (kind) => {
  let server: TestServer;
  const clients = new Map<string, ApiClient>();
  /** The server's log lines (warn and above). */
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { LOGIN_RATE_MAX: '1000' },
      { logger: { level: 'warn', stream: { write: (l: string) => logLines.push(l) } } },
    );
  });
  afterAll(async () => server?.close());
  const as = async (email: string) => {
    let c = clients.get(email);
    if (!c) {
      c = new ApiClient(server.baseUrl);
      await c.login(email);
      clients.set(email, c);
    }
    return c;
  };
  const orgOf = async (email: string) =>
    (await rows<{ o: number }>(server.database.db, sql`select organization_id as o from users where email = ${email}`))[0]!.o;

  it("reads each board row as the branch's detail reads it, field for field (the board's own query, boardBranches)", async () => {
    const admin = await as('orgadmin@example.com');
    const board = (
      await admin.post<{ organizationobject: Record<string, unknown>[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
        limit: 9_999, // not the cached answer of another test
      })
    ).json.body!.organizationobject;
    expect(board.length).toBeGreaterThan(1);
    expect(board.some((r) => r.BranchActionTime !== null && r.RegionalOfficeName !== null)).toBe(true);
    for (const row of board) {
      const detail = (
        await admin.post<{ branchofficeobject: Record<string, unknown> }>('/api/client/getbranchbyidv2', {
          case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID',
          branchOfficeId: row.BranchOfficeId,
        })
      ).json.body!.branchofficeobject;
      expect(Object.fromEntries(Object.keys(row).map((k) => [k, detail[k]]))).toEqual(row);
    }
  });

  it('answers the same twice; users of other scopes get their own boards', async () => {
    const admin = await as('orgadmin@example.com');
    const first = await boardOn(server.baseUrl, admin);
    expect(await boardOn(server.baseUrl, admin)).toEqual(first);
    const org = await orgOf('orgadmin@example.com');
    expect(first.organizationobject.length).toBeGreaterThan(0);
    expect(first.organizationobject.every((b) => b.OrganizationId === org)).toBe(true);
    const us = await boardOn(server.baseUrl, await as('us-orgadmin@example.com'));
    const usOrg = await orgOf('us-orgadmin@example.com');
    expect(us.organizationobject.length).toBeGreaterThan(0);
    expect(us.organizationobject.every((b) => b.OrganizationId === usOrg)).toBe(true);
    const regional = await as('regional@example.com');
    const inScope = await rows<{ id: number }>(
      server.database.db,
      sql`select b.id from branch_offices b join works_in w on w.regional_office_id = b.regional_office_id
          join users u on u.id = w.user_id where u.email = 'regional@example.com' order by b.id`,
    );
    const mine = await boardOn(server.baseUrl, regional);
    expect(mine.organizationobject.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(inScope.map((r) => r.id));
    // The organisation admin's board again: not the regional manager's nor the other organisation's.
    expect(await boardOn(server.baseUrl, admin)).toEqual(first);
  });

  it("serves a cached board's gzip bytes to a client that accepts gzip, the same JSON, and plain JSON to others", async () => {
    const admin = await as('orgadmin@example.com');
    // The demo board is small: gzip every entry here.
    server.app.boardCache.gzipMinChars = 0;
    const raw = (encoding: string) =>
      new Promise<{
        status: number | undefined;
        encoding: string | undefined;
        vary: string | undefined;
        type: string | undefined;
        body: Buffer;
      }>((resolve, reject) => {
        const req = http.request(
          `${server.baseUrl}/api/client/getofficesv2`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'accept-encoding': encoding,
              cookie: admin.cookieHeader(),
              'x-xsrf-token': admin.csrf!,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              resolve({
                status: res.statusCode,
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                type: res.headers['content-type'],
                body: Buffer.concat(chunks),
              });
            });
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ case: 'GET-ALL-BRANCH-OFFICES', limit: 7 }));
      });
    try {
      // The call that reads the board afresh gets the gzip bytes too (made on zlib's thread pool).
      server.app.boardCache.clear();
      const warningsBefore = logLines.length;
      const first = await raw('gzip, deflate');
      expect(first.status).toBe(200);
      expect(first.encoding).toBe('gzip');
      expect(first.vary).toMatch(/accept-encoding/i);
      expect(first.type).toMatch(/^application\/json/);
      const json = gunzipSync(first.body).toString('utf8');
      expect((JSON.parse(json) as { body: Board }).body.organizationobject.length).toBeGreaterThan(0);
      // A client that does not accept gzip gets the same answer as JSON, from the cache.
      const plain = await raw('identity');
      expect(plain.status).toBe(200);
      expect(plain.encoding).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(json);
      const again = await raw('gzip');
      expect(again.status).toBe(200);
      expect(again.encoding).toBe('gzip');
      expect(gunzipSync(again.body).toString('utf8')).toBe(json);
      // No gzipped answer was sent twice: Fastify would log "Reply was already sent" once the
      // handler's promise settled (after the answer has gone out, hence the wait).
      await new Promise((r) => setTimeout(r, 100));
      expect(logLines.slice(warningsBefore).filter((l) => l.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
      // Gzipped answers are checked against the route's schema like any other (RESPONSE_VALIDATION
      // is on here): an entry whose value does not match answers 500, not the bytes.
      const entries = (server.app.boardCache as unknown as { entries: Map<string, { value: unknown }> }).entries;
      expect(entries.size).toBe(1);
      const [entry] = [...entries.values()];
      const good = entry!.value;
      entry!.value = { success: true, body: { organizationobject: 'not a list' } };
      try {
        const bad = await raw('gzip');
        expect(bad.status).toBe(500);
        expect(bad.encoding).toBeUndefined();
      } finally {
        entry!.value = good;
      }
    } finally {
      server.app.boardCache.gzipMinChars = GZIP_MIN_CHARS;
    }
  });

  it('a console branch action, a mobile alarm and an added branch show in the next board call', async () => {
    const admin = await as('orgadmin@example.com');
    const before = await boardOn(server.baseUrl, admin);
    const target = before.organizationobject[0]!;
    const mode = target.BranchAction === 'Close' ? 'OPEN' : 'CLOSE';
    const set = await admin.post('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: target.BranchOfficeId, mode });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const afterMode = await boardOn(server.baseUrl, admin);
    expect(afterMode.organizationobject.find((b) => b.BranchOfficeId === target.BranchOfficeId)!.BranchAction).toBe(
      mode === 'OPEN' ? 'Open' : 'Close',
    );

    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    await boardOn(server.baseUrl, admin);
    const alarm = await staff.call('alarm', {
      branchOfficeId: b.BranchOfficeId,
      type: 'TROUBLE',
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    expect(alarm.status).toBe(200);
    const afterAlarm = await boardOn(server.baseUrl, admin);
    expect(afterAlarm.organizationobject.find((x) => x.BranchOfficeId === b.BranchOfficeId)!.BranchAction).toBe('Trouble');

    const region = (afterAlarm.organizationobject.find((x) => x.BranchOfficeId === b.BranchOfficeId) as Row & { RegionalOfficeId: number })
      .RegionalOfficeId;
    const added = await admin.post('/api/client/addbranchoffice', {
      case: 'ADD-BRANCH-OFFICE',
      name: 'Dega Cache Test',
      code: 'CACHE-1',
      regionalOfficeId: region,
      branchOfficeTypeId: 1,
      timeZone: 'Europe/Tirane',
      geofenceRadius: 150,
      statusId: 1,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const afterAdd = await boardOn(server.baseUrl, admin);
    expect(afterAdd.total).toBe(afterAlarm.total + 1);
    expect(afterAdd.organizationobject.some((x) => x.Name === 'Dega Cache Test')).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('board cache across two server processes on PostgreSQL', () => {
  const nodes = twoServerProcesses({ RESPONSE_VALIDATION: '1' });

  it('a branch action and an added branch on A are seen by the next board call on B', async () => {
    const admin = new ApiClient(nodes.a.baseUrl);
    await admin.login('orgadmin@example.com');
    for (let round = 0; round < 4; round++) {
      const before = await boardOn(nodes.bUrl, admin);
      expect(await boardOn(nodes.bUrl, admin)).toEqual(before);
      const target = before.organizationobject[round]!;
      const mode = target.BranchAction === 'Open' ? 'CLOSE' : 'OPEN';
      const set = await admin.post('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: target.BranchOfficeId, mode });
      expect(set.status, JSON.stringify(set.json)).toBe(200);
      const after = await boardOn(nodes.bUrl, admin);
      expect(after.organizationobject.find((x) => x.BranchOfficeId === target.BranchOfficeId)!.BranchAction).toBe(
        mode === 'OPEN' ? 'Open' : 'Close',
      );
    }
    const before = await boardOn(nodes.bUrl, admin);
    const region = (before.organizationobject[0] as Row & { RegionalOfficeId: number }).RegionalOfficeId;
    const added = await admin.post('/api/client/addbranchoffice', {
      case: 'ADD-BRANCH-OFFICE',
      name: 'Dega Cache Test B',
      code: 'CACHE-2',
      regionalOfficeId: region,
      branchOfficeTypeId: 1,
      timeZone: 'Europe/Tirane',
      geofenceRadius: 150,
      statusId: 1,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect((await boardOn(nodes.bUrl, admin)).total).toBe(before.total + 1);
  });
});
