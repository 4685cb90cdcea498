/**
 * The video recordings report (issue 15 part 2; spec §2 /videorecordings, §9 page limit 200):
 * getvideorecordings lists the finished calls (ended, closed out, missed) of the caller's scope
 * only — never live ones — with caller, branch, waiting and talk times, answerer, transfer chain
 * and whether a recording is kept; pages with offset / limit ≤ 200, filters, sorts, exports CSV;
 * roles 5 and 8 only, other security offices see nothing; and the recording a row points to is
 * served with HTTP ranges (what the /videorecording/[id] player seeks with).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Call, VideoRecordingRow } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

type Login = { client: ApiClient; token: string; userId: number };
type Page = { resultobject: VideoRecordingRow[]; total: number; offset: number; limit: number };

async function consoleLogin(server: TestServer, email: string): Promise<Login> {
  const client = new ApiClient(server.baseUrl);
  const login = await client.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { client, token: infos.Token, userId: infos.UserId };
}

/** A security office monitoring nothing of the demo, with an operator (role 8) signing in with the demo password. */
async function otherOfficeOperator(server: TestServer): Promise<string> {
  const db = server.database.db;
  const email = `other-vrec-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [office] = await rows<{ id: number }>(
    db,
    sql`insert into security_offices (name, code, status_id) values (${`Other VRec ${email}`}, ${email.slice(11, 17)}, 1) returning id`,
  );
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (name, surname, email, role_id, status_id, password_hash)
      select 'Other', 'VRec', ${email}, 8, 1, password_hash from users where email = 'operator@example.com' returning id`,
  );
  await db.execute(sql`insert into works_in (user_id, security_office_id) values (${user!.id}, ${office!.id})`);
  return email;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const range = { fromDate: day(-1), toDate: day(1) };

