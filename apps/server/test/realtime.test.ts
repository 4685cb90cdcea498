/**
 * Live monitoring over the mobile API and the console socket: duress, geofence, timers, scope,
 * and lossless resume (after a disconnect, a server restart, and across two server processes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SocketEvent, SocketEventOf, SocketMessage } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { alertExpiredTimers } from '../src/modules/mobile/mobile.service.js';
import {
  ApiClient,
  DB_KINDS,
  SocketClient,
  freshDatabaseUrl,
  mobileLogin,
  startServerOn,
  startTestServer,
  type TestServer,
} from './helpers.js';

async function consoleSocket(server: { baseUrl: string }, email: string, lastEventId?: number) {
  const c = new ApiClient(server.baseUrl);
  const login = await c.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return SocketClient.connect(server.baseUrl, infos.Token, infos.UserId, lastEventId);
}

/** A mobile user of the US bank who works in a branch. */
async function usStaffEmail(server: TestServer) {
  const [u] = await rows<{ email: string }>(
    server.database.db,
    sql`select u.email from users u join works_in w on w.user_id = u.id
    join branch_offices b on b.id = w.branch_office_id join organizations o on o.id = b.organization_id
    where u.role_id = 7 and u.status_id = 1 and o.name like 'Liberty%' order by u.id limit 1`,
  );
  return u!.email;
}

