/**
 * Timers (spec §4 Timers, §7 START / CHECKINOUT / STOP-CHECKINOUT-PINGS; docs/API.md "Timers"
 * gettimers): the timers running now in scope — a start adds one with its first trail point, pings
 * append, a stop removes it, an expired one stays as Alerted; another organisation's console, admin
 * and mobile sessions see nothing; bad input 400. The socket events carry the same timer ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetRunningTimersBody, RunningTimer, SocketEventOf } from '@vigil/contract';
import { alertExpiredTimers } from '../src/modules/mobile/mobile.service.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

const CASE = { case: 'GET-RUNNING-TIMERS' };

describe.each(DB_KINDS)('running timers on %s', (kind) => {
  let server: TestServer;
  const c: Record<string, ApiClient> = {};
  const list = async (who: string): Promise<RunningTimer[]> => {
    const r = await c[who]!.post<GetRunningTimersBody>('/api/client/gettimers', CASE);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.body!.timerobject;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000', TIMER_TRAIL_PINGS: '3' });
    for (const [k, email] of Object.entries({
      al: 'orgadmin@example.com',
      us: 'us-orgadmin@example.com',
      operator: 'operator@example.com',
      manager: 'manager@example.com',
    })) {
      c[k] = new ApiClient(server.baseUrl);
      await c[k].login(email);
    }
    c.admin = new ApiClient(server.baseUrl);
    await c.admin.login('admin@example.com', undefined, 'admin');
  }, 120_000);
  afterAll(async () => server?.close());

  it('start adds, pings append (trail capped, LastPingUTC moves), stop removes; scope by branch and by organisation', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const start = await staff.call<{ TimerId: number; ExpiresAtUTC: string }>('timer/start', {
      timerForAction: 'Cash delivery',
      durationSeconds: 600,
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
      horizontalAccuracy: 8,
    });
    expect(start.status).toBe(200);
    const id = start.json.body!.TimerId;
    const noBranch = await staff.call<{ TimerId: number }>('timer/start', {
      timerForAction: 'Walk to car',
      durationSeconds: 300,
      latitude: 41.3,
      longitude: 19.8,
    });
    expect(noBranch.status).toBe(200);
    const loose = noBranch.json.body!.TimerId;

    let mine = (await list('al')).filter((t) => t.TimerId === id || t.TimerId === loose);
    expect(mine.map((t) => t.TimerId)).toEqual([loose, id]); // soonest expiry first
    const t0 = mine.find((t) => t.TimerId === id)!;
    expect(t0).toMatchObject({
      TimerForAction: 'Cash delivery',
      UserId: staff.UserId,
      BranchOfficeId: b.BranchOfficeId,
      DurationSeconds: 600,
      ExpiresAtUTC: start.json.body!.ExpiresAtUTC,
      Alerted: false,
    });
    expect(t0.Name.length).toBeGreaterThan(0);
    expect(t0.BranchOfficeName).toBeTruthy();
    expect(t0.Trail).toEqual([{ Latitude: b.Latitude, Longitude: b.Longitude, HorizontalAccuracy: 8, AtUTC: t0.StartedAtUTC }]);
    expect(t0.LastPingUTC).toBe(t0.StartedAtUTC);
    expect(mine.find((t) => t.TimerId === loose)!.BranchOfficeId).toBeNull();

    // The branch's manager and the monitoring operator see the branch timer; the other bank sees neither.
    expect((await list('manager')).map((t) => t.TimerId)).toContain(id);
    expect((await list('operator')).map((t) => t.TimerId)).toContain(id);
    const us = (await list('us')).map((t) => t.TimerId);
    expect(us).not.toContain(id);
    expect(us).not.toContain(loose);

    // Pings append; only the latest TIMER_TRAIL_PINGS (3) come back, oldest first.
    for (let i = 1; i <= 4; i++) {
      const p = await staff.call('timer/ping', {
        timerId: id,
        latitude: b.Latitude + i / 1000,
        longitude: b.Longitude,
        horizontalAccuracy: i,
      });
      expect(p.status).toBe(200);
    }
    const t1 = (await list('al')).find((t) => t.TimerId === id)!;
    expect(t1.Trail.map((p) => p.HorizontalAccuracy)).toEqual([2, 3, 4]);
    expect(t1.LastPingUTC).toBe(t1.Trail[2]!.AtUTC);
    expect(Date.parse(t1.LastPingUTC)).toBeGreaterThan(Date.parse(t1.StartedAtUTC) - 1);

    // Stop removes it.
    expect((await staff.call('timer/stop', { timerId: id, pin: '1234' })).status).toBe(200);
    mine = (await list('al')).filter((t) => t.TimerId === id || t.TimerId === loose);
    expect(mine.map((t) => t.TimerId)).toEqual([loose]);
    expect((await staff.call('timer/stop', { timerId: loose, pin: '1234' })).status).toBe(200);
    expect((await list('al')).map((t) => t.TimerId)).not.toContain(loose);
  });

  it('an expired timer stays listed as Alerted (the alarm it raised) until stopped', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const start = await staff.call<{ TimerId: number }>('timer/start', {
      timerForAction: 'Vault check',
      durationSeconds: 60,
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    const id = start.json.body!.TimerId;
    expect(await alertExpiredTimers(server.app, new Date(Date.now() + 61_000))).toBeGreaterThanOrEqual(1);
    const t = (await list('al')).find((x) => x.TimerId === id)!;
    expect(t.Alerted).toBe(true);
    expect((await staff.call('timer/stop', { timerId: id, pin: '1234' })).status).toBe(200);
    expect((await list('al')).map((x) => x.TimerId)).not.toContain(id);
  });

  it('refuses bad input (400) and sessions that are not a web console (401)', async () => {
    for (const body of [{}, { case: 'GET-ALL' }, { case: 7 }, 'x', []]) {
      const r = await c.al!.post('/api/client/gettimers', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.success).toBe(false);
    }
    expect((await c.admin!.post('/api/client/gettimers', CASE)).status).toBe(401);
    expect([401, 403]).toContain((await new ApiClient(server.baseUrl).post('/api/client/gettimers', CASE)).status);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const r = await fetch(`${server.baseUrl}/api/client/gettimers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
      body: JSON.stringify(CASE),
    });
    expect(r.status).toBe(401);
  });

  it('the socket events (START, CHECKINOUT, STOP-CHECKINOUT-PINGS) name the timer gettimers lists, in scope only', async () => {
    const socketOf = async (email: string) => {
      const api = new ApiClient(server.baseUrl);
      const infos = ((await api.login(email)).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
      return SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    };
    const al = await socketOf('orgadmin@example.com');
    const us = await socketOf('us-orgadmin@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const b = staff.Branches[0]!;
    const start = await staff.call<{ TimerId: number }>('timer/start', {
      timerForAction: 'Night deposit',
      durationSeconds: 900,
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    const id = start.json.body!.TimerId;
    await staff.call('timer/ping', { timerId: id, latitude: b.Latitude, longitude: b.Longitude });
    await staff.call('timer/stop', { timerId: id, pin: '1234' });
    const isMine = (type: string) => (m: { type: string }) => m.type === type && (m as SocketEventOf<'START'>).Payload?.timerId === id;
    const started = (await al.waitFor(isMine('START'))) as SocketEventOf<'START'>;
    expect(started.Payload).toMatchObject({ timerForAction: 'Night deposit', durationSeconds: 900 });
    expect(started.UserId).toBe(staff.UserId);
    await al.waitFor(isMine('CHECKINOUT'));
    const stopped = (await al.waitFor(isMine('STOP-CHECKINOUT-PINGS'))) as SocketEventOf<'STOP-CHECKINOUT-PINGS'>;
    expect(stopped.Payload.safeStopped).toBe(true);
    expect(us.messages.some(isMine('START'))).toBe(false);
    al.close();
    us.close();
  });
});
