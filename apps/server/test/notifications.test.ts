/** Notifications and the shared alarm workflow (spec §7 getnotificationsv2 / getnotifications; issue: alarm panel). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRow, SocketEventOf } from '@vigil/contract';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('notifications on %s', (kind) => {
  let server: TestServer;
  let panicId: number;
  let branchOfficeId: number;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    branchOfficeId = staff.Branches[0]!.BranchOfficeId;
    panicId = (await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId, type: 'PANIC', message: 'Robbery in progress' }))
      .json.body!.NotificationId;
  });
  afterAll(async () => server?.close());

  async function as(email: string) {
    const c = new ApiClient(server.baseUrl);
    const login = await c.login(email);
    const get = async (query: string) => {
      const res = await fetch(`${server.baseUrl}/api/client/getnotificationsv2?${query}`, { headers: { cookie: c.cookieHeader() } });
      return { status: res.status, json: (await res.json()) as { body?: { notificationobject: NotificationRow[] }; description?: string } };
    };
    return { c, get, infos: (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos };
  }

  it('lists the panic by type for users in scope, and never for the other bank', async () => {
    const al = await as('orgadmin@example.com');
    const panic = await al.get('type=panic');
    const row = panic.json.body!.notificationobject.find((n) => n.NotificationId === panicId)!;
    expect(row).toMatchObject({
      BranchAction: 'Panic',
      NotificationType: 10,
      Category: 'panic',
      BranchOfficeId: branchOfficeId,
      MessageContent: 'Robbery in progress',
      IsRead: false,
      Acknowledged: null,
    });
    expect(row.BranchOfficeDst).toMatch(/^CES?T$/);
    expect((await al.get('type=emergency')).json.body!.notificationobject.some((n) => n.NotificationId === panicId)).toBe(true);
    expect((await al.get('type=anomaly')).json.body!.notificationobject.every((n) => n.NotificationType === 0)).toBe(true);
    const us = await as('us-orgadmin@example.com');
    expect((await us.get('type=all&limit=500')).json.body!.notificationobject.some((n) => n.NotificationId === panicId)).toBe(false);
    expect((await us.get(`id=${panicId}`)).status).toBe(404);
    expect((await al.get('type=nonsense')).status).toBe(400);
  });

  it('the first acknowledgement wins, reaches every console at once, and shows with name and time', async () => {
    const al = await as('orgadmin@example.com');
    const op = await as('operator@example.com');
    const socket = await SocketClient.connect(server.baseUrl, al.infos.Token, al.infos.UserId);
    const first = await op.c.post<{ acknowledged: boolean; AcknowledgedBy: number }>('/api/client/managealarms', {
      case: 'ACKNOWLEDGE',
      notificationId: panicId,
      disposition: 'police-dispatched',
      note: 'Police called',
    });
    expect(first.json.body!.acknowledged).toBe(true);
    const ack = (await socket.waitFor((m) => m.type === 'ALARM-ACK')) as SocketEventOf<'ALARM-ACK'>;
    expect(ack.Payload).toMatchObject({
      NotificationId: panicId,
      Acknowledged: { UserId: op.infos.UserId, Disposition: 'police-dispatched', Note: 'Police called' },
    });
    expect(String(ack.Payload.Acknowledged.Name)).toMatch(/\S+ \S+/);
    const second = await al.c.post<{ acknowledged: boolean; AcknowledgedBy: number }>('/api/client/managealarms', {
      case: 'ACKNOWLEDGE',
      notificationId: panicId,
      disposition: 'test',
      note: 'Second',
    });
    expect(second.json.body).toMatchObject({ acknowledged: false, AcknowledgedBy: op.infos.UserId });
    const note = await al.c.post('/api/client/managealarms', { case: 'ADD-NOTE', notificationId: panicId, note: 'Police on the way' });
    expect(note.status).toBe(200);
    await socket.waitFor((m) => m.type === 'ALARM-NOTE');
    const [row] = (await al.get(`id=${panicId}`)).json.body!.notificationobject;
    expect(row!.Acknowledged).toMatchObject({ UserId: op.infos.UserId, Disposition: 'police-dispatched', Note: 'Police called' });
    expect(row!.Notes.map((n) => n.Note)).toEqual(['Police on the way']);
    const empty = await al.c.post('/api/client/managealarms', { case: 'ADD-NOTE', notificationId: panicId, note: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.description).toBe('This field is required');
    // Not-done alarms no longer include it.
    expect(
      (await al.get('type=alarms&notDone=true&limit=500')).json.body!.notificationobject.some((n) => n.NotificationId === panicId),
    ).toBe(false);
    // Someone outside the scope cannot acknowledge or even find it.
    const us = await as('us-orgadmin@example.com');
    const foreign = await us.c.post('/api/client/managealarms', {
      case: 'ACKNOWLEDGE',
      notificationId: panicId,
      disposition: 'test',
      note: 'x',
    });
    expect(foreign.status).toBe(404);
    socket.close();
  });

  it('counts from and to as days in the branch zone, on either side of its midnight (as the console does)', async () => {
    const db = server.database.db;
    const [p] = await rows<{ organization_id: number; regional_office_id: number; user_id: number; time_zone: string }>(
      db,
      sql`select e.organization_id, e.regional_office_id, e.user_id, b.time_zone from events e join branch_offices b on b.id = e.branch_office_id where e.id = ${panicId}`,
    );
    expect(p!.time_zone).toBe('Europe/Tirane'); // UTC+2 in May 2026
    // 23:30 local on 10 May, 00:30 local on 11 May (both still 10 May in UTC).
    const made = await rows<{ id: number }>(
      db,
      sql`insert into events (kind, organization_id, regional_office_id, branch_office_id, user_id, branch_action, notification_type, security_alert, occurred_at)
        values ('NOTIFICATION', ${p!.organization_id}, ${p!.regional_office_id}, ${branchOfficeId}, ${p!.user_id}, 'Panic', 10, true, '2026-05-10T21:30:00Z'),
               ('NOTIFICATION', ${p!.organization_id}, ${p!.regional_office_id}, ${branchOfficeId}, ${p!.user_id}, 'Panic', 10, true, '2026-05-10T22:30:00Z')
        returning id::int as id`,
    );
    const [late, afterMidnight] = made.map((r) => r.id);
    try {
      const al = await as('orgadmin@example.com');
      const ids = async (query: string) => {
        const res = await al.get(`type=panic&limit=500&${query}`);
        expect(res.status).toBe(200);
        return res.json.body!.notificationobject.map((n) => n.NotificationId).filter((id) => id === late || id === afterMidnight);
      };
      expect(await ids('from=2026-05-10&to=2026-05-10')).toEqual([late]);
      expect(await ids('from=2026-05-11&to=2026-05-11')).toEqual([afterMidnight]);
      expect(await ids('from=2026-05-09&to=2026-05-12')).toEqual([afterMidnight, late]);
      expect(await ids('from=2026-05-11')).toEqual([afterMidnight]);
      expect(await ids('to=2026-05-10')).toEqual([late]);
      expect(await ids('from=2026-05-11&to=2026-05-10')).toEqual([]);
    } finally {
      await db.execute(sql`delete from events where id in (${late}, ${afterMidnight})`);
    }
  });

  it('marks a notification read singly, then all, per user', async () => {
    const al = await as('orgadmin@example.com');
    const read = await al.c.post('/api/client/getnotifications', { case: 'MARK-AS-READ-BY-TASKID', taskid: panicId });
    expect(read.status).toBe(200);
    expect((await al.get(`id=${panicId}`)).json.body!.notificationobject[0]!.IsRead).toBe(true);
    // Another user's read state is separate.
    const op = await as('operator@example.com');
    expect((await op.get(`id=${panicId}`)).json.body!.notificationobject[0]!.IsRead).toBe(false);
    await op.c.post('/api/client/getnotifications', { case: 'MARK-ALL-AS-READ' });
    const after = (await op.get('type=all&limit=200')).json.body!.notificationobject;
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((n) => n.IsRead)).toBe(true);
    const details = await al.c.post<{ notificationobject: NotificationRow }>('/api/client/getnotifications', {
      case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID',
      taskid: panicId,
    });
    expect(details.json.body!.notificationobject.NotificationId).toBe(panicId);
    const ens = await al.c.post<{ temp_ens_notificationobject: unknown[] }>('/api/client/getnotifications', {
      case: 'GET-ENS-NOTIFICATIONS',
    });
    expect(ens.json.body!.temp_ens_notificationobject).toEqual([]);
  });
});