describe.each(DB_KINDS)('live monitoring on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000', SOCKET_HEARTBEAT_MS: '300' });
  });
  afterAll(async () => server?.close());

  it('a panic from the app reaches the organisation admin and the operators at once, never the other bank', async () => {
    const al = await consoleSocket(server, 'orgadmin@example.com');
    const us = await consoleSocket(server, 'us-orgadmin@example.com');
    const op = await consoleSocket(server, 'operator@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const branch = staff.Branches[0]!;
    const res = await staff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: branch.BranchOfficeId,
      type: 'PANIC',
      latitude: branch.Latitude,
      longitude: branch.Longitude,
    });
    expect(res.status).toBe(200);
    const id = res.json.body!.NotificationId;
    for (const s of [al, op]) {
      const e = (await s.waitFor((m) => 'id' in m && m.id === id)) as SocketEvent;
      expect(e).toMatchObject({
        type: 'NOTIFICATION',
        BranchAction: 'Panic',
        NotificationType: 10,
        BranchOfficeId: branch.BranchOfficeId,
        SecurityAlert: true,
      });
    }
    // A US event reaches the US admin but never the Albanian admin.
    const usStaff = await mobileLogin(server.baseUrl, await usStaffEmail(server));
    const usRes = await usStaff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: usStaff.Branches[0]!.BranchOfficeId,
      type: 'TROUBLE',
    });
    const usId = usRes.json.body!.NotificationId;
    await us.waitFor((m) => 'id' in m && m.id === usId);
    await op.waitFor((m) => 'id' in m && m.id === usId);
    await new Promise((r) => setTimeout(r, 300));
    expect(al.events.some((e) => e.id === usId)).toBe(false);
    expect(us.events.some((e) => e.id === id)).toBe(false);
    // The branch board turned red.
    const c = new ApiClient(server.baseUrl);
    await c.login('orgadmin@example.com');
    const board = await c.post<{ organizationobject: { BranchOfficeId: number; BranchAction: string }[] }>('/api/client/getofficesv2', {
      case: 'GET-ALL-BRANCH-OFFICES',
    });
    expect(board.json.body!.organizationobject.find((b) => b.BranchOfficeId === branch.BranchOfficeId)!.BranchAction).toBe('Panic');
    for (const s of [al, us, op]) s.close();
  });

  it('duress: the panic code performs the action and answers exactly like the PIN, and a silent duress alarm reaches the console', async () => {
    const officer = await consoleSocket(server, 'officer@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const branchOfficeId = staff.Branches[0]!.BranchOfficeId;
    const normal = await staff.call<Record<string, unknown>>('branchaction', { branchOfficeId, action: 'OPEN', pin: '1234' });
    const duress = await staff.call<Record<string, unknown>>('branchaction', { branchOfficeId, action: 'OPEN', pin: '9999' });
    expect(duress.status).toBe(normal.status);
    expect(Object.keys(duress.json).sort()).toEqual(Object.keys(normal.json).sort());
    expect(Object.keys(duress.json.body!).sort()).toEqual(Object.keys(normal.json.body!).sort());
    // Task: the list that came with the action depends on the branch's state (the first opening's
    // list is still running at the second), not on the code; both answers carry the field.
    expect('Task' in duress.json.body!).toBe(true);
    expect({ ...duress.json.body, NotificationId: 0, At: '', Task: null }).toEqual({
      ...normal.json.body,
      NotificationId: 0,
      At: '',
      Task: null,
    });
    const openId = duress.json.body!.NotificationId as number;
    const open = (await officer.waitFor((m) => 'id' in m && m.id === openId)) as SocketEvent;
    expect(open.BranchAction).toBe('Open');
    const alarm = (await officer.waitFor((m) => 'id' in m && m.BranchAction === 'Duress')) as SocketEvent;
    expect(alarm).toMatchObject({ type: 'NOTIFICATION', NotificationType: 11, BranchOfficeId: branchOfficeId, SecurityAlert: true });
    expect(alarm.id).toBeGreaterThan(openId);
    // The normal PIN raised no duress alarm.
    const normalId = normal.json.body!.NotificationId as number;
    expect(officer.events.filter((e) => e.BranchAction === 'Duress' && e.id < openId && e.id > normalId)).toHaveLength(0);
    // A wrong code changes nothing.
    const wrong = await staff.call('branchaction', { branchOfficeId, action: 'CLOSE', pin: '0000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('errors.invalidPin');
    officer.close();
  });

  it('a batch client gets the events of one read of the log in one frame; the others get one frame each', async () => {
    const c = new ApiClient(server.baseUrl);
    const infos = ((await c.login('officer@example.com')).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    const batch = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId, undefined, { batch: true });
    const plain = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    // The duress code commits the action and the silent alarm in one insert: one read of the log.
    const r = await staff.call<{ NotificationId: number }>('branchaction', {
      branchOfficeId: staff.Branches[0]!.BranchOfficeId,
      action: 'SERVICE',
      pin: '9999',
    });
    const id = r.json.body!.NotificationId;
    for (const s of [batch, plain]) await s.waitFor((m) => 'id' in m && m.id === id + 1);
    const ids = (s: SocketClient) => s.events.filter((e) => e.id >= id).map((e) => e.id);
    expect(ids(batch)).toEqual([id, id + 1]);
    expect(ids(plain)).toEqual([id, id + 1]);
    // (Other events, e.g. from the background jobs, may arrive in frames of their own.)
    const inBatch = batch.frames.filter((f) => f.includes(id) || f.includes(id + 1));
    expect(inBatch).toHaveLength(1);
    expect(inBatch[0]).toEqual(expect.arrayContaining([id, id + 1]));
    expect(plain.frames.filter((f) => f.includes(id) || f.includes(id + 1))).toEqual([[id], [id + 1]]);
    batch.close();
    plain.close();
  });

  it('geofence: a check-in at the branch is accepted, one across town is refused when validation is on', async () => {
    await server.database.db.execute(sql`update users set geofence_validation = true where email = 'staff@example.com'`);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const inside = await staff.call<{ CheckInId: number; InsideGeofence: boolean }>('checkin', {
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude + 0.0003,
      longitude: b.Longitude,
      horizontalAccuracy: 12,
    });
    expect(inside.status).toBe(200);
    expect(inside.json.body!.InsideGeofence).toBe(true);
    const outside = await staff.call('checkin', {
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude + 0.05,
      longitude: b.Longitude,
      horizontalAccuracy: 12,
    });
    expect(outside.status).toBe(400);
    expect(outside.json.code).toBe('errors.outsideGeofence');
    const out = await staff.call('checkout', {
      checkInId: inside.json.body!.CheckInId,
      latitude: b.Latitude,
      longitude: b.Longitude,
      horizontalAccuracy: 10,
    });
    expect(out.status).toBe(200);
    const again = await staff.call('checkout', {
      checkInId: inside.json.body!.CheckInId,
      latitude: b.Latitude,
      longitude: b.Longitude,
      horizontalAccuracy: 10,
    });
    expect(again.status).toBe(404);
  });

  it('a timer that runs out raises an alarm once (Alerted); a normal stop is SafeStopped and raises nothing', async () => {
    const op = await consoleSocket(server, 'operator@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const lapsed = await staff.call<{ TimerId: number }>('timer/start', {
      timerForAction: 'Cash delivery',
      durationSeconds: 60,
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    const safe = await staff.call<{ TimerId: number }>('timer/start', {
      timerForAction: 'Vault check',
      durationSeconds: 60,
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    expect(
      (await staff.call('timer/ping', { timerId: lapsed.json.body!.TimerId, latitude: b.Latitude, longitude: b.Longitude })).status,
    ).toBe(200);
    const stop = await staff.call<{ SafeStopped: boolean }>('timer/stop', { timerId: safe.json.body!.TimerId, pin: '1234' });
    expect(stop.json.body!.SafeStopped).toBe(true);
    const later = new Date(Date.now() + 61_000);
    expect(await alertExpiredTimers(server.app, later)).toBe(1);
    expect(await alertExpiredTimers(server.app, later)).toBe(0);
    const alert = (await op.waitFor((m) => 'id' in m && m.BranchAction === 'Timer Expired')) as SocketEventOf<'NOTIFICATION'>;
    expect(alert.Payload.timerId).toBe(lapsed.json.body!.TimerId);
    const t = await rows<{ id: number; alerted: boolean; safe_stopped: boolean }>(
      server.database.db,
      sql`select id, alerted, safe_stopped from timers where id in (${lapsed.json.body!.TimerId}, ${safe.json.body!.TimerId}) order by id`,
    );
    expect(t.map((r) => [r.alerted, r.safe_stopped])).toEqual([
      [true, false],
      [false, true],
    ]);
    op.close();
  });

  it('closes the socket of a session that logged out, and refuses a bad token at init', async () => {
    const c = new ApiClient(server.baseUrl);
    const login = await c.login('regional@example.com');
    const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    const socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    await c.post('/api/client/logout');
    await socket.waitFor((m) => m.type === 'error', 3_000);
    expect(socket.messages.find((m) => m.type === 'error')).toEqual({ type: 'error', code: 'errors.sessionExpired' });
    const bad = await SocketClient.connect(server.baseUrl, 'x'.repeat(43), infos.UserId);
    expect(bad.messages).toEqual([{ type: 'error', code: 'errors.sessionExpired' }]);
    // The right token with someone else's user id is refused too.
    const other = new ApiClient(server.baseUrl);
    const o = (await other.login('orgadmin@example.com')).json.body as { UserInfos: { Token: string } };
    const mismatch = await SocketClient.connect(server.baseUrl, o.UserInfos.Token, infos.UserId);
    expect(mismatch.messages).toEqual([{ type: 'error', code: 'errors.sessionExpired' }]);
  });

  it('resume: after a disconnect, exactly the 50 events missed, in order, once', async () => {
    const first = await consoleSocket(server, 'orgadmin@example.com');
    const ready = first.messages.find((m) => m.type === 'ready') as { lastEventId: number };
    const last = ready.lastEventId;
    first.close();
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await staff.call<{ NotificationId: number }>('alarm', {
        branchOfficeId: staff.Branches[0]!.BranchOfficeId,
        type: 'TROUBLE',
        message: `fault ${i}`,
      });
      ids.push(r.json.body!.NotificationId);
    }
    const again = await consoleSocket(server, 'orgadmin@example.com', last);
    const got = again.events.map((e) => e.id);
    expect(got).toEqual(ids);
    expect(again.messages.find((m) => m.type === 'ready')).toMatchObject({ replayed: 50, lastEventId: ids[49] });
    again.close();
  });

  it("a heartbeat's lastEventId passes the other scopes' events: resuming from it misses nothing and reads nothing again", async () => {
    const us = await consoleSocket(server, 'us-orgadmin@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await staff.call<{ NotificationId: number }>('alarm', {
        branchOfficeId: staff.Branches[0]!.BranchOfficeId,
        type: 'TROUBLE',
        message: `not the US bank's ${i}`,
      });
      ids.push(r.json.body!.NotificationId);
    }
    const beat = (await us.waitFor((m) => m.type === 'heartbeat' && (m as { lastEventId: number }).lastEventId >= ids[2]!)) as {
      lastEventId: number;
    };
    expect(us.events.map((e) => e.id)).not.toContain(ids[0]);
    us.close();
    // An event of the scope after the heartbeat is replayed from its position; nothing before it is.
    const usStaff = await mobileLogin(server.baseUrl, await usStaffEmail(server));
    const own = await usStaff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: usStaff.Branches[0]!.BranchOfficeId,
      type: 'TROUBLE',
    });
    const again = await consoleSocket(server, 'us-orgadmin@example.com', beat.lastEventId);
    expect(again.events.map((e) => e.id)).toEqual([own.json.body!.NotificationId]);
    again.close();
  });

  it("first connection: the sign-in answer's LastEventId replays what was committed between the sign-in and the socket", async () => {
    const newest = async () =>
      (await rows<{ id: number }>(server.database.db, sql`select coalesce(max(id), 0)::int as id from events`))[0]!.id;
    const console_ = new ApiClient(server.baseUrl);
    const before = await newest();
    const login = await console_.login('orgadmin@example.com');
    const infos = (login.json.body as { UserInfos: { Token: string; UserId: number; LastEventId: number } }).UserInfos;
    // The event log's position at the answer: nothing the console reads afterwards can miss an event at or below it.
    expect(infos.LastEventId).toBeGreaterThanOrEqual(before);
    expect(infos.LastEventId).toBeLessThanOrEqual(await newest());

    // Committed after the sign-in answer, before the console's socket is up (its first data reads
    // may already have run): what fell between the snapshot and the stream before.
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    expect(staff.LastEventId).toBeGreaterThanOrEqual(infos.LastEventId);
    const raised = await staff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: staff.Branches[0]!.BranchOfficeId,
      type: 'PANIC',
    });
    const alarmId = raised.json.body!.NotificationId;
    // The session check on a reload answers the position too.
    const check = await console_.post<{ UserInfos: { LastEventId: number } }>('/api/client/isauthenticated');
    expect(check.json.body!.UserInfos.LastEventId).toBeGreaterThanOrEqual(infos.LastEventId);

    const socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId, infos.LastEventId);
    expect(socket.events.map((e) => e.id)).toContain(alarmId);
    expect(socket.messages.find((m) => m.type === 'ready')).toMatchObject({ lastEventId: expect.any(Number) });
    // Without a position the stream starts at the server's: the alarm is not replayed (what the console did before).
    const fromNow = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    expect(fromNow.events.map((e) => e.id)).not.toContain(alarmId);
    socket.close();
    fromNow.close();
  });
});

