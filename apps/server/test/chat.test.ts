/**
 * Operator chat (issue 14; spec §4 Chat session states, §7 Chat calls): routing to the operator
 * consoles of the monitoring security offices only (by socket and by call), first-wins answering
 * (also across two server processes on PostgreSQL), every state transition, hold/resume, terminate
 * from mobile, sanitising of stored content, the transcripts report and its CSV, and the
 * officer-to-officer chat.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChatMessagePayload, ChatSession, ChatSessionPayload, SocketEvent, SocketMessage } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import {
  ApiClient,
  DB_KINDS,
  SocketClient,
  freshDatabaseUrl,
  mobileLogin,
  otherOfficeOperator,
  startServerOn,
  startTestServer,
  type TestServer,
} from './helpers.js';

type Login = { client: ApiClient; token: string; userId: number };

async function consoleLogin(server: TestServer, email: string): Promise<Login> {
  const client = new ApiClient(server.baseUrl);
  const login = await client.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { client, token: infos.Token, userId: infos.UserId };
}
const socketOf = (server: TestServer, l: { token: string; userId: number }) => SocketClient.connect(server.baseUrl, l.token, l.userId);

const isChatSession = (m: SocketMessage, sessionId: string, status?: string): boolean =>
  'type' in m &&
  m.type === 'CHAT-SESSION' &&
  (m as SocketEvent & { Payload: ChatSessionPayload }).Payload.session.ChatSessionId === sessionId &&
  (!status || (m as SocketEvent & { Payload: ChatSessionPayload }).Payload.session.ChatStatus === status);
const isChatMessage = (m: SocketMessage, sessionId: string, content?: string): boolean =>
  'type' in m &&
  m.type === 'CHAT-MESSAGE' &&
  (m as SocketEvent & { Payload: ChatMessagePayload }).Payload.ChatSessionId === sessionId &&
  (!content || (m as SocketEvent & { Payload: ChatMessagePayload }).Payload.Message.MsgContent === content);

describe.each(DB_KINDS)('chat on %s', (kind) => {
  let server: TestServer;
  let operator: Login;
  let officer: Login;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    operator = await consoleLogin(server, 'operator@example.com');
    officer = await consoleLogin(server, 'officer@example.com');
  }, 120_000);
  afterAll(async () => server?.close());

  async function startChat(content?: string) {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const res = await staff.call<{ chatobject: ChatSession }>('chat/start', {
      branchOfficeId: b.BranchOfficeId,
      latitude: 41.3275,
      longitude: 19.8187,
      horizontalAccuracy: 12.5,
      appVersion: '25.7.2',
      os: 'Android 15',
      phoneModel: 'Pixel 9',
      ...(content ? { content } : {}),
    });
    expect(res.status).toBe(200);
    return { staff, session: res.json.body!.chatobject };
  }

  it('routes a new session to the monitoring operators only, by socket and by call', async () => {
    const otherEmail = await otherOfficeOperator(server);
    const other = await consoleLogin(server, otherEmail);
    const admin = await consoleLogin(server, 'orgadmin@example.com');
    const manager = await consoleLogin(server, 'manager@example.com');
    const opSock = await socketOf(server, operator);
    const offSock = await socketOf(server, officer);
    const otherSock = await socketOf(server, other);
    const adminSock = await socketOf(server, admin);
    const managerSock = await socketOf(server, manager);
    const { staff, session } = await startChat('Help, <b>someone</b> is here');
    expect(session.ChatStatus).toBe('incoming');
    expect(session.HorizontalAccuracy).toBe(12.5);
    expect(session.MessagesArray.map((m) => m.MsgContent)).toEqual(['Help, <b>someone</b> is here']);

    const arrived = (await opSock.waitFor((m) => isChatSession(m, session.ChatSessionId, 'incoming'))) as SocketEvent & {
      Payload: ChatSessionPayload;
    };
    expect(arrived.Payload.session.MobileCallerName).toBe('Klodian Marku');
    expect(arrived.Payload.session.BranchOfficeName).toBeTruthy();
    await offSock.waitFor((m) => isChatSession(m, session.ChatSessionId));
    await opSock.waitFor((m) => isChatMessage(m, session.ChatSessionId, 'Help, <b>someone</b> is here'));
    // A later event reaches everyone in the organisation's scope: by then the chat events would have too.
    await new Promise((r) => setTimeout(r, 400));
    for (const s of [otherSock, adminSock, managerSock]) {
      expect(s.events.filter((e) => e.type === 'CHAT-SESSION' || e.type === 'CHAT-MESSAGE')).toEqual([]);
    }
    // By call: the other office sees no session; non-chat roles are refused.
    const otherList = await other.client.post<{ chatobject: ChatSession[] }>('/api/client/getSessions', {});
    expect(otherList.status).toBe(200);
    expect(otherList.json.body!.chatobject).toEqual([]);
    const otherDetail = await other.client.post('/api/client/getSessionDetailsBySessionId', { param_session_id: session.ChatSessionId });
    expect(otherDetail.status).toBe(404);
    expect(otherDetail.json.description).toBe('Chat session not found');
    const otherAnswer = await other.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: session.ChatSessionId });
    expect(otherAnswer.status).toBe(404);
    for (const l of [admin, manager]) {
      expect((await l.client.post('/api/client/getSessions', {})).status).toBe(403);
      expect((await l.client.post('/api/client/getSessionDetailsBySessionId', { param_session_id: session.ChatSessionId })).status).toBe(
        403,
      );
    }
    const mine = await operator.client.post<{ chatobject: ChatSession[] }>('/api/client/getSessions', {});
    expect(mine.json.body!.chatobject.map((s) => s.ChatSessionId)).toContain(session.ChatSessionId);

    await staff.call('chat/finish', { chatSessionId: session.ChatSessionId });
    for (const s of [opSock, offSock, otherSock, adminSock, managerSock]) s.close();
  });

  it('answers first-wins, holds, resumes and finishes, each transition on every console and the caller', async () => {
    const { staff, session } = await startChat();
    const id = session.ChatSessionId;
    const [opSock, offSock] = await Promise.all([socketOf(server, operator), socketOf(server, officer)]);
    const mobile = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);

    const answer = await operator.client.post<{ chatobject: ChatSession }>('/api/client/answerchatfromconsole', {
      param_chat_session_id: id,
    });
    expect(answer.status).toBe(200);
    const active = answer.json.body!.chatobject;
    expect(active.ChatStatus).toBe('active');
    expect(active.SecurityOfficerName).toBe('Arta Leka');
    expect(active.MessagesArray.map((m) => m.MsgContent)).toEqual(['What is your emergency?']);
    await mobile.waitFor((m) => isChatSession(m, id, 'active'));
    await mobile.waitFor((m) => isChatMessage(m, id, 'What is your emergency?'));
    await offSock.waitFor((m) => isChatSession(m, id, 'active'));

    const second = await officer.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: id });
    expect(second.status).toBe(409);
    expect(second.json.description).toBe('This chat was already answered by Arta Leka');
    expect((await officer.client.post('/api/client/holdchat', { chat_room_id: active.ChatRoomId, hold: true })).status).toBe(403);

    // Messages both ways; once answered the other console no longer receives them.
    const reply = await staff.call('chat/write', { chatSessionId: id, content: 'A man with a knife', latitude: 41.33, longitude: 19.82 });
    expect(reply.status).toBe(200);
    await opSock.waitFor((m) => isChatMessage(m, id, 'A man with a knife'));
    const sent = await operator.client.post('/api/client/writeinchat', {
      param_chat_session_id: id,
      param_content: 'Police are on the way',
      param_type: 'TEXT',
      param_console: true,
    });
    expect(sent.status).toBe(200);
    await mobile.waitFor((m) => isChatMessage(m, id, 'Police are on the way'));
    expect((await officer.client.post('/api/client/writeinchat', { param_chat_session_id: id, param_content: 'x' })).status).toBe(403);

    const held = await operator.client.post<{ chatobject: ChatSession }>('/api/client/holdchat', {
      chat_room_id: active.ChatRoomId,
      hold: true,
    });
    expect(held.json.body!.chatobject.ChatStatus).toBe('hold');
    await mobile.waitFor((m) => isChatSession(m, id, 'hold'));
    await offSock.waitFor((m) => isChatSession(m, id, 'hold'));
    expect((await operator.client.post('/api/client/holdchat', { chat_room_id: active.ChatRoomId, hold: true })).status).toBe(409);
    const resumed = await operator.client.post<{ chatobject: ChatSession }>('/api/client/holdchat', {
      chat_room_id: active.ChatRoomId,
      hold: false,
    });
    expect(resumed.json.body!.chatobject.ChatStatus).toBe('active');
    await mobile.waitFor(
      (m) => 'type' in m && m.type === 'CHAT-SESSION' && (m as { Payload: ChatSessionPayload }).Payload.change === 'resumed',
    );

    const finished = await operator.client.post<{ chatobject: ChatSession }>('/api/client/finishChat', { param_chat_session_id: id });
    expect(finished.status).toBe(200);
    expect(finished.json.body!.chatobject.ChatStatus).toBe('closed');
    expect(finished.json.body!.chatobject.FinishedBy).toBe(operator.userId);
    await mobile.waitFor((m) => isChatSession(m, id, 'closed'));
    await offSock.waitFor((m) => isChatSession(m, id, 'closed'));
    const open = await officer.client.post<{ chatobject: ChatSession[] }>('/api/client/getSessions', {});
    expect(open.json.body!.chatobject.map((s) => s.ChatSessionId)).not.toContain(id);
    expect((await staff.call('chat/write', { chatSessionId: id, content: 'hello?' })).status).toBe(409);

    // The transcript keeps everything, with figures and both positions.
    const detail = await officer.client.post<{ chatobject: ChatSession }>('/api/client/getSessionDetailsBySessionId', {
      param_session_id: id,
    });
    const t = detail.json.body!.chatobject;
    expect(t.MessagesArray.map((m) => m.MsgContent)).toEqual(['What is your emergency?', 'A man with a knife', 'Police are on the way']);
    expect(t.Locations.map((l) => l.Latitude)).toEqual([41.3275, 41.33]);
    expect(t.WaitingSeconds).toBeGreaterThanOrEqual(0);
    expect(t.HandlingSeconds).toBeGreaterThanOrEqual(0);
    const audit = await rows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where entity = 'chat_sessions' and entity_id = ${String(t.ChatRoomId)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['chat-start', 'chat-answer', 'chat-hold', 'chat-resume', 'chat-finish']);
    for (const s of [opSock, offSock, mobile]) s.close();
  });

  it('has demo transcripts in the history, with every message', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const page = await operator.client.post<{ resultobject: { ChatSessionId: string; Messages: number }[] }>(
      '/api/client/getchatrecordings',
      {
        fromDate: from,
        toDate: to,
        limit: 100,
      },
    );
    const demo = page.json.body!.resultobject.filter((r) => r.Messages >= 4);
    expect(demo.length).toBeGreaterThanOrEqual(3);
    const detail = await operator.client.post<{ chatobject: ChatSession }>('/api/client/getSessionDetailsBySessionId', {
      param_session_id: demo[0]!.ChatSessionId,
    });
    expect(detail.json.body!.chatobject.MessagesArray[1]!.MsgContent).toBe('What is your emergency?');
    expect(detail.json.body!.chatobject.MessagesArray).toHaveLength(demo[0]!.Messages);
  });

  it('lets the caller terminate the session, which reaches the consoles', async () => {
    const { staff, session } = await startChat('hello');
    const opSock = await socketOf(server, operator);
    const res = await staff.call<{ chatobject: ChatSession }>('chat/finish', { chatSessionId: session.ChatSessionId });
    expect(res.status).toBe(200);
    expect(res.json.body!.chatobject.ChatStatus).toBe('closed');
    expect(res.json.body!.chatobject.FinishedBy).toBe(staff.UserId);
    const closed = (await opSock.waitFor((m) => isChatSession(m, session.ChatSessionId, 'closed'))) as { Payload: ChatSessionPayload };
    expect(closed.Payload.change).toBe('terminated');
    const again = await operator.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: session.ChatSessionId });
    expect(again.status).toBe(409);
    expect(again.json.description).toBe('This chat session is closed');
    expect((await staff.call('chat/finish', { chatSessionId: session.ChatSessionId })).status).toBe(409);
    opSock.close();
  });

  it('stores and serves message content inert', async () => {
    const corpus: [string, string][] = [
      ['<img src=x onerror="alert(1)">Look', 'Look'],
      ['<script>alert(1)</script>Run', 'Run'],
      ['<a href="javascript:alert(1)">link</a>', '<a>link</a>'],
      ['<b onclick="alert(1)">bold</b>', '<b>bold</b>'],
      ['<svg><script>alert(1)</script></svg>ok', 'ok'],
      ['<iframe src="https://evil.example"></iframe>frame', 'frame'],
      ['<a href="https://example.com" onmouseover="x()">safe</a>', '<a href="https://example.com">safe</a>'],
      ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ];
    const { staff, session } = await startChat();
    for (const [input] of corpus) {
      expect((await staff.call('chat/write', { chatSessionId: session.ChatSessionId, content: input })).status).toBe(200);
    }
    const empty = await staff.call('chat/write', { chatSessionId: session.ChatSessionId, content: '<img src=x onerror=alert(1)>' });
    expect(empty.status).toBe(400);
    expect(empty.json.description).toBe('The message is empty');
    const detail = await operator.client.post<{ chatobject: ChatSession }>('/api/client/getSessionDetailsBySessionId', {
      param_session_id: session.ChatSessionId,
    });
    const served = detail.json.body!.chatobject.MessagesArray.map((m) => m.MsgContent);
    expect(served).toEqual(corpus.map(([, out]) => out));
    const stored = await rows<{ content: string }>(
      server.database.db,
      sql`select m.content from chat_messages m join chat_sessions c on c.id = m.session_id where c.session_id = ${session.ChatSessionId}::uuid`,
    );
    for (const { content } of stored) expect(content).not.toMatch(/onerror|onclick|onmouseover|<script|javascript:|<img|<iframe/i);
    await staff.call('chat/finish', { chatSessionId: session.ChatSessionId });
  });

  it('reports closed sessions with figures, as JSON and CSV', async () => {
    const { staff, session } = await startChat('report me');
    await operator.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: session.ChatSessionId });
    await operator.client.post('/api/client/finishChat', { param_chat_session_id: session.ChatSessionId });
    // Days are the organisation's (ahead of UTC in the demo): from yesterday to tomorrow in UTC
    // holds today there at every hour (between 23:00 and 24:00 UTC it is already tomorrow in Tirana).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { fromDate: day(-1), toDate: day(1) };
    const page = await officer.client.post<{
      resultobject: { ChatSessionId: string; Messages: number; Waiting: string; SecurityOfficerName: string }[];
      total: number;
    }>('/api/client/getchatrecordings', { ...range, limit: 100 });
    expect(page.status).toBe(200);
    const row = page.json.body!.resultobject.find((r) => r.ChatSessionId === session.ChatSessionId);
    expect(row).toMatchObject({ Messages: 2, SecurityOfficerName: 'Arta Leka' });
    expect(row!.Waiting).toMatch(/^\d\d:\d\d:\d\d$/);
    const csv = await fetch(`${server.baseUrl}/api/client/getchatrecordings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: officer.client.cookieHeader(), 'x-xsrf-token': officer.client.csrf! },
      body: JSON.stringify({ ...range, format: 'csv' }),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('Waiting time');
    expect(text).toContain('Klodian Marku');
    expect(text).toContain('Arta Leka');
    expect(Number(csv.headers.get('x-report-rows'))).toBe(page.json.body!.total);
    const admin = await consoleLogin(server, 'orgadmin@example.com');
    expect((await admin.client.post('/api/client/getchatrecordings', range)).status).toBe(403);
    expect((await staff.call('chat/session', { chatSessionId: session.ChatSessionId })).json.body).toBeTruthy();
  });

  it('lists the officers for the Console dialog and carries officer-to-officer chat both ways', async () => {
    const list = await operator.client.post<{ personobject: { UserId: number; Email: string }[] }>('/api/client/employeebyemail', {
      case: 'GET-EMPLOYEES-FOR-CONSOLE',
    });
    expect(list.status).toBe(200);
    const expected = await rows<{ email: string }>(
      server.database.db,
      sql`select distinct u.email, u.surname, u.name, u.id from users u join works_in w on w.user_id = u.id
        where u.role_id in (5, 8) and u.id <> ${operator.userId} and w.security_office_id in
          (select security_office_id from works_in where user_id = ${operator.userId} and security_office_id is not null)
        order by u.surname, u.name, u.id`,
    );
    expect(list.json.body!.personobject.map((p) => p.Email)).toEqual(expected.map((e) => e.email));
    expect(list.json.body!.personobject.map((p) => p.Email)).toContain('officer@example.com');
    const filtered = await operator.client.post<{ personobject: unknown[] }>('/api/client/employeebyemail', {
      case: 'GET-EMPLOYEES-FOR-CONSOLE',
      email: 'nobody',
    });
    expect(filtered.json.body!.personobject).toEqual([]);
    const offSock = await socketOf(server, officer);
    const opened = await operator.client.post<{ chatobject: ChatSession }>('/api/client/startchatso', {
      param_longitude: 0,
      param_latitude: 0,
      param_accuracy: '10.12',
      param_mobile_session_type: 'WEB',
      param_userid2: officer.userId,
    });
    expect(opened.status).toBe(200);
    const room = opened.json.body!.chatobject;
    expect(room.SessionKind).toBe('console');
    const w = await operator.client.post('/api/client/writeinchat', {
      param_chat_session_id: room.ChatSessionId,
      param_content: 'Coffee?',
      param_console: true,
    });
    expect(w.status).toBe(200);
    await offSock.waitFor((m) => isChatMessage(m, room.ChatSessionId, 'Coffee?'));
    const fromOther = await officer.client.post<{ chatobject: ChatSession }>('/api/client/startchatso', {
      param_accuracy: '10.12',
      param_userid2: operator.userId,
    });
    expect(fromOther.json.body!.chatobject.ChatSessionId).toBe(room.ChatSessionId);
    expect(fromOther.json.body!.chatobject.MessagesArray.map((m) => m.MsgContent)).toEqual(['Coffee?']);
    // Not a session of the mobile lists, and nobody else may read it.
    const open = await operator.client.post<{ chatobject: ChatSession[] }>('/api/client/getSessions', {});
    expect(open.json.body!.chatobject.map((s) => s.ChatSessionId)).not.toContain(room.ChatSessionId);
    const stranger = await consoleLogin(server, await otherOfficeOperator(server));
    expect((await stranger.client.post('/api/client/getSessionDetailsBySessionId', { param_session_id: room.ChatSessionId })).status).toBe(
      404,
    );
    expect((await stranger.client.post('/api/client/startchatso', { param_userid2: operator.userId })).status).toBe(404);
    offSock.close();
  });

  it('plays a mobile chat with the simulator: prints states and messages, exits 0 when the console finishes', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/simulator/src/index.ts',
        'chat',
        '--url',
        server.baseUrl,
        '--email',
        'staff@example.com',
        '--text',
        'Sim says hi',
        '--timeout',
        '60',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: string[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => lines.push(...String(d).split('\n').filter(Boolean)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const waitLine = async (line: string) => {
      const until = Date.now() + 30_000;
      while (!lines.includes(line)) {
        if (Date.now() > until) throw new Error(`no ${line}; got ${JSON.stringify(lines)} ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitLine('{"type":"state","status":"incoming"}');
    const open = await operator.client.post<{ chatobject: ChatSession[] }>('/api/client/getSessions', {});
    const s = open.json.body!.chatobject.find((x) => x.MobileCallerName === 'Klodian Marku')!;
    expect((await operator.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: s.ChatSessionId })).status).toBe(200);
    await waitLine('{"type":"state","status":"active"}');
    await waitLine('{"type":"message","from":"console","content":"What is your emergency?"}');
    await operator.client.post('/api/client/finishChat', { param_chat_session_id: s.ChatSessionId });
    expect(await exited).toBe(0);
    expect(lines).toContain('{"type":"message","from":"mobile","content":"Sim says hi"}');
    expect(lines.at(-1)).toBe('{"type":"state","status":"closed"}');
  }, 60_000);

  it('answers 400 for bad input', async () => {
    const bad = await operator.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: 'nope' });
    expect(bad.status).toBe(400);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    expect(
      (
        await staff.call('chat/start', {
          branchOfficeId: staff.Branches[0]!.BranchOfficeId,
          latitude: 100,
          longitude: 0,
          horizontalAccuracy: 5,
        })
      ).status,
    ).toBe(400);
    expect((await staff.call('chat/start', { branchOfficeId: 999999, latitude: 1, longitude: 1, horizontalAccuracy: 5 })).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('chat first-wins across two server processes on PostgreSQL', () => {
  it('gives the session to exactly one of two operators answering at once on two nodes', async () => {
    const target = await freshDatabaseUrl('postgres');
    const a = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' });
    const b = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' }, { seed: false });
    try {
      for (let round = 0; round < 5; round++) {
        const staff = await mobileLogin(a.baseUrl, 'staff@example.com');
        const started = await staff.call<{ chatobject: ChatSession }>('chat/start', {
          branchOfficeId: staff.Branches[0]!.BranchOfficeId,
          latitude: 41.3,
          longitude: 19.8,
          horizontalAccuracy: 10,
        });
        const id = started.json.body!.chatobject.ChatSessionId;
        const op = await consoleLogin(a, 'operator@example.com');
        const off = await consoleLogin(b, 'officer@example.com');
        const offSock = await socketOf(b, off);
        const [ra, rb] = await Promise.all([
          op.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: id }),
          off.client.post('/api/client/answerchatfromconsole', { param_chat_session_id: id }),
        ]);
        expect([ra.status, rb.status].sort()).toEqual([200, 409]);
        const loser = ra.status === 409 ? ra : rb;
        expect(loser.json.description).toMatch(/^This chat was already answered by (Arta Leka|Besnik Shehu)$/);
        const msgs = await rows<{ n: number }>(
          a.database.db,
          sql`select count(*)::int as n from chat_messages m join chat_sessions c on c.id = m.session_id where c.session_id = ${id}::uuid`,
        );
        expect(msgs[0]!.n).toBe(1);
        // The answer made on one node reaches the consoles of the other.
        await offSock.waitFor((m) => isChatSession(m, id, 'active'));
        offSock.close();
        await staff.call('chat/finish', { chatSessionId: id });
      }
    } finally {
      await b.close();
      await a.close();
      await target.drop();
    }
  }, 120_000);
});
