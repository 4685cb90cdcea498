/**
 * Reports (spec §7 Reports, §3 report rows, §8, §9) on the hand-built fixture of reports-fixture.ts:
 * every expected figure below is worked out by hand from the fixture's comment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type {
  ActivityReportRow,
  CheckInOutRow,
  DailyReportRow,
  LogAccessRow,
  SummaryReport,
  SurveyReportDetail,
  SurveyReportRow,
  TimerReportRow,
} from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { streamRows } from '../src/modules/reports/report-sql.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';
import { buildFixture, PASSWORD, PIN, type Fixture } from './reports-fixture.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Page<R> {
  resultobject: R[];
  total: number;
}

describe.each(DB_KINDS)('reports on %s', (kind) => {
  let server: TestServer;
  let fx: Fixture;
  const clients = new Map<string, ApiClient>();
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' }, { seed: false });
    fx = await buildFixture(server.database.db);
  });
  afterAll(async () => server?.close());

  async function as(email: string) {
    let c = clients.get(email);
    if (!c) {
      c = new ApiClient(server.baseUrl);
      await c.login(email, PASSWORD);
      clients.set(email, c);
    }
    return c;
  }
  async function page<R>(email: string, path: string, body: Record<string, unknown>) {
    const res = await (await as(email)).post<Page<R>>(path, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.body!;
  }
  /**
   * getnotifications GET-ALL-REPORTS: the rows come in body.notificationobject (spec §7), never in
   * resultobject; handed back as a Page so the report assertions read alike.
   */
  async function activityPage(email: string, body: Record<string, unknown>): Promise<Page<ActivityReportRow>> {
    const res = await (
      await as(email)
    ).post<{ notificationobject: ActivityReportRow[]; resultobject?: unknown; total: number }>('/api/client/getnotifications', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b = res.json.body!;
    expect(Array.isArray(b.notificationobject)).toBe(true);
    expect(b.resultobject).toBeUndefined();
    return { resultobject: b.notificationobject, total: b.total };
  }
  async function csv(email: string, path: string, body: Record<string, unknown>) {
    const c = await as(email);
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf!, 'accept-language': 'en' },
      body: JSON.stringify({ ...body, format: 'csv' }),
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      rows: res.headers.get('x-report-rows'),
      text: await res.text(),
    };
  }

  /** The XLSX export of `body`: headers, and the first sheet's rows as cell texts (header row first). */
  async function xlsx(email: string, path: string, body: Record<string, unknown>) {
    const c = await as(email);
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf!, 'accept-language': 'en' },
      body: JSON.stringify({ ...body, format: 'xlsx' }),
    });
    const bytes = await res.arrayBuffer();
    const out = {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      rows: res.headers.get('x-report-rows'),
      sheets: [] as string[],
      cells: [] as string[][],
    };
    if (res.status !== 200 || out.type !== XLSX_TYPE) return out;
    // A body that is not a workbook (CSV, JSON) is no zip: load() throws, and the test fails on it.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    out.sheets = workbook.worksheets.map((w) => w.name);
    const sheet = workbook.worksheets[0]!;
    const width = sheet.getRow(1).cellCount;
    sheet.eachRow({ includeEmpty: true }, (row) => {
      out.cells.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).text));
    });
    return out;
  }

  it('daily report: day status, schedule, openings and closings per branch-local day, DST in Tirana', async () => {
    const body = await page<DailyReportRow>('alpha-admin@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-28',
      toDate: '2026-03-30',
      sortBy: 'date',
      sortDir: 'asc',
      limit: 50,
    });
    expect(body.total).toBe(6);
    const brief = body.resultobject.map((r) => [
      r.date,
      r.BranchOfficeName,
      r.DayStatus,
      r.Schedule,
      r.TimeZoneCode,
      r.OpeningStatus,
      r.ClosingStatus,
    ]);
    expect(brief).toEqual([
      ['2026-03-28', 'Durres Port', 'AUTO_CLOSED', '08:00–16:00', 'CET', 'early', 'late'],
      ['2026-03-28', 'Tirana Center', 'CLOSED', '08:00–16:00', 'CET', 'late', 'ontime'],
      ['2026-03-29', 'Durres Port', 'NOT_OPENED', '08:00–16:00', 'CEST', null, null],
      ['2026-03-29', 'Tirana Center', 'CLOSED', '08:00–16:00', 'CEST', 'ontime', 'late'],
      ['2026-03-30', 'Durres Port', 'HOLIDAY', 'Test Holiday', 'CEST', null, null],
      ['2026-03-30', 'Tirana Center', 'HOLIDAY', 'Test Holiday', 'CEST', null, null],
    ]);
    const tirana28 = body.resultobject[1]!;
    expect(tirana28.tasksOpenings.map((t) => [t.TimeLocal, t.Punctuality, `${t.Name} ${t.Surname}`])).toEqual([
      ['2026-03-28 08:30:00 CET', 'late', 'Arben Kola'],
      ['2026-03-28 11:30:00 CET', null, 'Arben Kola'],
    ]);
    expect(tirana28.tasksClosings.map((t) => [t.TimeLocal, t.Punctuality])).toEqual([['2026-03-28 16:05:00 CET', 'ontime']]);
    expect(body.resultobject[3]!.tasksOpenings[0]!.TimeLocal).toBe('2026-03-29 07:58:00 CEST');
    expect(body.resultobject[0]!.tasksClosings[0]).toMatchObject({
      TimeLocal: '2026-03-28 20:00:00 CET',
      IsClosedBySystem: true,
      Punctuality: 'late',
    });
    expect(body.resultobject[0]!.day).toBe(6);
    // Server-side paging in the same order.
    const second = await page<DailyReportRow>('alpha-admin@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-28',
      toDate: '2026-03-30',
      sortBy: 'date',
      sortDir: 'asc',
      offset: 2,
      limit: 2,
    });
    expect(second.resultobject.map((r) => [r.date, r.BranchOfficeName])).toEqual([
      ['2026-03-29', 'Durres Port'],
      ['2026-03-29', 'Tirana Center'],
    ]);
  });

  it('daily report: 23:30 in America/Chicago counts on that local day; New York on its DST day', async () => {
    const tenth = await page<DailyReportRow>('bravo-admin@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-10',
      toDate: '2026-03-11',
      branchOfficeId: fx.chicago,
    });
    expect(tenth.resultobject.map((r) => [r.date, r.DayStatus, r.TimeZoneCode, r.tasksClosings.map((t) => t.TimeLocal)])).toEqual([
      ['2026-03-11', 'NOT_OPENED', 'CDT', []],
      ['2026-03-10', 'CLOSED', 'CDT', ['2026-03-10 23:30:00 CDT']],
    ]);
    expect(tenth.resultobject[1]!.ClosingStatus).toBe('late');
    const dst = await page<DailyReportRow>('bravo-admin@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-07',
      toDate: '2026-03-08',
      branchOfficeId: fx.manhattan,
      sortDir: 'asc',
    });
    expect(
      dst.resultobject.map((r) => [r.date, r.DayStatus, r.TimeZoneCode, r.OpeningStatus, r.ClosingStatus, r.tasksOpenings[0]!.TimeLocal]),
    ).toEqual([
      ['2026-03-07', 'CLOSED', 'EST', 'ontime', 'early', '2026-03-07 09:00:00 EST'],
      ['2026-03-08', 'CLOSED', 'EDT', 'ontime', 'ontime', '2026-03-08 08:57:00 EDT'],
    ]);
  });

  it('summary: the counts of each organisation, worked out by hand', async () => {
    const a = (await page<never>('alpha-admin@test.com', '/api/client/managesummaryreports', {
      fromDate: '2026-03-28',
      toDate: '2026-03-30',
    })) as unknown as { resultobject: { APPObject: SummaryReport } };
    const sa = a.resultobject.APPObject;
    expect({
      ...sa,
      EmergencyData: undefined,
      MissingData: undefined,
      PanicData: undefined,
      SecurityAlertsData: undefined,
      TroubleData: undefined,
      BranchActivity: undefined,
    }).toEqual({
      Openings: 3,
      OpeningsEarly: 1,
      OpeningsLate: 1,
      OpeningsOnTime: 1,
      NotOpened: 1,
      Closings: 3,
      ClosingsEarly: 0,
      ClosingsLate: 2,
      ClosingsOnTime: 1,
      AutoClosed: 1,
      Service: 1,
      Panic: 0,
      Trouble: 0,
      Emergency: 0,
      SecurityAlerts: 0,
      EmergencyData: undefined,
      MissingData: undefined,
      PanicData: undefined,
      SecurityAlertsData: undefined,
      TroubleData: undefined,
      BranchActivity: undefined,
    });
    expect(sa.MissingData.map((r) => [r.BranchAction, r.BranchOfficeName, r.NotificationTimeLocal])).toEqual([
      ['Not Opened', 'Durres Port', '2026-03-29 08:15:00 CEST'],
      ['Not Closed', 'Durres Port', '2026-03-28 16:15:00 CET'],
    ]);
    expect(sa.BranchActivity).toEqual([
      { BranchOfficeId: fx.tirana, BranchOfficeName: 'Tirana Center', Openings: 3, Closings: 2, Service: 1, Alarms: 0 },
      { BranchOfficeId: fx.durres, BranchOfficeName: 'Durres Port', Openings: 1, Closings: 1, Service: 0, Alarms: 0 },
    ]);
    const b = (
      (await page<never>('bravo-admin@test.com', '/api/client/managesummaryreports', {
        fromDate: '2026-03-07',
        toDate: '2026-03-10',
      })) as unknown as { resultobject: { APPObject: SummaryReport } }
    ).resultobject.APPObject;
    expect([
      b.Openings,
      b.OpeningsOnTime,
      b.Closings,
      b.ClosingsEarly,
      b.ClosingsLate,
      b.ClosingsOnTime,
      b.Panic,
      b.Trouble,
      b.Emergency,
      b.SecurityAlerts,
      b.AutoClosed,
      b.NotOpened,
    ]).toEqual([3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(b.PanicData.map((r) => r.MessageContent)).toEqual(['Robbery in progress']);
    // The Chicago closing at 23:30 local belongs to the 10th: a summary of the 11th has no closing.
    const eleventh = (
      (await page<never>('bravo-admin@test.com', '/api/client/managesummaryreports', {
        fromDate: '2026-03-11',
        toDate: '2026-03-11',
      })) as unknown as { resultobject: { APPObject: SummaryReport } }
    ).resultobject.APPObject;
    expect([eleventh.Openings, eleventh.Closings]).toEqual([0, 0]);
  });

  it('activity report: rows, filters, branch-local times, detail with notified users', async () => {
    const all = await activityPage('bravo-admin@test.com', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-08',
      toDate: '2026-03-08',
      sortBy: 'time',
      sortDir: 'asc',
    });
    expect(all.total).toBe(4);
    expect(all.resultobject.map((r) => [r.NotificationTimeLocal, r.BranchAction, r.Punctuality, r.BranchOfficeDst])).toEqual([
      ['2026-03-08 08:57:00 EDT', 'Open', 'ontime', 'EDT'],
      ['2026-03-08 12:00:00 EDT', 'Panic', null, 'EDT'],
      ['2026-03-08 13:00:00 EDT', 'Trouble', null, 'EDT'],
      ['2026-03-08 17:10:00 EDT', 'Close', 'ontime', 'EDT'],
    ]);
    const panic = await activityPage('bravo-admin@test.com', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      type: 'panic',
    });
    expect(panic.resultobject.map((r) => r.BranchAction)).toEqual(['Panic']);
    const service = await activityPage('alpha-admin@test.com', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-28',
      toDate: '2026-03-28',
      type: 'service',
    });
    expect(service.resultobject.map((r) => [r.BranchAction, r.start_time, r.stop_time])).toEqual([
      ['Service', '2026-03-28T10:00:00.000Z', '2026-03-28T10:30:00.000Z'],
    ]);
    const chicagoClose = await activityPage('bravo-admin@test.com', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
      branchOfficeId: fx.chicago,
      type: 'close',
    });
    expect(chicagoClose.resultobject.map((r) => r.NotificationTimeLocal)).toEqual(['2026-03-10 23:30:00 CDT']);
    const detail = await (
      await as('bravo-admin@test.com')
    ).post<{
      notificationobject: ActivityReportRow & {
        Msg: string;
        Packet: Record<string, unknown>;
        NotifiedUsers: unknown[];
        NotificationUserProfile: { Name: string };
      };
    }>('/api/client/getnotifications', { case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID', taskid: all.resultobject[1]!.NotificationId });
    expect(detail.status).toBe(200);
    expect(detail.json.body!.notificationobject).toMatchObject({
      Msg: 'Robbery in progress',
      Packet: { source: 'mobile' },
      NotificationUserProfile: { Name: 'Nora' },
    });
    expect(Array.isArray(detail.json.body!.notificationobject.NotifiedUsers)).toBe(true);
    // A branch action's row (the opening) has details too.
    const opening = await (
      await as('bravo-admin@test.com')
    ).post<{ notificationobject: ActivityReportRow & { Packet: Record<string, unknown>; NotifiedUsers: unknown[] } }>(
      '/api/client/getnotifications',
      { case: 'GET-REPORT-DETAILS-BY-NOTIFICATION-ID', taskid: all.resultobject[0]!.NotificationId },
    );
    expect(opening.status).toBe(200);
    expect(opening.json.body!.notificationobject).toMatchObject({
      NotificationId: all.resultobject[0]!.NotificationId,
      BranchAction: 'Open',
    });
    expect(Array.isArray(opening.json.body!.notificationobject.NotifiedUsers)).toBe(true);
    // The activity of one branch (what managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID answers).
    const branchActs = await activityPage('bravo-admin@test.com', {
      case: 'GET-ALL-REPORTS',
      branchOfficeId: fx.chicago,
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(branchActs.total).toBe(2);
    const viaBranch = await (
      await as('bravo-admin@test.com')
    ).post<{ organizationobject: ActivityReportRow[]; total: number }>('/api/client/managebranchoffices', {
      case: 'GET-ACTIVITIES-BY-BRANCH-ID',
      branchOfficeId: fx.chicago,
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(viaBranch.status).toBe(200);
    expect(viaBranch.json.body!.total).toBe(2);
    expect(viaBranch.json.body!.organizationobject.map((r) => r.NotificationId)).toEqual(
      branchActs.resultobject.map((r) => r.NotificationId),
    );
    // Another organisation's branch reveals nothing.
    const foreign = await (
      await as('alpha-admin@test.com')
    ).post<{ organizationobject: ActivityReportRow[]; total: number }>('/api/client/managebranchoffices', {
      case: 'GET-ACTIVITIES-BY-BRANCH-ID',
      branchOfficeId: fx.chicago,
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(foreign.json.body?.total ?? 0).toBe(0);
  });

  it('every order of the activity report: pages in sequence are the one long page, and the export has the same order', async () => {
    for (const sortBy of ['time', 'branch', 'user', 'action'] as const) {
      for (const sortDir of ['asc', 'desc'] as const) {
        const filters = { case: 'GET-ALL-REPORTS', fromDate: '2026-03-01', toDate: '2026-03-31', sortBy, sortDir };
        const whole = await activityPage('alpha-admin@test.com', { ...filters, offset: 0, limit: 500 });
        expect(whole.resultobject.length, `${sortBy} ${sortDir}`).toBeGreaterThan(5);
        const paged: ActivityReportRow[] = [];
        for (let offset = 0; offset < whole.total; offset += 4) {
          paged.push(...(await activityPage('alpha-admin@test.com', { ...filters, offset, limit: 4 })).resultobject);
        }
        expect(paged, `${sortBy} ${sortDir}`).toEqual(whole.resultobject);
        const file = await csv('alpha-admin@test.com', '/api/client/getnotifications', filters);
        expect(file.status, `${sortBy} ${sortDir}: ${file.text.slice(0, 200)}`).toBe(200);
        const records = (parseCsv(file.text) as string[][]).slice(1);
        expect(records.map((r) => [r[0], r[3], r[4]])).toEqual(
          whole.resultobject.map((r) => [r.NotificationTimeLocal, r.BranchOfficeName, r.BranchAction]),
        );
      }
    }
  });

  it('CSV export: exact header and rows, equal to the screen rows', async () => {
    const filters = { case: 'GET-ALL-REPORTS', fromDate: '2026-03-08', toDate: '2026-03-08', sortBy: 'time', sortDir: 'asc' };
    const file = await csv('bravo-admin@test.com', '/api/client/getnotifications', filters);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    expect(file.disposition).toBe('attachment; filename="activity-report_2026-03-08_2026-03-08.csv"');
    expect(file.rows).toBe('4');
    expect(file.text).toBe(
      [
        'Time,Organization,Region,Branch,Action,Punctuality,User,Closed by system,Test,Message',
        '2026-03-08 08:57:00 EDT,Bravo Savings,Northeast,Manhattan,Open,On time,Nora Stone,No,No,',
        '2026-03-08 12:00:00 EDT,Bravo Savings,Northeast,Manhattan,Panic,,Nora Stone,No,No,Robbery in progress',
        '2026-03-08 13:00:00 EDT,Bravo Savings,Northeast,Manhattan,Trouble,,Nora Stone,No,No,',
        '2026-03-08 17:10:00 EDT,Bravo Savings,Northeast,Manhattan,Close,On time,Nora Stone,No,No,',
        '',
      ].join('\n'),
    );
    const screen = await activityPage('bravo-admin@test.com', filters);
    const screenLines = screen.resultobject.map(
      (r) => `${r.NotificationTimeLocal},${r.OrganizationName},${r.RegionalOfficeName},${r.BranchOfficeName},${r.BranchAction}`,
    );
    expect(
      file.text
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, 5).join(',')),
    ).toEqual(screenLines);

    const daily = await csv('alpha-admin@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-29',
      toDate: '2026-03-29',
      sortBy: 'branch',
      sortDir: 'asc',
    });
    expect(daily.text).toBe(
      [
        'Date,Organization,Region,Branch,Time zone,Schedule,Day status,Opened at,Opened by,Opening,Closed at,Closed by,Closing',
        '2026-03-29,Alpha Bank,Central,Durres Port,CEST,08:00–16:00,Not opened,,,,,,',
        '2026-03-29,Alpha Bank,Central,Tirana Center,CEST,08:00–16:00,Closed,2026-03-29 07:58:00 CEST,Arben Kola,On time,2026-03-29 16:20:00 CEST,Arben Kola,Late',
        '',
      ].join('\n'),
    );
  });

  it('XLSX export: a real workbook with the header and the rows of the JSON report, in its order', async () => {
    const filters = { case: 'GET-ALL-BRANCH-REPORTING', fromDate: '2026-03-28', toDate: '2026-03-30', sortBy: 'date', sortDir: 'asc' };
    const file = await xlsx('alpha-admin@test.com', '/api/client/dailyreports', filters);
    expect(file.status).toBe(200);
    expect(file.type).toBe(XLSX_TYPE);
    expect(file.disposition).toBe('attachment; filename="daily-report_2026-03-28_2026-03-30.xlsx"');
    expect(file.sheets).toEqual(['Report']);
    const [header, ...rows] = file.cells;
    expect(header).toEqual([
      'Date',
      'Organization',
      'Region',
      'Branch',
      'Time zone',
      'Schedule',
      'Day status',
      'Opened at',
      'Opened by',
      'Opening',
      'Closed at',
      'Closed by',
      'Closing',
    ]);
    const json = await page<DailyReportRow>('alpha-admin@test.com', '/api/client/dailyreports', { ...filters, limit: 50 });
    expect(file.rows).toBe(String(json.total));
    expect(rows).toHaveLength(json.total);
    expect(rows.map((r) => r.slice(0, 6))).toEqual(
      json.resultobject.map((r) => [r.date, r.OrganizationName, r.RegionalOfficeName, r.BranchOfficeName, r.TimeZoneCode, r.Schedule]),
    );
    // Who opened first and closed last, and when, as the JSON report has them.
    const name = (t: { Name: string | null; Surname: string | null } | undefined) => (t ? `${t.Name} ${t.Surname}` : '');
    expect(rows.map((r) => [r[7], r[8], r[10], r[11]])).toEqual(
      json.resultobject.map((r) => {
        const first = r.tasksOpenings[0];
        const last = r.tasksClosings.at(-1);
        return [first?.TimeLocal ?? '', name(first), last?.TimeLocal ?? '', name(last)];
      }),
    );
    expect(rows.map((r) => r[7])).toContain('2026-03-29 07:58:00 CEST');
    // Day status, opening and closing punctuality in the request's language.
    expect(rows.map((r) => [r[6], r[9], r[12]])).toEqual([
      ['Auto-closed', 'Early', 'Late'],
      ['Closed', 'Late', 'On time'],
      ['Not opened', '', ''],
      ['Closed', 'On time', 'Late'],
      ['Holiday', '', ''],
      ['Holiday', '', ''],
    ]);
  });

  it('check-in/out, timers (hh:mm:ss) and pings, surveys', async () => {
    const cio = await page<CheckInOutRow>('bravo-admin@test.com', '/api/client/getcheckinout', {
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(cio.resultobject.map((r) => [r.CheckIn, r.CheckOut, r.CheckedOutBy, r.InsideGeofence, r.HorizontalAccuracy])).toEqual([
      ['2026-03-10 08:50:00 CDT', '2026-03-10 23:35:00 CDT', 'Chris Lake', true, 12],
    ]);
    expect(
      (await page<CheckInOutRow>('bravo-admin@test.com', '/api/client/getcheckinout', { fromDate: '2026-03-11', toDate: '2026-03-11' }))
        .total,
    ).toBe(0);
    const tm = await page<TimerReportRow>('bravo-admin@test.com', '/api/client/gettrackings', {
      case: 'GET-ALL-NON-RETAIL-PINGS',
      fromDate: '2026-03-10',
      toDate: '2026-03-10',
    });
    expect(
      tm.resultobject.map((r) => [r.ActionStartLocal, r.ActionStopLocal, r.Duration, r.Elapsed, r.SafeStopped, r.Alerted, r.PingCount]),
    ).toEqual([['2026-03-10 22:00:00 CDT', '2026-03-10 22:45:30 CDT', '01:00:00', '00:45:30', true, false, 2]]);
    const pings = await (
      await as('bravo-admin@test.com')
    ).post<{ resultobject: TimerReportRow }>('/api/client/gettrackings', { case: 'GET-NON-RETAIL-PINGS', timerId: fx.timerId });
    expect(pings.json.body!.resultobject.Pings!.map((p) => p.AtLocal)).toEqual(['2026-03-10 22:00:00 CDT', '2026-03-10 22:30:00 CDT']);
    expect(
      (await (await as('alpha-admin@test.com')).post('/api/client/gettrackings', { case: 'GET-NON-RETAIL-PINGS', timerId: fx.timerId }))
        .status,
    ).toBe(404);
    const sv = await (
      await as('bravo-admin@test.com')
    ).post<{ temp_surveyobject: SurveyReportRow[]; total: number }>('/api/client/managesurveys', {
      case: 'GET-ALL-SURVEY-REPORTING',
      fromDate: '2026-03-08',
      toDate: '2026-03-08',
    });
    expect(sv.json.body!.temp_surveyobject.map((r) => [r.SurveyName, r.CreatedAtLocal, r.Name, r.BranchOfficeName])).toEqual([
      ['Opening checklist', '2026-03-08 10:00:00 EDT', 'Nora', 'Manhattan'],
    ]);
    const one = await (
      await as('bravo-admin@test.com')
    ).post<{ temp_surveyobject: SurveyReportDetail }>('/api/client/managesurveys', {
      case: 'GET-SURVEY-REPORTING-BY-ID',
      submitetSurveyId: fx.submissionId,
    });
    expect(one.json.body!.temp_surveyobject).toMatchObject({
      Answers: [{ QuestionId: 1, Answer: 'Yes' }],
      NotifyRecomandation: 'Call the police',
      SurveyDescription: 'Before opening',
    });
    expect(
      (
        await (
          await as('alpha-admin@test.com')
        ).post('/api/client/managesurveys', { case: 'GET-SURVEY-REPORTING-BY-ID', submitetSurveyId: fx.submissionId })
      ).status,
    ).toBe(404);
  });

  it('VaultTrak: the mobile call writes a vault access the report shows, in scope only', async () => {
    const login = await fetch(`${server.baseUrl}/api/mobile/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nora@test.com', password: PASSWORD }),
    });
    const token = ((await login.json()) as { body: { Token: string } }).body.Token;
    const call = (body: unknown) =>
      fetch(`${server.baseUrl}/api/mobile/vaultaccess`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const ok = await call({
      branchOfficeId: fx.manhattan,
      vaultName: 'Main vault',
      action: 'OPEN',
      pin: PIN,
      latitude: 40.758,
      longitude: -73.9855,
    });
    expect(ok.status).toBe(200);
    expect((await call({ branchOfficeId: fx.manhattan, vaultName: 'Main vault', action: 'OPEN', pin: '0000' })).status).toBe(400);
    expect((await call({ branchOfficeId: fx.tirana, vaultName: 'Main vault', action: 'OPEN', pin: PIN })).status).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const list = await page<LogAccessRow>('bravo-admin@test.com', '/api/client/log-access/reports', { fromDate: from, toDate: to });
    expect(list.resultobject.map((r) => [r.VaultName, r.Action, r.Name, r.BranchOfficeName])).toEqual([
      ['Main vault', 'OPEN', 'Nora', 'Manhattan'],
    ]);
    expect(list.resultobject[0]!.AtLocal).toMatch(/ E[SD]T$/);
    const one = await (
      await as('bravo-admin@test.com')
    ).post<{ resultobject: LogAccessRow }>('/api/client/log-access/reports', { id: list.resultobject[0]!.Id });
    expect(one.json.body!.resultobject.VaultName).toBe('Main vault');
    expect((await page<LogAccessRow>('alpha-admin@test.com', '/api/client/log-access/reports', { fromDate: from, toDate: to })).total).toBe(
      0,
    );
    expect((await (await as('alpha-admin@test.com')).post('/api/client/log-access/reports', { id: list.resultobject[0]!.Id })).status).toBe(
      404,
    );
    expect(today).toMatch(/^\d{4}-/);
  });

  it('scope of a security office: its organisations are read on every call (a link removed hides them at once; none gives nothing)', async () => {
    const range = { fromDate: '2026-03-01', toDate: '2026-03-31', limit: 500 };
    const db = server.database.db;
    const links = await db.execute(
      sql`select organization_id, security_office_id from organization_security_offices where organization_id = ${fx.orgA}`,
    );
    expect((await activityPage('officer@test.com', { case: 'GET-ALL-REPORTS', ...range })).total).toBe(10);
    await db.execute(sql`delete from organization_security_offices where organization_id = ${fx.orgA}`);
    try {
      expect((await activityPage('officer@test.com', { case: 'GET-ALL-REPORTS', ...range })).total).toBe(0);
      expect(
        (await page<DailyReportRow>('officer@test.com', '/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', ...range })).total,
      ).toBe(0);
      expect(
        (await page<TimerReportRow>('officer@test.com', '/api/client/gettrackings', { case: 'GET-ALL-NON-RETAIL-PINGS', ...range })).total,
      ).toBe(0);
    } finally {
      for (const l of (links as unknown as { rows: { organization_id: number; security_office_id: number }[] }).rows)
        await db.execute(
          sql`insert into organization_security_offices (organization_id, security_office_id) values (${l.organization_id}, ${l.security_office_id})`,
        );
    }
    expect((await activityPage('officer@test.com', { case: 'GET-ALL-REPORTS', ...range })).total).toBe(10);
  });

  it.runIf(kind === 'pglite')(
    "activity report: the day counts' total is prepared once per text, run again when asked again (issue 20)",
    async () => {
      // PGlite's one connection shows its prepared statements; on PostgreSQL it is an unnamed query.
      const totals = [];
      for (const toDate of ['2026-03-12', '2026-03-30', '2026-03-12'])
        totals.push((await activityPage('officer@test.com', { case: 'GET-ALL-REPORTS', fromDate: '2026-03-02', toDate, limit: 5 })).total);
      expect(totals).toEqual([0, 10, 0]);
      const runs = await rows<{ to: string; runs: number }>(
        server.database.db,
        sql`select case when statement like '%2026-03-30%' then 'end' else 'twelfth' end as to, (generic_plans + custom_plans)::int as runs
          from pg_prepared_statements where statement like '%from event_day_counts c%' and statement like '%organization_id = any(%'
            and statement like '%2026-03-02%' order by 1`,
      );
      expect(runs).toEqual([
        { to: 'end', runs: 1 },
        { to: 'twelfth', runs: 2 },
      ]);
    },
  );

  it('activity report: every total is the number of its rows, test notifications and branch-local day edges included (the count from the day counts, issue 20)', async () => {
    const db = server.database.db;
    const [a] = await rows<{ region: number }>(db, sql`select regional_office_id as region from branch_offices where id = ${fx.tirana}`);
    const [b] = await rows<{ region: number }>(db, sql`select regional_office_id as region from branch_offices where id = ${fx.chicago}`);
    // May 2026: Tirana is UTC+2, Chicago UTC-5. Each pair straddles a local midnight; the test
    // notifications are the rows event_day_counts leaves out.
    const made = await rows<{ id: number }>(
      db,
      sql`insert into events (kind, organization_id, regional_office_id, branch_office_id, user_id, branch_action, notification_type, security_alert, is_test_notification, occurred_at)
        values
          ('NOTIFICATION', ${fx.orgA}, ${a!.region}, ${fx.tirana}, ${fx.arben}, 'Panic', 10, true, true, '2026-05-09T21:59:00Z'),
          ('NOTIFICATION', ${fx.orgA}, ${a!.region}, ${fx.tirana}, ${fx.arben}, 'Trouble', 2, false, true, '2026-05-09T22:00:00Z'),
          ('NOTIFICATION', ${fx.orgA}, ${a!.region}, ${fx.tirana}, ${fx.arben}, 'Panic', 10, true, false, '2026-05-09T22:01:00Z'),
          ('BRANCH_ACTION', ${fx.orgA}, ${a!.region}, ${fx.tirana}, ${fx.arben}, 'Open', null, false, true, '2026-05-10T06:00:00Z'),
          ('BRANCH_ACTION', ${fx.orgA}, ${a!.region}, ${fx.durres}, ${fx.arben}, 'Service', null, false, false, '2026-05-10T21:59:59Z'),
          ('NOTIFICATION', ${fx.orgA}, ${a!.region}, ${fx.durres}, ${fx.arben}, 'Alarm', 15, false, true, '2026-05-10T22:00:00Z'),
          ('NOTIFICATION', ${fx.orgB}, ${b!.region}, ${fx.chicago}, ${fx.chris}, 'Duress', 11, true, true, '2026-05-11T04:30:00Z'),
          ('BRANCH_ACTION', ${fx.orgB}, ${b!.region}, ${fx.chicago}, ${fx.chris}, 'Close', null, false, false, '2026-05-11T05:00:00Z')
        returning id::int as id`,
    );
    try {
      const ranges = [
        { fromDate: '2026-05-10', toDate: '2026-05-10' },
        { fromDate: '2026-05-09', toDate: '2026-05-11' },
        { fromDate: '2026-03-01', toDate: '2026-05-31' },
      ];
      const scopes: [string, Record<string, unknown>][] = [
        ['alpha-admin@test.com', {}],
        ['alpha-admin@test.com', { branchOfficeId: fx.durres }],
        ['alpha-admin@test.com', { regionalOfficeId: a!.region }],
        ['bravo-admin@test.com', {}],
        ['officer@test.com', {}],
        ['officer@test.com', { organizationId: fx.orgA }],
        ['alpha-manager@test.com', {}],
      ];
      const types = ['all', 'open', 'close', 'service', 'alarms', 'panic', 'anomaly', 'emergency', 'securityAlert', 'autoClosed'];
      let nonZero = 0;
      for (const [email, filter] of scopes)
        for (const range of ranges)
          for (const type of types) {
            const p = await activityPage(email, { case: 'GET-ALL-REPORTS', ...range, ...filter, type, limit: 500 });
            expect(p.total, `${email} ${JSON.stringify({ ...filter, ...range, type })}`).toBe(p.resultobject.length);
            if (p.total > 0) nonZero++;
          }
      expect(nonZero).toBeGreaterThan(60);
      // The day edges, by hand: Tirana's 10 May holds the test Trouble, the Panic and the test Open;
      // Durres's 10 May the Service (23:59:59 local), not the test Alarm (00:00 on the 11th).
      const day = await activityPage('alpha-admin@test.com', { case: 'GET-ALL-REPORTS', ...ranges[0], limit: 500 });
      expect(day.resultobject.map((r) => r.BranchAction).sort()).toEqual(['Open', 'Panic', 'Service', 'Trouble']);
      expect(day.total).toBe(4);
      // Chicago's 10 May (UTC-5) holds the test Duress at 23:30 local; the Close at 00:00 is the 11th.
      expect((await activityPage('bravo-admin@test.com', { case: 'GET-ALL-REPORTS', ...ranges[0], type: 'emergency' })).total).toBe(1);
    } finally {
      await db.execute(sql`delete from events where id = any(${`{${made.map((r) => r.id).join(',')}}`}::int[])`);
    }
  });

  it('scope: no report returns a row outside the caller scope', async () => {
    const range = { fromDate: '2026-03-01', toDate: '2026-03-31', limit: 500 };
    const alphaBranches = new Set([fx.tirana, fx.durres]);
    for (const email of ['alpha-admin@test.com', 'officer@test.com']) {
      const acts = await activityPage(email, { case: 'GET-ALL-REPORTS', ...range });
      expect(acts.total).toBe(10);
      expect(acts.resultobject.every((r) => alphaBranches.has(r.BranchOfficeId!))).toBe(true);
      const daily = await page<DailyReportRow>(email, '/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', ...range });
      expect(daily.total).toBe(62);
      expect(daily.resultobject.every((r) => alphaBranches.has(r.BranchOfficeId))).toBe(true);
      expect((await page<CheckInOutRow>(email, '/api/client/getcheckinout', range)).total).toBe(0);
      expect((await page<TimerReportRow>(email, '/api/client/gettrackings', { case: 'GET-ALL-NON-RETAIL-PINGS', ...range })).total).toBe(0);
      // Asking for the other bank explicitly gives nothing.
      expect(
        (
          await activityPage(email, {
            case: 'GET-ALL-REPORTS',
            ...range,
            organizationId: fx.orgB,
          })
        ).total,
      ).toBe(0);
      const sum = (
        (await page<never>(email, '/api/client/managesummaryreports', {
          fromDate: '2026-03-01',
          toDate: '2026-03-31',
          organizationId: fx.orgB,
        })) as unknown as { resultobject: { APPObject: SummaryReport } }
      ).resultobject.APPObject;
      expect([sum.Openings, sum.Panic]).toEqual([0, 0]);
    }
    const mgr = await page<DailyReportRow>('alpha-manager@test.com', '/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      ...range,
    });
    expect(mgr.total).toBe(31);
    expect(mgr.resultobject.every((r) => r.BranchOfficeId === fx.tirana)).toBe(true);
    const mgrActs = await activityPage('alpha-manager@test.com', {
      case: 'GET-ALL-REPORTS',
      ...range,
    });
    expect(mgrActs.resultobject.map((r) => r.BranchOfficeId)).toEqual(Array(6).fill(fx.tirana));
    const file = await csv('alpha-manager@test.com', '/api/client/getnotifications', { case: 'GET-ALL-REPORTS', ...range });
    expect(file.text.includes('Durres') || file.text.includes('Manhattan')).toBe(false);
  });

  it('a long export streams every row (many batches), equal to the screen pages; a cancelled one frees its cursor', async () => {
    const n = 12_001;
    // One bravo day (2025-07-01, EDT) of 12,001 actions one second apart, some messages needing CSV quoting.
    await server.database.db
      .execute(sql`insert into events (kind, organization_id, regional_office_id, branch_office_id, user_id, branch_action, punctuality, message_content, occurred_at)
      select 'BRANCH_ACTION', b.organization_id, b.regional_office_id, b.id, ${fx.nora}, case when g % 2 = 0 then 'Open' else 'Close' end, case when g % 3 = 0 then 'late' end,
        case when g % 5 = 0 then 'Note ' || g || ', with "quotes"' when g % 7 = 0 then 'two' || chr(10) || 'lines' end,
        timestamptz '2025-07-01 13:00:00+00' + g * interval '1 second'
      from branch_offices b cross join generate_series(1, ${n}) g where b.id = ${fx.manhattan}`);
    const filters = { case: 'GET-ALL-REPORTS', fromDate: '2025-07-01', toDate: '2025-07-01', sortBy: 'time', sortDir: 'desc' };
    const file = await csv('bravo-admin@test.com', '/api/client/getnotifications', filters);
    expect([file.status, file.rows]).toEqual([200, String(n)]);
    const records = parseCsv(file.text) as string[][];
    expect(records[1]).toEqual([
      '2025-07-01 12:20:01 EDT',
      'Bravo Savings',
      'Northeast',
      'Manhattan',
      'Close',
      '',
      'Nora Stone',
      'No',
      'No',
      '',
    ]);
    expect(records[2]).toEqual([
      '2025-07-01 12:20:00 EDT',
      'Bravo Savings',
      'Northeast',
      'Manhattan',
      'Open',
      'Late',
      'Nora Stone',
      'No',
      'No',
      'Note 12000, with "quotes"',
    ]);
    const screen: ActivityReportRow[] = [];
    for (let offset = 0; offset < n; offset += 500) {
      screen.push(...(await activityPage('bravo-admin@test.com', { ...filters, offset, limit: 500 })).resultobject);
    }
    expect(screen.length).toBe(n);
    expect(records.slice(1).map((r) => [r[0], r[4], r[9]])).toEqual(
      screen.map((r) => [r.NotificationTimeLocal, r.BranchAction, r.MessageContent ?? '']),
    );

    // Cancel after the first chunk: the server closes the cursor and keeps answering.
    const c = await as('bravo-admin@test.com');
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/client/getnotifications`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: JSON.stringify({ ...filters, format: 'csv' }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => undefined);
    const pool = server.database.exportPool;
    if (pool) await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    expect((await activityPage('bravo-admin@test.com', { ...filters, limit: 1 })).total).toBe(n);
  });

  it.runIf(kind === 'postgres')(
    'exports held open by slow downloads never leave API calls waiting; exports beyond EXPORT_CONNECTIONS wait their turn',
    async () => {
      // Ten export cursors opened and not read further, as ten slow downloads would hold them: more
      // than the request pool's ten connections would allow if they shared it.
      const query = sql`select g from generate_series(1, 5000) g order by g`;
      const exports = Array.from({ length: 10 }, () => streamRows<{ g: number }>(server.app, query));
      try {
        const firsts = exports.map((e) => e.next());
        const opened = server.config.exportConnections;
        for (let i = 0; i < opened; i++) expect((await firsts[i]!).value!.map((r: { g: number }) => r.g).slice(0, 3)).toEqual([1, 2, 3]);
        const settled = new Set<number>();
        firsts.forEach((p, i) => void p.then(() => settled.add(i)));
        // An API call answers while the exports hold their connections (on a shared pool it would
        // wait for one of them, which never comes: the test times out). How fast: bench/foundation.ts.
        const report = await activityPage('alpha-admin@test.com', {
          case: 'GET-ALL-REPORTS',
          fromDate: '2026-03-01',
          toDate: '2026-03-31',
          limit: 1,
        });
        expect(report.total).toBeGreaterThan(0);
        expect(settled.size).toBe(opened);
        // The others start as earlier ones finish, and read all their rows.
        for (const e of exports.slice(0, opened)) await e.return(undefined);
        for (let i = opened; i < exports.length; i++) {
          let total = (await firsts[i]!).value!.length;
          for await (const batch of { [Symbol.asyncIterator]: () => exports[i]! }) total += batch.length;
          expect(total).toBe(5000);
        }
      } finally {
        await Promise.all(exports.map((e) => e.return(undefined)));
      }
      await expect.poll(() => server.database.exportPool!.totalCount - server.database.exportPool!.idleCount, { timeout: 5_000 }).toBe(0);
    },
  );

  it('bad input answers 400 with a clear message, never 500', async () => {
    const c = await as('alpha-admin@test.com');
    const order = await c.post('/api/client/dailyreports', {
      case: 'GET-ALL-BRANCH-REPORTING',
      fromDate: '2026-03-10',
      toDate: '2026-03-01',
    });
    expect([order.status, order.json.code, order.json.description]).toEqual([
      400,
      'reports.errors.rangeOrder',
      'The end date cannot be earlier than the start date',
    ]);
    const long = await c.post('/api/client/getcheckinout', { fromDate: '2024-01-01', toDate: '2026-03-01' });
    expect([long.status, long.json.description]).toEqual([400, 'The date range can be at most 366 days long']);
    const bad = await c.post('/api/client/getcheckinout', { fromDate: '2026-13-01', toDate: '2026-03-01' });
    expect([bad.status, bad.json.field]).toEqual([400, 'fromDate']);
    const sort = await c.post('/api/client/getnotifications', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-01',
      toDate: '2026-03-02',
      sortBy: 'password',
    });
    expect(sort.status).toBe(400);
    const limit = await c.post('/api/client/getnotifications', {
      case: 'GET-ALL-REPORTS',
      fromDate: '2026-03-01',
      toDate: '2026-03-02',
      limit: 100000,
    });
    expect(limit.status).toBe(400);
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    expect(
      (await anon.post('/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', fromDate: '2026-03-01', toDate: '2026-03-02' }))
        .status,
    ).toBe(401);
  });
});