describe.each(DB_KINDS)('video recordings report on %s', (kind) => {
  let server: TestServer;
  let recordings: string;
  let operator: Login;
  let officer: Login;
  const ids: Record<'transferred' | 'missed' | 'closed' | 'live', number> = { transferred: 0, missed: 0, closed: 0, live: 0 };

  async function place() {
    const caller = await mobileLogin(server.baseUrl, 'staff@example.com');
    const res = await caller.call<{ callobject: Call }>('calls/start', {
      branchOfficeId: caller.Branches[0]!.BranchOfficeId,
      latitude: 41.3275,
      longitude: 19.8187,
    });
    expect(res.status).toBe(200);
    return { caller, id: res.json.body!.callobject.IncidentId };
  }
  const getRecording = (l: Login, id: number, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/client/callrecording/${id}`, { headers: { cookie: l.client.cookieHeader(), ...headers } });
  const report = (l: Login, body: object) => l.client.post<Page>('/api/client/getvideorecordings', { ...range, limit: 200, ...body });

  beforeAll(async () => {
    recordings = await mkdtemp(path.join(tmpdir(), 'vigil-vrec-'));
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000', RECORDINGS_DIR: recordings });
    operator = await consoleLogin(server, 'operator@example.com');
    officer = await consoleLogin(server, 'officer@example.com');
    // 1. answered by the operator, transferred to the officer (online), answered, ended by the officer.
    const offSock = await SocketClient.connect(server.baseUrl, officer.token, officer.userId);
    const a = await place();
    ids.transferred = a.id;
    expect((await operator.client.post('/api/client/answercall', { callId: a.id })).status).toBe(200);
    expect((await operator.client.post('/api/client/transfercall', { callId: a.id, toUserId: officer.userId })).status).toBe(200);
    expect((await officer.client.post('/api/client/answercall', { callId: a.id })).status).toBe(200);
    expect((await officer.client.post('/api/client/endcall', { callId: a.id })).status).toBe(200);
    offSock.close();
    // 2. missed: the caller hangs up before anyone answers.
    const b = await place();
    ids.missed = b.id;
    expect((await b.caller.call('calls/hangup', { callId: b.id })).status).toBe(200);
    // 3. answered by the operator, ended and closed out; a recording is kept for it.
    const c = await place();
    ids.closed = c.id;
    expect((await operator.client.post('/api/client/answercall', { callId: c.id })).status).toBe(200);
    expect((await operator.client.post('/api/client/endcall', { callId: c.id })).status).toBe(200);
    expect((await operator.client.post('/api/client/closeoutcall', { callId: c.id })).status).toBe(200);
    await writeFile(path.join(recordings, `call-${c.id}.webm`), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
    await server.database.db.execute(sql`update incidents set media_filename = ${`call-${c.id}.webm`} where call_id = ${c.id}`);
    // 4. still ringing: not a recording yet.
    ids.live = (await place()).id;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (recordings) await rm(recordings, { recursive: true, force: true });
  });

  it('lists the finished calls of the scope with their figures, never a live one', async () => {
    const res = await report(operator, {});
    expect(res.status).toBe(200);
    const byId = new Map(res.json.body!.resultobject.map((r) => [r.IncidentId, r]));
    expect(byId.has(ids.live)).toBe(false);
    const t = byId.get(ids.transferred)!;
    expect(t).toMatchObject({ State: 'ended', CallerName: expect.stringMatching(/\S/), HasRecording: false });
    expect(t.AnsweredByName).toBe('Besnik Shehu');
    expect(t.TransferChain).toBe('Arta Leka → Besnik Shehu');
    expect(t.Waiting).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(t.Talk).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(t.BranchOfficeName).toBeTruthy();
    expect(t.StartTimeLocal).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d /);
    expect(byId.get(ids.missed)).toMatchObject({ State: 'missed', AnsweredByName: null, TalkSeconds: null, Talk: '', TransferChain: '' });
    expect(byId.get(ids.closed)).toMatchObject({ State: 'closed', AnsweredByName: 'Arta Leka', HasRecording: true });
    const [{ n }] = (await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from calls where state in ('ended', 'closed', 'missed')`,
    )) as [{ n: number }];
    expect(res.json.body!.total).toBe(n);
    // Search and sort.
    const found = await report(operator, { search: 'zzz-no-such-caller' });
    expect(found.json.body!.total).toBe(0);
    const asc = await report(operator, { sortBy: 'start', sortDir: 'asc' });
    const starts = asc.json.body!.resultobject.map((r) => r.StartTimeUTC);
    expect([...starts].sort()).toEqual(starts);
    // Dates outside the calls: nothing.
    expect((await report(operator, { fromDate: '2020-01-01', toDate: '2020-01-02' })).json.body!.total).toBe(0);
  });

  it('pages with offset and a limit of at most 200, and rejects bad input with 400', async () => {
    const all = (await report(operator, {})).json.body!;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const p1 = (await report(operator, { limit: 2, offset: 0 })).json.body!;
    const p2 = (await report(operator, { limit: 2, offset: 2 })).json.body!;
    expect(p1.resultobject).toHaveLength(2);
    expect(p1.limit).toBe(2);
    expect([...p1.resultobject, ...p2.resultobject].map((r) => r.IncidentId)).toEqual(
      all.resultobject.slice(0, 2 + p2.resultobject.length).map((r) => r.IncidentId),
    );
    for (const bad of [
      { limit: 201 },
      { limit: 0 },
      { offset: -1 },
      { sortBy: 'nope' },
      { fromDate: 'yesterday' },
      { search: 'x'.repeat(101) },
      { case: 'GET-CHAT-RECORDINGS' },
    ]) {
      const r = await report(operator, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('exports the same rows as CSV', async () => {
    const page = (await report(officer, {})).json.body!;
    const csv = await fetch(`${server.baseUrl}/api/client/getvideorecordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: officer.client.cookieHeader(), 'x-xsrf-token': officer.client.csrf! },
      body: JSON.stringify({ ...range, format: 'csv' }),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Talk time');
    expect(text.split('\n')[0]).toContain('Transfer chain');
    expect(text).toContain('Arta Leka → Besnik Shehu');
    expect(Number(csv.headers.get('x-report-rows'))).toBe(page.total);
  });

  it('is for roles 5 and 8 of the monitoring offices only', async () => {
    const other = await consoleLogin(server, await otherOfficeOperator(server));
    const theirs = await report(other, {});
    expect(theirs.status).toBe(200);
    expect(theirs.json.body!.total).toBe(0);
    expect((await getRecording(other, ids.closed)).status).toBe(404);
    // A branch filter of the demo's branch does not widen another office's scope.
    const [branch] = await rows<{ id: number }>(server.database.db, sql`select branch_office_id as id from calls where id = ${ids.closed}`);
    expect((await report(other, { branchOfficeId: branch!.id })).json.body!.total).toBe(0);
    expect((await report(operator, { branchOfficeId: branch!.id })).json.body!.total).toBeGreaterThanOrEqual(3);
    for (const email of ['orgadmin@example.com']) {
      const l = await consoleLogin(server, email);
      expect((await report(l, {})).status).toBe(403);
    }
  });

  it('serves the recording a row points to with HTTP ranges (the player seeks with them)', async () => {
    const full = await getRecording(operator, ids.closed);
    expect(full.status).toBe(200);
    const part = await getRecording(operator, ids.closed, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(new Uint8Array(await part.arrayBuffer())[0]).toBe(100);
    expect((await getRecording(operator, ids.transferred)).status).toBe(404);
  });
});
