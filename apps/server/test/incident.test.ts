/**
 * The incident view (issue 13; POST /api/client/getalarmincident): an alarm with its branch, the
 * people there now, the phrases for the roles that read them, the figures and the timeline of
 * everything at the branch since the alarm (acknowledgement, notes, check-ins, later actions),
 * oldest first; scope (another organisation's admin, an operator of an office that does not
 * monitor it: 404), bad input (400), and the CSV and PDF exports of the timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { AlarmIncident } from '@vigil/contract';
import { pdfText } from '../../../e2e/fixtures/pdf-text.js';
import { ApiClient, DB_KINDS, mobileLogin, otherOfficeOperator, startTestServer, type TestServer } from './helpers.js';

const PATH = '/api/client/getalarmincident';

describe.each(DB_KINDS)('incident view on %s', (kind) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof mobileLogin>>;
  let branch: { BranchOfficeId: number; Latitude: number; Longitude: number };
  let operator: ApiClient;
  let orgAdmin: ApiClient;
  let alarmId: number;
  let noteId: number;

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    branch = staff.Branches[0]!;
    operator = new ApiClient(server.baseUrl);
    await operator.login('operator@example.com');
    orgAdmin = new ApiClient(server.baseUrl);
    await orgAdmin.login('orgadmin@example.com');
    const raised = await staff.call<{ NotificationId: number }>('alarm', { branchOfficeId: branch.BranchOfficeId, type: 'PANIC' });
    expect(raised.status).toBe(200);
    alarmId = raised.json.body!.NotificationId;
    const checkin = await staff.call('checkin', {
      branchOfficeId: branch.BranchOfficeId,
      latitude: branch.Latitude,
      longitude: branch.Longitude,
      horizontalAccuracy: 5,
    });
    expect(checkin.status).toBe(200);
    const note = await orgAdmin.post<{ NoteId: number }>('/api/client/managealarms', {
      case: 'ADD-NOTE',
      notificationId: alarmId,
      note: '=Called the branch, no answer',
    });
    expect(note.status).toBe(200);
    noteId = note.json.body!.NoteId;
    const ack = await operator.post('/api/client/managealarms', {
      case: 'ACKNOWLEDGE',
      notificationId: alarmId,
      disposition: 'police-dispatched',
      note: 'Patrol 7 on the way',
    });
    expect(ack.status).toBe(200);
  });
  afterAll(async () => server?.close());

  const incident = async (c: ApiClient, id = alarmId) => c.post<AlarmIncident>(PATH, { alarmId: id });

  it('answers the alarm, its branch, who is there, the phrases and the figures', async () => {
    const res = await incident(operator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const b = res.json.body!;
    expect(b.Alarm).toMatchObject({ NotificationId: alarmId, BranchAction: 'Panic', Name: 'Klodian', Surname: 'Marku' });
    expect(b.Alarm.Acknowledged).toMatchObject({ Name: 'Arta Leka', Disposition: 'police-dispatched', Note: 'Patrol 7 on the way' });
    expect(b.Alarm.Notes.map((n) => n.NoteId)).toEqual([noteId]);
    expect(b.Branch).toMatchObject({ BranchOfficeId: branch.BranchOfficeId, Name: 'Dega Skënderbej' });
    expect(b.Branch.WeekSchedule.length).toBeGreaterThan(0);
    expect(b.Branch.SecurityOffices.map((o) => o.Name)).toContain('Vigil Central Monitoring');
    const klodian = b.People.find((p) => p.Surname === 'Marku')!;
    expect(klodian.CheckedInAtUTC).not.toBeNull();
    expect(klodian.SessionTypes).toContain('MOBILE');
    // Roles 5 and 8 read the current phrases; the figures run from signal to close.
    expect(Array.isArray(b.Phrases)).toBe(true);
    const f = b.Figures;
    expect(f.SignalAtUTC).toBe(b.Alarm.NotificationTimeAddedUTC);
    expect(Date.parse(f.ShownAtUTC)).toBeGreaterThanOrEqual(Date.parse(f.SignalAtUTC) - 1000);
    expect(f.AcknowledgedAtUTC).toBe(b.Alarm.Acknowledged!.AtUTC);
    expect(f.ClosedAtUTC).toBe(f.AcknowledgedAtUTC);
    expect(f.ShownToAcknowledgedSeconds).toBeGreaterThanOrEqual(0);
    expect(f.AcknowledgedToClosedSeconds).toBe(0);
  });

  it('lists everything at the branch since the alarm, oldest first', async () => {
    const b = (await incident(operator)).json.body!;
    const types = b.Timeline.map((e) => e.type);
    expect(b.Timeline[0]).toMatchObject({ type: 'NOTIFICATION', id: alarmId });
    expect(types).toEqual(expect.arrayContaining(['CHECK-IN', 'ALARM-NOTE', 'ALARM-ACK']));
    expect(types.indexOf('CHECK-IN')).toBeLessThan(types.indexOf('ALARM-NOTE'));
    expect(types.indexOf('ALARM-NOTE')).toBeLessThan(types.indexOf('ALARM-ACK'));
    const ids = b.Timeline.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(b.Timeline.every((e) => e.BranchOfficeId === branch.BranchOfficeId)).toBe(true);
    expect(b.TimelineTruncated).toBe(false);
    // An action after the alarm joins the timeline; an event before it does not.
    const later = await staff.call('vaultaccess', {
      branchOfficeId: branch.BranchOfficeId,
      vaultName: 'Main vault',
      action: 'OPEN',
      pin: '1234',
    });
    expect(later.status, JSON.stringify(later.json)).toBe(200);
    const again = (await incident(operator)).json.body!;
    expect(again.Timeline.at(-1)).toMatchObject({ type: 'VAULT-ACCESS' });
    expect(again.Timeline.every((e) => e.id >= alarmId)).toBe(true);
  });

  it('the organisation admin sees it too, with the phrases; a branch manager without them', async () => {
    const admin = (await incident(orgAdmin)).json.body!;
    expect(admin.Alarm.NotificationId).toBe(alarmId);
    expect(Array.isArray(admin.Phrases)).toBe(true);
    const manager = new ApiClient(server.baseUrl);
    await manager.login('manager@example.com');
    const m = await incident(manager);
    expect(m.status).toBe(200);
    expect(m.json.body!.Phrases).toBeNull();
  });

  it('is 404 outside the scope and 400 for bad input', async () => {
    const us = new ApiClient(server.baseUrl);
    await us.login('us-orgadmin@example.com');
    const other = await incident(us);
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ code: 'errors.alarmNotFound' });
    const otherOperator = new ApiClient(server.baseUrl);
    await otherOperator.login(await otherOfficeOperator(server));
    expect((await incident(otherOperator)).status).toBe(404);
    // A note's event id is not an alarm.
    const ackEvent = (await incident(operator)).json.body!.Timeline.find((e) => e.type === 'ALARM-ACK')!;
    expect((await incident(operator, ackEvent.id)).status).toBe(404);
    expect((await incident(operator, 2_000_000_000)).status).toBe(404);
    expect((await operator.post(PATH, { alarmId: 'x' })).status).toBe(400);
    expect((await operator.post(PATH, { alarmId, format: 'xlsx' })).status).toBe(400);
    expect((await operator.post(PATH, {})).status).toBe(400);
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    expect((await anon.post(PATH, { alarmId })).status).toBe(401);
  });

  async function download(c: ApiClient, format: 'csv' | 'pdf') {
    const res = await fetch(`${server.baseUrl}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': c.lang, cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: JSON.stringify({ alarmId, format }),
    });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('exports the timeline as CSV, texts in the language and formulas neutralised', async () => {
    const { res, bytes } = await download(operator, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="incident-${alarmId}.csv"`);
    const records = parse(bytes.toString('utf8')) as string[][];
    expect(records[0]).toEqual(['Time at the branch', 'Logged', 'What', 'Who', 'Details', 'Event']);
    const timeline = (await incident(operator)).json.body!.Timeline;
    expect(records.length).toBe(timeline.length + 1);
    expect(records[1]).toEqual(expect.arrayContaining(['Panic', 'Klodian Marku', String(alarmId)]));
    const note = records.find((r) => r[2] === 'Note')!;
    expect(note[4]).toBe(`'=Called the branch, no answer (on alarm ${alarmId})`);
    const ack = records.find((r) => r[2] === 'Acknowledged')!;
    expect(ack[3]).toBe('Arta Leka');
    expect(ack[4]).toContain('Police dispatched');

    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.login('operator@example.com');
    const inAlbanian = parse((await download(sq, 'csv')).bytes.toString('utf8')) as string[][];
    expect(inAlbanian[0]![2]).toBe('Çfarë');
    expect(inAlbanian.find((r) => r[2] === 'Konfirmuar')![4]).toContain('U dërgua policia');
  });

  it('exports the timeline as PDF with the alarm, the figures and every entry', async () => {
    const { res, bytes } = await download(operator, 'pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="incident-${alarmId}.pdf"`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Panic at Dega Skënderbej');
    expect(text).toContain('Police dispatched');
    expect(text).toContain('=Called the branch, no answer');
    expect(text).toContain('Main vault');
    expect(text).toContain('Signal');

    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.login('operator@example.com');
    const inAlbanian = pdfText((await download(sq, 'pdf')).bytes);
    expect(inAlbanian).toContain('Panik në Dega Skënderbej');
    // Outside the scope: no file either.
    const us = new ApiClient(server.baseUrl);
    await us.login('us-orgadmin@example.com');
    expect((await download(us, 'pdf')).res.status).toBe(404);
  });
});
