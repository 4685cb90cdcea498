/**
 * Video calls and incidents (issue 15; spec §4 Phone call status, §7 getincidents {filter, offset
 * 0, limit 200}, §9 limit 200): routing to the operator consoles of the monitoring security
 * offices only (by socket and by call), first-wins answering (also across two server processes
 * on PostgreSQL), every state transition (new, active, other-console, transfer, ended, closeout,
 * other-closeout, missed), the caller's profile snapshot at call time, medical profiles, paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Call, CallPayload, Incident, IncidentsPage, MedicalProfile, SocketEvent, SocketMessage } from '@vigil/contract';
import { callStatusFor } from '@vigil/contract';
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

type CallEvent = SocketEvent & { Payload: CallPayload };
const isCall = (m: SocketMessage, id: number, change?: CallPayload['change']): boolean =>
  'type' in m &&
  m.type === 'VIDEO-CALL' &&
  (m as CallEvent).Payload.call.IncidentId === id &&
  (!change || (m as CallEvent).Payload.change === change);

describe.each(DB_KINDS)('video calls on %s', (kind) => {
  let server: TestServer;
  let operator: Login;
  let officer: Login;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    operator = await consoleLogin(server, 'operator@example.com');
    officer = await consoleLogin(server, 'officer@example.com');
  }, 120_000);
  afterAll(async () => server?.close());

  async function placeCall(email = 'staff@example.com') {
    const caller = await mobileLogin(server.baseUrl, email);
    const res = await caller.call<{ callobject: Call }>('calls/start', {
      branchOfficeId: caller.Branches[0]!.BranchOfficeId,
      latitude: 41.3275,
      longitude: 19.8187,
      horizontalAccuracy: 8,
      appVersion: '25.7.2',
      os: 'Android 15',
      phoneModel: 'Pixel 9',
    });
    expect(res.status).toBe(200);
    return { caller, call: res.json.body!.callobject };
  }

  it('keeps the medical profile, validates it, and snapshots it into the incident at call time', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const empty = await staff.call<{ medicalprofile: MedicalProfile }>('medicalprofile', {});
    expect(empty.status).toBe(200);
    expect(empty.json.body!.medicalprofile.UpdatedAtUTC).toBeNull();
    const contacts = [
      { Name: 'Elira Marku', Relationship: 'Spouse', PhoneNumber: '+355691112223', Email: 'elira@example.com' },
      { Name: 'Genti Marku', Relationship: 'Brother', PhoneNumber: '+355692223334', Email: null },
      { Name: 'Dr. Hoxha', Relationship: 'Doctor', PhoneNumber: null, Email: null },
    ];
    const bad = [
      { Medical: {}, EmergencyContacts: [...contacts, contacts[0]] },
      { Medical: { BloodType: 'C+' }, EmergencyContacts: [] },
      { Medical: { HeightCm: 9000 }, EmergencyContacts: [] },
      { Medical: {}, EmergencyContacts: [{ Name: '' }] },
      { Medical: {}, EmergencyContacts: [{ Name: 'X', Email: 'not-an-email' }] },
      { Medical: {}, EmergencyContacts: [], extra: 1 },
    ];
    for (const body of bad) {
      const r = await staff.call('medicalprofile/update', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await staff.call<{ medicalprofile: MedicalProfile }>('medicalprofile', {})).json.body!.medicalprofile.UpdatedAtUTC).toBeNull();
    const saved = await staff.call<{ medicalprofile: MedicalProfile }>('medicalprofile/update', {
      Medical: { BloodType: 'A+', HearingImpaired: true, HeightCm: 178, WeightKg: 81.5, SpecialNotes: 'Penicillin allergy' },
      EmergencyContacts: contacts,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.body!.medicalprofile.Medical).toEqual({
      BloodType: 'A+',
      HearingImpaired: true,
      HeightCm: 178,
      WeightKg: 81.5,
      SpecialNotes: 'Penicillin allergy',
    });
    expect(saved.json.body!.medicalprofile.EmergencyContacts).toHaveLength(3);

    const { caller, call } = await placeCall();
    // The profile changes after the call was placed: the incident keeps the one at call time.
    await staff.call('medicalprofile/update', { Medical: { BloodType: '0-' }, EmergencyContacts: [] });
    const detail = await operator.client.post<{ incidentobject: Incident }>('/api/client/getcall', { callId: call.IncidentId });
    expect(detail.status).toBe(200);
    const inc = detail.json.body!.incidentobject;
    expect(inc.Status).toBe('new');
    expect(inc.Caller.Medical.BloodType).toBe('A+');
    expect(inc.Caller.Medical.HearingImpaired).toBe(true);
    expect(inc.Caller.EmergencyContacts.map((c) => c.Name)).toEqual(['Elira Marku', 'Genti Marku', 'Dr. Hoxha']);
    expect(inc.Caller.Email).toBe('staff@example.com');
    expect(inc.Caller.Language).toBeTruthy();
    expect(inc.Caller.OrganizationName).toBeTruthy();
    expect(inc.BranchOfficeName).toBeTruthy();
    expect(inc.TextId).toMatch(/^[0-9a-f-]{36}$/);
    expect(inc.profile.firstName).toBe(inc.Caller.Name);
    // One call in progress per caller.
    const again = await caller.call('calls/start', { branchOfficeId: caller.Branches[0]!.BranchOfficeId, latitude: 41, longitude: 19 });
    expect(again.status).toBe(409);
    expect(again.json.description).toBe('You already have a call in progress');
    expect((await caller.call('calls/hangup', { callId: call.IncidentId })).status).toBe(200);
  });

  it('rings only the monitoring operators, by socket and by call; nobody else sees or touches it', async () => {
    const otherEmail = await otherOfficeOperator(server, 'Video');
    const other = await consoleLogin(server, otherEmail);
    const admin = await consoleLogin(server, 'orgadmin@example.com');
    const manager = await consoleLogin(server, 'manager@example.com');
    const socks = await Promise.all([operator, officer, other, admin, manager].map((l) => socketOf(server, l)));
    const [opSock, offSock, otherSock, adminSock, managerSock] = socks;
    const { caller, call } = await placeCall();
    expect(call.State).toBe('ringing');
    const rang = (await opSock!.waitFor((m) => isCall(m, call.IncidentId, 'placed'))) as CallEvent;
    // How fast it rings is a figure of bench/calls.ts, not a test's wall-clock limit.
    expect(callStatusFor(rang.Payload.call, operator.userId)).toBe('new');
    expect(rang.Payload.call.BranchOfficeName).toBeTruthy();
    await offSock!.waitFor((m) => isCall(m, call.IncidentId, 'placed'));
    await new Promise((r) => setTimeout(r, 400));
    for (const s of [otherSock!, adminSock!, managerSock!]) expect(s.events.filter((e) => e.type === 'VIDEO-CALL')).toEqual([]);

    const otherList = await other.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(otherList.status).toBe(200);
    expect(otherList.json.body!.callobject).toEqual([]);
    for (const path of ['getcall', 'answercall', 'endcall', 'closeoutcall']) {
      const r = await other.client.post(`/api/client/${path}`, { callId: call.IncidentId });
      expect(r.status, path).toBe(404);
      expect(r.json.description).toBe('Call not found');
    }
    expect((await other.client.post('/api/client/transfercall', { callId: call.IncidentId, toUserId: officer.userId })).status).toBe(404);
    const otherIncidents = await other.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', { filter: '' });
    expect(otherIncidents.json.body!.incidentobject.total).toBe(0);
    for (const l of [admin, manager]) {
      for (const path of ['getcalls', 'getincidents']) expect((await l.client.post(`/api/client/${path}`, {})).status).toBe(403);
      expect((await l.client.post('/api/client/answercall', { callId: call.IncidentId })).status).toBe(403);
    }
    // Another mobile user cannot see or hang up someone else's call.
    const regional = await mobileLogin(server.baseUrl, 'regional@example.com');
    expect((await regional.call('calls/status', { callId: call.IncidentId })).status).toBe(404);
    expect((await regional.call('calls/hangup', { callId: call.IncidentId })).status).toBe(404);
    // A console session is not a mobile one.
    expect((await operator.client.post('/api/mobile/calls/start', {})).status).toBe(401);

    const mine = await operator.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(mine.json.body!.callobject.find((c) => c.IncidentId === call.IncidentId)?.Status).toBe('new');

    // The caller hangs up before anyone answered: missed, removed everywhere.
    const hung = await caller.call<{ callobject: Call }>('calls/hangup', { callId: call.IncidentId });
    expect(hung.json.body!.callobject.State).toBe('missed');
    await offSock!.waitFor((m) => isCall(m, call.IncidentId, 'missed'));
    const after = await officer.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(after.json.body!.callobject.map((c) => c.IncidentId)).not.toContain(call.IncidentId);
    const late = await operator.client.post('/api/client/answercall', { callId: call.IncidentId });
    expect(late.status).toBe(409);
    expect(late.json.description).toBe('This call is disconnected');
    expect((await caller.call('calls/hangup', { callId: call.IncidentId })).status).toBe(409);
    for (const s of socks) s.close();
  });

  it('answers first-wins, transfers to an online operator, ends and closes out, each transition an event', async () => {
    const { caller, call } = await placeCall();
    const id = call.IncidentId;
    const [opSock, mobile] = await Promise.all([
      socketOf(server, operator),
      SocketClient.connect(server.baseUrl, caller.Token, caller.UserId),
    ]);

    // Transfer needs the target online: officer has no console open yet.
    const answered = await operator.client.post<{ incidentobject: Incident }>('/api/client/answercall', { callId: id });
    expect(answered.status).toBe(200);
    expect(answered.json.body!.incidentobject.Status).toBe('active');
    expect(answered.json.body!.incidentobject.AnsweredByName).toBe('Arta Leka');
    expect((await operator.client.post('/api/client/answercall', { callId: id })).status).toBe(200);
    await mobile.waitFor((m) => isCall(m, id, 'answered'));
    const taken = await officer.client.post('/api/client/answercall', { callId: id });
    expect(taken.status).toBe(409);
    expect(taken.json.description).toBe('This call was already answered by Arta Leka');
    const seen = await officer.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(seen.json.body!.callobject.find((c) => c.IncidentId === id)?.Status).toBe('other-console');
    expect((await officer.client.post('/api/client/endcall', { callId: id })).status).toBe(403);
    expect((await officer.client.post('/api/client/transfercall', { callId: id, toUserId: operator.userId })).status).toBe(403);

    const offline = await operator.client.post('/api/client/transfercall', { callId: id, toUserId: officer.userId });
    expect(offline.status).toBe(400);
    expect(offline.json.description).toBe("Choose an online security officer of this client's security offices");
    const self = await operator.client.post('/api/client/transfercall', { callId: id, toUserId: operator.userId });
    expect(self.status).toBe(400);
    const offSock = await socketOf(server, officer);
    const transferred = await operator.client.post<{ incidentobject: Incident }>('/api/client/transfercall', {
      callId: id,
      toUserId: officer.userId,
    });
    expect(transferred.status).toBe(200);
    expect(transferred.json.body!.incidentobject.Status).toBe('other-console');
    expect(transferred.json.body!.incidentobject.TransferChain.map((t) => [t.FromUserId, t.ToUserId])).toEqual([
      [operator.userId, officer.userId],
    ]);
    const tEvent = (await offSock.waitFor((m) => isCall(m, id, 'transferred'))) as CallEvent;
    expect(callStatusFor(tEvent.Payload.call, officer.userId)).toBe('transfer');
    expect(callStatusFor(tEvent.Payload.call, operator.userId)).toBe('other-console');
    // Only the chosen operator may answer a transferred call.
    const back = await operator.client.post('/api/client/answercall', { callId: id });
    expect(back.status).toBe(409);
    expect(back.json.description).toBe('This call was already answered by Besnik Shehu');
    const taken2 = await officer.client.post<{ incidentobject: Incident }>('/api/client/answercall', { callId: id });
    expect(taken2.status).toBe(200);
    expect(taken2.json.body!.incidentobject.Status).toBe('active');
    expect(taken2.json.body!.incidentobject.AnsweredTimeUTC).toBe(answered.json.body!.incidentobject.AnsweredTimeUTC);
    await opSock.waitFor((m) => isCall(m, id, 'answered') && (m as CallEvent).Payload.call.AnsweredBy === officer.userId);

    // The caller moves; then the operator ends the call and closes it out.
    expect((await caller.call('calls/location', { callId: id, latitude: 41.33, longitude: 19.82 })).status).toBe(200);
    const ended = await officer.client.post<{ incidentobject: Incident }>('/api/client/endcall', { callId: id });
    expect(ended.json.body!.incidentobject.Status).toBe('ended');
    expect(ended.json.body!.incidentobject.EndedBy).toBe('console');
    await mobile.waitFor((m) => isCall(m, id, 'ended'));
    expect((await caller.call('calls/location', { callId: id, latitude: 41.34, longitude: 19.83 })).status).toBe(409);
    expect((await officer.client.post('/api/client/endcall', { callId: id })).status).toBe(409);
    const opList = await operator.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(opList.json.body!.callobject.map((c) => c.IncidentId)).not.toContain(id);
    expect((await operator.client.post('/api/client/closeoutcall', { callId: id })).status).toBe(403);
    const closed = await officer.client.post<{ incidentobject: Incident }>('/api/client/closeoutcall', { callId: id });
    expect(closed.json.body!.incidentobject.Status).toBe('closeout');
    const opView = await operator.client.post<{ incidentobject: Incident }>('/api/client/getcall', { callId: id });
    expect(opView.json.body!.incidentobject.Status).toBe('other-closeout');
    expect(opView.json.body!.incidentobject.locations.map((l) => l.Latitude)).toEqual([41.3275, 41.33]);
    expect(opView.json.body!.incidentobject.TalkSeconds).toBeGreaterThanOrEqual(0);
    expect((await officer.client.post('/api/client/closeoutcall', { callId: id })).status).toBe(409);

    const audit = await rows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where entity = 'calls' and entity_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'call-place',
      'call-answer',
      'call-transfer',
      'call-answer',
      'call-location',
      'call-end',
      'call-closeout',
    ]);
    const changes = await rows<{ change: string }>(
      server.database.db,
      sql`select payload->>'change' as change from events where kind = 'CALL' and (payload->'call'->>'IncidentId')::int = ${id} order by id`,
    );
    expect(changes.map((c) => c.change)).toEqual(['placed', 'answered', 'transferred', 'answered', 'located', 'ended', 'closed']);
    for (const s of [opSock, offSock, mobile]) s.close();
  });

  it('ends an answered call when the caller hangs up; its operator still closes it out', async () => {
    const { caller, call } = await placeCall();
    expect((await operator.client.post('/api/client/answercall', { callId: call.IncidentId })).status).toBe(200);
    const hung = await caller.call<{ callobject: Call }>('calls/hangup', { callId: call.IncidentId });
    expect(hung.json.body!.callobject.State).toBe('ended');
    expect(hung.json.body!.callobject.EndedBy).toBe('caller');
    const list = await operator.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(list.json.body!.callobject.find((c) => c.IncidentId === call.IncidentId)?.Status).toBe('ended');
    const offList = await officer.client.post<{ callobject: Call[] }>('/api/client/getcalls', {});
    expect(offList.json.body!.callobject.map((c) => c.IncidentId)).not.toContain(call.IncidentId);
    const closed = await operator.client.post<{ incidentobject: Incident }>('/api/client/closeoutcall', { callId: call.IncidentId });
    expect(closed.json.body!.incidentobject.Status).toBe('closeout');
  });

  it('gives a ringing call to exactly one of two operators answering at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { caller, call } = await placeCall();
      const [ra, rb] = await Promise.all([
        operator.client.post('/api/client/answercall', { callId: call.IncidentId }),
        officer.client.post('/api/client/answercall', { callId: call.IncidentId }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      await caller.call('calls/hangup', { callId: call.IncidentId });
    }
  });

  it('pages getincidents newest first with filter, offset and a limit of at most 200, rejecting bad input', async () => {
    const before = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: '',
      offset: 0,
      limit: 200,
    });
    expect(before.status).toBe(200);
    const total0 = before.json.body!.incidentobject.total;
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { caller, call } = await placeCall('regional@example.com');
      placed.push(call.IncidentId);
      await caller.call('calls/hangup', { callId: call.IncidentId });
    }
    const all = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: '',
      offset: 0,
      limit: 200,
    });
    expect(all.json.body!.incidentobject.total).toBe(total0 + 3);
    const p1 = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: '',
      offset: 0,
      limit: 2,
    });
    const p2 = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: '',
      offset: 2,
      limit: 2,
    });
    expect(p1.json.body!.incidentobject.incidents.map((i) => i.IncidentId)).toEqual([placed[2], placed[1]]);
    expect(p2.json.body!.incidentobject.incidents[0]!.IncidentId).toBe(placed[0]);
    const regional = await mobileLogin(server.baseUrl, 'regional@example.com');
    const [me] = await rows<{ email: string; name: string }>(
      server.database.db,
      sql`select email, name from users where id = ${regional.UserId}`,
    );
    const byName = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: me!.email.toUpperCase(),
    });
    expect(byName.json.body!.incidentobject.incidents.map((i) => i.IncidentId)).toEqual([...placed].reverse());
    const today = new Date().toISOString().slice(0, 10);
    const dated = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      filter: '',
      fromDate: '2000-01-01',
      toDate: '2000-01-02',
    });
    expect(dated.json.body!.incidentobject.total).toBe(0);
    const todays = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', {
      fromDate: today,
      toDate: today,
    });
    expect(todays.json.body!.incidentobject.total).toBeGreaterThanOrEqual(3);
    const wild = await operator.client.post<{ incidentobject: IncidentsPage }>('/api/client/getincidents', { filter: '%_\\' });
    expect(wild.status).toBe(200);
    for (const body of [
      { limit: 201 },
      { limit: 0 },
      { offset: -1 },
      { filter: 'x'.repeat(201) },
      { fromDate: '2026-13-01' },
      { filter: { $ne: 1 } },
      { other: 1 },
    ]) {
      const r = await operator.client.post('/api/client/getincidents', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { callId: 'abc' }, { callId: -1 }, { callId: 1e12 }]) {
      expect((await operator.client.post('/api/client/answercall', body)).status).toBe(400);
    }
    expect((await operator.client.post('/api/client/answercall', { callId: 2_000_000_000 })).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('video call first-wins across two server processes on PostgreSQL', () => {
  it('gives the call to exactly one of two operators answering at once on two nodes, and the other node sees it', async () => {
    const target = await freshDatabaseUrl('postgres');
    const a = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' });
    const b = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' }, { seed: false });
    try {
      for (let round = 0; round < 5; round++) {
        const staff = await mobileLogin(a.baseUrl, 'staff@example.com');
        const started = await staff.call<{ callobject: Call }>('calls/start', {
          branchOfficeId: staff.Branches[0]!.BranchOfficeId,
          latitude: 41.3,
          longitude: 19.8,
        });
        const id = started.json.body!.callobject.IncidentId;
        const op = await consoleLogin(a, 'operator@example.com');
        const off = await consoleLogin(b, 'officer@example.com');
        const offSock = await socketOf(b, off);
        const [ra, rb] = await Promise.all([
          op.client.post('/api/client/answercall', { callId: id }),
          off.client.post('/api/client/answercall', { callId: id }),
        ]);
        expect([ra.status, rb.status].sort()).toEqual([200, 409]);
        const loser = ra.status === 409 ? ra : rb;
        expect(loser.json.description).toMatch(/^This call was already answered by (Arta Leka|Besnik Shehu)$/);
        const answers = await rows<{ n: number }>(
          a.database.db,
          sql`select count(*)::int as n from events where kind = 'CALL' and payload->>'change' = 'answered' and (payload->'call'->>'IncidentId')::int = ${id}`,
        );
        expect(answers[0]!.n).toBe(1);
        await offSock.waitFor((m) => isCall(m, id, 'answered'));
        offSock.close();
        await staff.call('calls/hangup', { callId: id });
      }
    } finally {
      await b.close();
      await a.close();
      await target.drop();
    }
  }, 120_000);
});
