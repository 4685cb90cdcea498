/**
 * One presenter per shape (issue 11): an event received on /_socket and the same event fetched by
 * REST are the same object, field for field. A panic raised through the mobile API is compared with
 * getnotificationsv2 (the whole NotificationRow), GET-REPORT-DETAILS-BY-NOTIFICATION-ID (the row,
 * and Payload = Packet) and GET-ALL-REPORTS (the spec §3 Activity notification fields); an opening
 * with the activity report; an acknowledgement and a note with the row's Acknowledged and Notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityReportRow, NotificationRow, SocketEvent, SocketEventOf, SocketMessage } from '@vigil/contract';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

/** Fields of an event message that are about the message, not the row: its type, its log id and write time, its payload. */
const MESSAGE_ONLY = ['type', 'id', 'LoggedAtUTC', 'Payload'];
/** Fields of an activity report row that only the report computes (times as text, service end, checklist, punctuality). */
const REPORT_ONLY = ['start_time', 'stop_time', 'ChecklistLBranchActions', 'NotificationTimeLocal', 'Punctuality'];
/** The spec §3 Activity notification fields both sides must carry (so that no comparison below can pass on an empty set). */
const ACTIVITY_FIELDS = [
  'NotificationId',
  'BranchAction',
  'NotificationType',
  'RegionalOfficeId',
  'RegionalOfficeName',
  'UserId',
  'Name',
  'Surname',
  'BranchOfficeId',
  'BranchOfficeName',
  'BranchOfficeDst',
  'BranchOfficeTimeZone',
  'BranchOfficeTypeDisplay',
  'OrganizationId',
  'OrganizationName',
  'IsClosedBySystemData',
  'IsTestNotification',
  'NotificationTimeAddedUTC',
  'SecurityAlert',
  'Latitude',
  'Longitude',
  'MessageContent',
];

/** The row an event message carries: the message without its message-only fields. */
function rowOf(e: SocketMessage): Record<string, unknown> {
  return Object.fromEntries(Object.entries(e).filter(([k]) => !MESSAGE_ONLY.includes(k)));
}
function pick(o: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
}
/** A whole UTC day either side of now: covers today in every branch's zone. */
function aroundToday() {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { fromDate: day(Date.now() - 86_400_000), toDate: day(Date.now() + 86_400_000) };
}

describe.each(DB_KINDS)('one presenter for REST and the socket on %s', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let socket: SocketClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    admin = new ApiClient(server.baseUrl);
    const infos = ((await admin.login('orgadmin@example.com')).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
  });
  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  const fetchRow = async (id: number) => {
    const res = await fetch(`${server.baseUrl}/api/client/getnotificationsv2?id=${id}`, { headers: { cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { body: { notificationobject: NotificationRow[] } }).body.notificationobject[0]!;
  };
  const fetchActivity = async (id: number, branchOfficeId: number) => {
    const res = await admin.post<{ notificationobject: ActivityReportRow[] }>('/api/client/getnotifications', {
      case: 'GET-ALL-REPORTS',
      ...aroundToday(),
      branchOfficeId,
      limit: 500,
    });
    expect(res.status).toBe(200);
    return res.json.body!.notificationobject.find((r) => r.NotificationId === id)!;
  };
  /** The activity report row and the live event agree on every shared field, and share all of ACTIVITY_FIELDS. */
  const expectSameActivity = (live: SocketMessage, activity: ActivityReportRow) => {
    const shared = Object.keys(activity).filter((k) => !REPORT_ONLY.includes(k));
    expect(shared.sort()).toEqual([...ACTIVITY_FIELDS].sort());
    expect(pick(rowOf(live), shared)).toStrictEqual(pick(activity, shared));
  };

  it('a live alarm is the notification row getnotificationsv2, the details and the activity report give', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const branch = staff.Branches[0]!;
    const raised = await staff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: branch.BranchOfficeId,
      type: 'PANIC',
      latitude: branch.Latitude,
      longitude: branch.Longitude,
      message: 'Robbery in progress',
    });
    expect(raised.status).toBe(200);
    const id = raised.json.body!.NotificationId;
    const live = await socket.waitFor((m) => 'id' in m && m.id === id);
    expect(live.type).toBe('NOTIFICATION');

    // getnotificationsv2: the whole row, nothing more and nothing less.
    const row = await fetchRow(id);
    expect(row).toMatchObject({ NotificationId: id, OrganizationName: expect.any(String), RegionalOfficeName: expect.any(String) });
    expect(rowOf(live)).toStrictEqual({ ...row });

    // GET-REPORT-DETAILS-BY-NOTIFICATION-ID: the same row, and the live Payload is the detail's Packet.
    const details = await admin.post<{ notificationobject: NotificationRow & { Packet: unknown } }>('/api/client/getnotifications', {
      case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID',
      taskid: id,
    });
    expect(details.status).toBe(200);
    const detail = details.json.body!.notificationobject;
    expect(pick(detail, Object.keys(row))).toStrictEqual({ ...row });
    expect((live as SocketEvent).Payload).toStrictEqual(detail.Packet);

    // GET-ALL-REPORTS: the spec §3 Activity notification fields.
    expectSameActivity(live, await fetchActivity(id, branch.BranchOfficeId));
  });

  it('a live branch action is the activity report row', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const branch = staff.Branches[0]!;
    const opened = await staff.call<{ NotificationId: number }>('branchaction', {
      branchOfficeId: branch.BranchOfficeId,
      action: 'OPEN',
      pin: '1234',
      latitude: branch.Latitude,
      longitude: branch.Longitude,
    });
    expect(opened.status).toBe(200);
    const id = opened.json.body!.NotificationId;
    const live = await socket.waitFor((m) => 'id' in m && m.id === id);
    expect(live.type).toBe('BRANCH-ACTION');
    expectSameActivity(live, await fetchActivity(id, branch.BranchOfficeId));
  });

  it('a live acknowledgement and note are the Acknowledged and Notes of the fetched row', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const id = (
      await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId: staff.Branches[0]!.BranchOfficeId, type: 'TROUBLE' })
    ).json.body!.NotificationId;
    const live = await socket.waitFor((m) => 'id' in m && m.id === id);
    const operator = new ApiClient(server.baseUrl);
    await operator.login('operator@example.com');
    expect((await operator.post('/api/client/managealarms', { case: 'ACKNOWLEDGE', notificationId: id })).status).toBe(200);
    const ack = (await socket.waitFor((m) => m.type === 'ALARM-ACK' && m.id > id)) as SocketEventOf<'ALARM-ACK'>;
    expect(
      (await operator.post('/api/client/managealarms', { case: 'ADD-NOTE', notificationId: id, note: 'Engineer called' })).status,
    ).toBe(200);
    const note = (await socket.waitFor((m) => m.type === 'ALARM-NOTE' && m.id > id)) as SocketEventOf<'ALARM-NOTE'>;

    const row = await fetchRow(id);
    expect(row.Acknowledged).not.toBeNull();
    expect(row.Notes).toHaveLength(1);
    expect(ack.Payload).toStrictEqual({ NotificationId: id, Acknowledged: row.Acknowledged });
    expect(note.Payload).toStrictEqual({ NotificationId: id, Note: row.Notes[0] });
    // The live row with the live acknowledgement and note applied is the fetched row.
    expect({ ...rowOf(live), Acknowledged: ack.Payload.Acknowledged, Notes: [note.Payload.Note] }).toStrictEqual({ ...row });
  });
});
