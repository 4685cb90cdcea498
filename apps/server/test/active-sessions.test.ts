/**
 * Active sessions API (spec §3 Active session, §7 getactivesessions; docs/API.md "Active
 * sessions"): the open web and mobile sessions in the caller's scope with WorksIn and TaskingInfo
 * (the branch's active task), never a token; an organisation admin ends a session of its
 * organisation (audited): the next call of that session answers 401 and its console socket closes
 * at once; other organisations' sessions cannot be seen or ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ActiveSession } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

const PATH = '/api/client/getactivesessions';
type Answer = { sessions: ActiveSession[] };

describe.each(DB_KINDS)('active sessions on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });
  const consoleLogin = async (email: string) => {
    const api = new ApiClient(server.baseUrl);
    const login = await api.login(email);
    const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    return { api, token: infos.Token, userId: infos.UserId };
  };

  it('lists web and mobile sessions in scope with WorksIn and TaskingInfo, and never a token', async () => {
    const admin = await consoleLogin('orgadmin@example.com');
    const manager = await consoleLogin('manager@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const us = await consoleLogin('us-orgadmin@example.com');
    // An active task at the manager's branch: TaskingInfo of everyone working there.
    const [b] = await rows<{ branchId: number; orgId: number }>(
      server.database.db,
      sql`select w.branch_office_id as "branchId", u.organization_id as "orgId" from works_in w join users u on u.id = w.user_id
        where u.email = 'manager@example.com' and w.branch_office_id is not null limit 1`,
    );
    const [tpl] = await rows<{ id: number }>(
      server.database.db,
      sql`select id from task_list_templates where organization_id = ${b!.orgId} order by id limit 1`,
    );
    const act = await admin.api.post('/api/client/activatetask', {
      param_case: 'ACTIVATE',
      branchOfficeId: b!.branchId,
      TemplateAutoId: tpl!.id,
    });
    expect(act.status, JSON.stringify(act.json)).toBe(200);

    const res = await admin.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' });
    expect(res.status).toBe(200);
    const list = res.json.body!.sessions;
    const m = list.find((s) => s.UserId === manager.userId);
    expect(m).toMatchObject({
      SessionType: 'WEB',
      Email: 'manager@example.com',
      CanEnd: true,
      IsCurrent: false,
      IsVideoChatRunning: false,
    });
    expect(m!.WorksIn.some((w) => w.BranchOfficeId === b!.branchId)).toBe(true);
    expect(m!.TaskingInfo).toMatchObject({ BranchOfficeId: b!.branchId, Status: 'ACTIVATED' });
    expect(m!.TaskingInfo!.ItemsTotal).toBeGreaterThan(0);
    const s = list.find((x) => x.UserId === staff.UserId);
    expect(s?.SessionType).toBe('MOBILE');
    const me = list.find((x) => x.IsCurrent)!;
    expect(me).toMatchObject({ UserId: admin.userId, CanEnd: false });
    // Another organisation's sessions are not listed.
    expect(list.some((x) => x.UserId === us.userId)).toBe(false);
    // No token anywhere in the answer.
    const raw = JSON.stringify(res.json);
    for (const token of [admin.token, manager.token, staff.Token, us.token]) expect(raw).not.toContain(token);
    expect(list.every((x) => !('Token' in x))).toBe(true);
    // The operator sees the sessions of its security office's staff, not the bank's branch staff; cannot end any.
    const operator = await consoleLogin('operator@example.com');
    const seen = await operator.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' });
    expect(seen.status).toBe(200);
    expect(seen.json.body!.sessions.some((x) => x.UserId === manager.userId)).toBe(false);
    expect(seen.json.body!.sessions.every((x) => !x.CanEnd)).toBe(true);
    await admin.api.post('/api/client/dropactivetask', { branchOfficeId: b!.branchId });
  });

  it('an organisation admin ends a session: its next call is 401 and its socket closes at once; audited', async () => {
    const admin = await consoleLogin('orgadmin@example.com');
    const manager = await consoleLogin('manager@example.com');
    const socket = await SocketClient.connect(server.baseUrl, manager.token, manager.userId);
    const list = (await admin.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' })).json.body!.sessions;
    const target = list.filter((x) => x.UserId === manager.userId).sort((a, b) => b.SessionId - a.SessionId)[0]!;
    expect((await manager.api.post('/api/client/getactivesessions', { case: 'GET-ACTIVE-SESSIONS' })).status).toBe(200);

    const end = await admin.api.post(PATH, { case: 'END-SESSION', SessionId: target.SessionId });
    expect(end.status, JSON.stringify(end.json)).toBe(200);
    expect(end.json.description).toBe('Session ended');
    const after = await manager.api.post('/api/client/getactivesessions', { case: 'GET-ACTIVE-SESSIONS' });
    expect(after.status).toBe(401);
    const deadline = Date.now() + 2000;
    while (!socket.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(socket.closed).toBe(true);
    const audit = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where action = 'end-session' and entity_id = ${String(target.SessionId)}`,
    );
    expect(Number(audit[0]!.n)).toBe(1);
    // Ended: no longer listed, and ending it again is 404.
    const again = await admin.api.post(PATH, { case: 'END-SESSION', SessionId: target.SessionId });
    expect(again.status).toBe(404);
    expect(again.json.description).toBe('This session has ended or does not exist');
  });

  it('refuses to end sessions out of scope, by other roles, or its own; nothing changes', async () => {
    const admin = await consoleLogin('orgadmin@example.com');
    const us = await consoleLogin('us-orgadmin@example.com');
    const manager = await consoleLogin('manager@example.com');
    const open = async () =>
      Number((await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from sessions where ended_at is null`))[0]!.n);
    const before = await open();
    const usSession = (await us.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' })).json.body!.sessions.find((x) => x.IsCurrent)!;
    const mine = (await admin.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' })).json.body!.sessions.find((x) => x.IsCurrent)!;
    const mgr = (await admin.api.post<Answer>(PATH, { case: 'GET-ACTIVE-SESSIONS' })).json.body!.sessions.find(
      (x) => x.UserId === manager.userId,
    )!;
    expect((await admin.api.post(PATH, { case: 'END-SESSION', SessionId: usSession.SessionId })).status).toBe(404);
    const own = await admin.api.post(PATH, { case: 'END-SESSION', SessionId: mine.SessionId });
    expect(own.status).toBe(400);
    expect(own.json.description).toBe('This is your own session. Use Logout to end it');
    expect((await manager.api.post(PATH, { case: 'END-SESSION', SessionId: mgr.SessionId })).status).toBe(403);
    expect((await admin.api.post(PATH, { case: 'END-SESSION', SessionId: 'x' })).status).toBe(400);
    expect((await admin.api.post(PATH, { case: 'END-SESSION' })).status).toBe(400);
    expect((await admin.api.post(PATH, { case: 'NOPE' })).status).toBe(400);
    expect(await open()).toBe(before);
    expect((await us.api.post(PATH, { case: 'GET-ACTIVE-SESSIONS' })).status).toBe(200);
  });
});