describe.each(DB_KINDS)('resume across a server restart on %s', (kind) => {
  it('replays the missed events from the database after the server restarts', async () => {
    const target = await freshDatabaseUrl(kind);
    const dataDir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restart-')) : undefined;
    const where = { databaseUrl: target.url, dataDir };
    try {
      let server = await startServerOn(where, { LOGIN_RATE_MAX: '1000' });
      const first = await consoleSocket(server, 'operator@example.com');
      const last = (first.messages.find((m) => m.type === 'ready') as { lastEventId: number }).lastEventId;
      first.close();
      const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId: staff.Branches[0]!.BranchOfficeId, type: 'ALARM' })).json
            .body!.NotificationId,
        );
      await server.close();
      server = await startServerOn(where, { LOGIN_RATE_MAX: '1000' }, { seed: false });
      const again = await consoleSocket(server, 'operator@example.com', last);
      expect(again.events.map((e) => e.id)).toEqual(ids);
      again.close();
      await server.close();
    } finally {
      await target.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two server processes on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const target = await freshDatabaseUrl('postgres');
    drop = target.drop;
    a = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' });
    b = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' }, { seed: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('an event committed through one server reaches a socket on the other, and resume works on either', async () => {
    const onB = await consoleSocket(b, 'officer@example.com');
    const last = (onB.messages.find((m) => m.type === 'ready') as { lastEventId: number }).lastEventId;
    const staff = await mobileLogin(a.baseUrl, 'staff@example.com');
    const r = await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId: staff.Branches[0]!.BranchOfficeId, type: 'PANIC' });
    await onB.waitFor((m) => 'id' in m && m.id === r.json.body!.NotificationId, 3_000);
    onB.close();
    const ids = [r.json.body!.NotificationId];
    for (let i = 0; i < 20; i++)
      ids.push(
        (await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId: staff.Branches[0]!.BranchOfficeId, type: 'TROUBLE' })).json
          .body!.NotificationId,
      );
    const resumed = await consoleSocket(b, 'officer@example.com', last);
    expect(resumed.events.map((e) => e.id)).toEqual(ids);
    resumed.close();
  });

  it('onlineConsoles lists the security users signed in on either server, and drops them when they leave', async () => {
    type Online = Extract<SocketMessage, { type: 'onlineConsoles' }>;
    const lists = (c: SocketClient) => c.messages.filter((m): m is Online => m.type === 'onlineConsoles');
    const officer = await consoleSocket(b, 'officer@example.com');
    await officer.waitFor((m) => m.type === 'onlineConsoles');
    const officerId = lists(officer)
      .at(-1)!
      .users.find((u) => u.Name === 'Besnik')!.UserId;
    const operator = await consoleSocket(a, 'operator@example.com');
    await operator.waitFor((m) => m.type === 'onlineConsoles');
    // The newcomer on A sees the officer signed in on B, and B hears of the operator on A.
    expect(
      lists(operator)
        .at(-1)!
        .users.map((u) => u.Name)
        .sort(),
    ).toEqual(['Arta', 'Besnik']);
    await officer.waitFor((m) => m.type === 'onlineConsoles' && m.users.some((u) => u.Name === 'Arta'), 3_000);
    operator.close();
    await officer.waitFor(
      (m) => m.type === 'onlineConsoles' && m === lists(officer).at(-1) && !m.users.some((u) => u.Name === 'Arta'),
      3_000,
    );
    expect(
      lists(officer)
        .at(-1)!
        .users.map((u) => u.UserId),
    ).toEqual([officerId]);
    officer.close();
  });
});
