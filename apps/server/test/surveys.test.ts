/**
 * Surveys over HTTP on both databases (issue 18): every managesurveys case, §5 duplicate name,
 * scope (other organisation, managers read-only, security roles none), external users, mailed
 * single-use links at a real SMTP peer, the public page's GET-SURVEY / SUBMIT-SURVEY-ANSWERS
 * without a session, a spent/wrong link refused, an ending answer notifying exactly the chosen
 * users (mails counted) with a Survey notification event, UsedOnce, the schedule (mobile API), and
 * the survey report showing the submissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  SurveyAnswerCounts,
  SurveyReportDetail,
  SurveyReportRow,
  SurveyRow,
  SurveyUser,
  ExternalUserRow,
  SurveyToAnswer,
  MobileSurvey,
} from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';
import { linkIn, startSmtpPeer, type SmtpPeer } from './account-peers.js';

const QUESTIONS = [
  {
    Question: 'Is the emergency exit blocked?',
    Answers: [
      { Option: 'Yes', Action: 'Clear it now', EndSurveyWithNotification: true },
      { Option: 'No', EndSurveyWithNotification: false },
    ],
  },
  { Question: 'Is the alarm panel armed?', Answers: [{ Option: 'Yes' }, { Option: 'No' }] },
];

const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('surveys on %s', (kind) => {
  let server: TestServer;
  let smtp: SmtpPeer;
  let admin: ApiClient;
  let branchId: number;
  let otherBranchId: number;
  let regionId: number;
  let surveyId: number;

  const ids = async (q: ReturnType<typeof sql>) => rows<{ id: number }>(server.database.db, q);
  const manage = <T = SurveyRow>(c: ApiClient, body: Record<string, unknown>) =>
    c.post<{ surveyobject: T }>('/api/client/managesurveys', body);
  const as = async (email: string) => {
    const c = new ApiClient(server.baseUrl);
    await c.login(email);
    return c;
  };
  const publicCall = async <T = Record<string, unknown>>(body: Record<string, unknown>) => {
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    return anon.post<T>('/api/external/surveys', body);
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    admin = await as('orgadmin@example.com');
    branchId = (await ids(sql`select id from branch_offices where name = 'Dega Skënderbej'`))[0]!.id;
    otherBranchId = (await ids(sql`select id from branch_offices where name = 'Dega Blloku'`))[0]!.id;
    regionId = (await ids(sql`select id from offices where name = 'Durrës Region'`))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('demo data: surveys for both banks with 30 days of answers (then cleared for the tests below)', async () => {
    const demo = await rows<{ org: string; surveys: number; days: number; ending: number }>(
      server.database.db,
      sql`select o.name as org, count(distinct sv.id)::int as surveys, count(distinct date_trunc('day', s.created_at))::int as days,
          count(*) filter (where s.end_with_notification)::int as ending
        from surveys sv join organizations o on o.id = sv.organization_id join submitted_surveys s on s.survey_id = sv.id group by o.name order by o.name`,
    );
    expect(demo).toHaveLength(2);
    for (const d of demo) {
      expect(d.surveys).toBe(2);
      expect(d.days).toBeGreaterThanOrEqual(30);
      expect(d.ending).toBeGreaterThan(0);
    }
    await server.database.db.execute(sql`delete from surveys`);
  });

  it('builds a survey: add, §5 duplicate name, get all / by id / by branch, update name, update, copy', async () => {
    const add = await manage(admin, {
      case: 'ADD-SURVEY',
      name: 'Safety walk',
      description: 'Daily safety checks',
      notifyRecomandation: 'Call the regional manager',
      nonNotifyRecomandation: 'Carry on',
      questions: QUESTIONS,
    });
    expect(add.status).toBe(200);
    const s = add.json.body!.surveyobject;
    surveyId = s.SurveyId;
    expect(s.Questions.map((q) => q.QuestionId)).toEqual([1, 2]);
    expect(s.Questions[0]!.Answers[0]).toEqual({ Option: 'Yes', Action: 'Clear it now', EndSurveyWithNotification: true });
    expect(s).toMatchObject({
      Name: 'Safety walk',
      StartDate: null,
      EndDate: null,
      Offered: false,
      UsedOnce: false,
      CreatedBy: 'Elira Hoxha',
    });

    const dup = await manage(admin, { case: 'ADD-SURVEY', name: 'safety WALK', questions: [] });
    expect(dup.status).toBe(409);
    expect(dup.json.description).toBe('This survey name is already in use');
    const dupSq = new ApiClient(server.baseUrl, 'sq');
    await dupSq.login('orgadmin@example.com');
    expect((await manage(dupSq, { case: 'ADD-SURVEY', name: 'Safety walk' })).json.description).toBe(
      'Ky emër ankete është tashmë në përdorim',
    );

    const bad = await manage(admin, { case: 'ADD-SURVEY', name: 'No options', questions: [{ Question: 'Q?', Answers: [] }] });
    expect(bad.status).toBe(400);
    expect(bad.json.description).toBe('Each question needs at least one option, and no option twice.');

    const other = await manage(admin, {
      case: 'ADD-SURVEY',
      name: 'Vault check',
      questions: [{ Question: 'Closed?', Answers: [{ Option: 'Yes' }] }],
    });
    expect(other.status).toBe(200);
    const renamed = await manage(admin, {
      case: 'UPDATE-SURVEY-NAME',
      surveyId: other.json.body!.surveyobject.SurveyId,
      name: 'Safety walk',
    });
    expect(renamed.status).toBe(409);
    expect(
      (await manage(admin, { case: 'UPDATE-SURVEY-NAME', surveyId: other.json.body!.surveyobject.SurveyId, name: 'Vault close check' }))
        .json.body!.surveyobject.Name,
    ).toBe('Vault close check');

    const all = await manage<SurveyRow[]>(admin, { case: 'GET-ALL-SURVEYS' });
    expect(all.json.body!.surveyobject.map((x) => x.Name)).toEqual(['Safety walk', 'Vault close check']);
    expect((await manage(admin, { case: 'GET-SURVEY-BY-ID', surveyId })).json.body!.surveyobject.Name).toBe('Safety walk');

    const upd = await manage(admin, {
      case: 'UPDATE-SURVEY',
      surveyId,
      name: 'Safety walk',
      description: 'Daily safety checks, before opening',
      notifyRecomandation: 'Call the regional manager',
      nonNotifyRecomandation: 'Carry on',
      questions: [
        QUESTIONS[1],
        ...(await manage(admin, { case: 'GET-SURVEY-BY-ID', surveyId })).json.body!.surveyobject.Questions.slice(0, 1),
      ],
    });
    expect(upd.status).toBe(200);
    // Reordered: the kept question keeps its id, the new one gets the next free id.
    expect(upd.json.body!.surveyobject.Questions.map((q) => [q.QuestionId, q.Question])).toEqual([
      [2, 'Is the alarm panel armed?'],
      [1, 'Is the emergency exit blocked?'],
    ]);
    // Back to the order.
    await manage(admin, {
      case: 'UPDATE-SURVEY',
      surveyId,
      name: 'Safety walk',
      notifyRecomandation: 'Call the regional manager',
      nonNotifyRecomandation: 'Carry on',
      questions: QUESTIONS,
    });

    const copy = await manage(admin, { case: 'COPY-SURVEY', surveyId });
    expect(copy.json.body!.surveyobject).toMatchObject({ Name: 'Safety walk (2)', UsedOnce: false });
    expect(copy.json.body!.surveyobject.Questions).toHaveLength(2);
  });

  it('assigns to branches and regions, chooses people, schedules, de-assigns', async () => {
    const a = await manage(admin, { case: 'ASSIGN-SURVEY', surveyId, branchOfficeIds: [branchId], regionalOfficeIds: [regionId] });
    expect(a.status).toBe(200);
    const regionBranches = await ids(sql`select id from branch_offices where regional_office_id = ${regionId}`);
    expect(a.json.body!.surveyobject.BranchOffices.map((b) => b.BranchOfficeId).sort()).toEqual(
      [branchId, ...regionBranches.map((r) => r.id)].sort(),
    );
    const byBranch = await manage<SurveyRow[]>(admin, { case: 'GET-SURVEYS-BY-BRANCH', branchOfficeId: branchId });
    expect(byBranch.json.body!.surveyobject.map((x) => x.SurveyId)).toEqual([surveyId]);

    const de = await manage(admin, { case: 'DE-ASSIGN-SURVEY', surveyId, branchOfficeIds: regionBranches.map((r) => r.id) });
    expect(de.json.body!.surveyobject.BranchOffices.map((b) => b.BranchOfficeId)).toEqual([branchId]);

    const select = await manage<SurveyUser[]>(admin, { case: 'GET-USERS-TO-SELECT', surveyId });
    const staff = select.json.body!.surveyobject.find((u) => u.Email === 'staff@example.com');
    expect(staff).toBeTruthy();
    expect(select.json.body!.surveyobject.some((u) => u.Email === 'orgadmin@example.com')).toBe(false);
    const take = await manage(admin, { case: 'UPDATE-USERS-TO-TAKE', surveyId, userIds: [staff!.Id] });
    expect(take.json.body!.surveyobject.UsersForSurvey.map((u) => u.Email)).toEqual(['staff@example.com']);

    const notify = await manage<{ Users: SurveyUser[]; ExternalUsers: ExternalUserRow[] }>(admin, {
      case: 'GET-USERS-TO-NOTIFY',
      surveyId,
    });
    const manager = notify.json.body!.surveyobject.Users.find((u) => u.Email === 'manager@example.com');
    expect(manager).toBeTruthy();
    expect(notify.json.body!.surveyobject.Users.some((u) => u.Email === 'staff@example.com')).toBe(false);
    const wrong = await manage(admin, { case: 'UPDATE-NOTIFY-USERS', surveyId, userIds: [staff!.Id] });
    expect(wrong.status).toBe(400);

    const order = await manage(admin, { case: 'UPDATE-SCHEDULE', surveyId, startDate: iso(Date.now()), endDate: iso(Date.now() - day) });
    expect(order.status).toBe(400);
    expect(order.json.description).toBe('The end date must be after the start date.');
  });

  it('scope: another organisation sees nothing, managers read only, security roles none', async () => {
    const us = await as('us-orgadmin@example.com');
    expect((await manage(us, { case: 'GET-SURVEY-BY-ID', surveyId })).status).toBe(404);
    expect((await manage<SurveyRow[]>(us, { case: 'GET-ALL-SURVEYS' })).json.body!.surveyobject).toEqual([]);
    expect((await manage(us, { case: 'ASSIGN-SURVEY', surveyId, branchOfficeIds: [branchId] })).status).toBe(404);
    expect(
      (await us.post('/api/client/manageexternalusers', { case: 'GET-EXTERNAL-USERS-BY-BRANCH', branchOfficeId: branchId })).status,
    ).toBe(404);

    const manager = await as('manager@example.com');
    expect((await manage<SurveyRow[]>(manager, { case: 'GET-ALL-SURVEYS' })).json.body!.surveyobject.map((s) => s.Name)).toEqual([
      'Safety walk',
    ]);
    expect((await manage(manager, { case: 'UPDATE-SURVEY-NAME', surveyId, name: 'Mine' })).status).toBe(403);
    expect((await manage(manager, { case: 'ADD-SURVEY', name: 'Mine' })).status).toBe(403);

    const officer = await as('officer@example.com');
    expect((await manage<SurveyRow[]>(officer, { case: 'GET-ALL-SURVEYS' })).json.body!.surveyobject).toEqual([]);
    expect((await manage(officer, { case: 'GET-SURVEY-BY-ID', surveyId })).status).toBe(404);

    // A dealer acts on the organisation it is assigned to.
    const dealer = await as('dealer@example.com');
    expect((await manage(dealer, { case: 'GET-SURVEY-BY-ID', surveyId })).status).toBe(200);
  });

  it('external users: add (mailed the links of offered surveys), §5-style duplicate, get by branch, delete; managers of other branches refused', async () => {
    const add = await admin.post<{ externaluserobject: ExternalUserRow }>('/api/client/manageexternalusers', {
      case: 'ADD-EXTERNAL-USER',
      branchOfficeId: branchId,
      name: 'Drita Landlord',
      email: 'drita@example.org',
      phone: '+355 69 123 4567',
      langId: 'sq',
    });
    expect(add.status).toBe(200);
    expect(add.json.body!.externaluserobject).toMatchObject({
      Name: 'Drita Landlord',
      Phone: '+355691234567',
      BranchOfficeId: branchId,
      LangId: 'sq',
    });
    const dup = await admin.post('/api/client/manageexternalusers', {
      case: 'ADD-EXTERNAL-USER',
      branchOfficeId: branchId,
      name: 'X',
      email: 'DRITA@example.org',
    });
    expect(dup.status).toBe(409);
    expect(dup.json.description).toBe('This e-mail address is already an external user of this branch.');
    const badMail = await admin.post('/api/client/manageexternalusers', {
      case: 'ADD-EXTERNAL-USER',
      branchOfficeId: branchId,
      name: 'X',
      email: 'nope',
    });
    expect(badMail.status).toBe(400);

    const tmp = await admin.post<{ externaluserobject: ExternalUserRow }>('/api/client/manageexternalusers', {
      case: 'ADD-EXTERNAL-USER',
      branchOfficeId: otherBranchId,
      name: 'Temp',
      email: 'temp@example.org',
    });
    const manager = await as('manager@example.com');
    expect(
      (
        await manager.post('/api/client/manageexternalusers', {
          case: 'DELETE-EXTERNAL-USER',
          externalUserId: tmp.json.body!.externaluserobject.ExternalUserId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin.post('/api/client/manageexternalusers', {
          case: 'DELETE-EXTERNAL-USER',
          externalUserId: tmp.json.body!.externaluserobject.ExternalUserId,
        })
      ).status,
    ).toBe(200);
    const list = await manager.post<{ externaluserobject: ExternalUserRow[] }>('/api/client/manageexternalusers', {
      case: 'GET-EXTERNAL-USERS-BY-BRANCH',
      branchOfficeId: branchId,
    });
    expect(list.json.body!.externaluserobject.map((e) => e.Email)).toEqual(['drita@example.org']);
    // Not offered yet (no schedule): no link was mailed.
    expect(smtp.messages.filter((m) => m.to.includes('drita@example.org'))).toHaveLength(0);
  });

  it('the schedule: not offered before StartDate or after EndDate (mobile API)', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const offered = async () => {
      const r = await fetch(`${server.baseUrl}/api/mobile/surveys`, { headers: { authorization: `Bearer ${staff.Token}` } });
      return ((await r.json()) as { body: { surveys: MobileSurvey[] } }).body.surveys.map((s) => s.SurveyId);
    };
    const answer = {
      surveyId,
      branchOfficeId: branchId,
      answers: [
        { QuestionId: 1, Answer: 'No' },
        { QuestionId: 2, Answer: 'Yes' },
      ],
    };
    expect(await offered()).toEqual([]);
    await manage(admin, { case: 'UPDATE-SCHEDULE', surveyId, startDate: iso(Date.now() + day), endDate: null });
    expect(await offered()).toEqual([]);
    const early = await staff.call('surveys/answers', answer);
    expect(early.status).toBe(409);
    expect(early.json.description).toBe('This survey is not open for answers now.');
    await manage(admin, { case: 'UPDATE-SCHEDULE', surveyId, startDate: iso(Date.now() - 2 * day), endDate: iso(Date.now() - day) });
    expect(await offered()).toEqual([]);
    expect((await staff.call('surveys/answers', answer)).status).toBe(409);
    expect(smtp.messages.filter((m) => m.to.includes('drita@example.org'))).toHaveLength(0);
  });

  it('offered: the external respondent is mailed a single-use link in their language; staff answer in the app', async () => {
    const s = await manage(admin, { case: 'UPDATE-SCHEDULE', surveyId, startDate: iso(Date.now() - 60_000), endDate: null });
    expect(s.json.body!.surveyobject.Offered).toBe(true);
    const mail = await smtp.waitFor('drita@example.org');
    expect(mail.subject).toBe('Anketë: Safety walk');
    expect(mail.text).toContain('Dega Skënderbej ju kërkon të përgjigjeni në anketën "Safety walk".');
    const link = linkIn(mail.text, '/survey/');
    expect(link).toMatch(new RegExp(`/survey/${branchId}-[A-Za-z0-9_-]{43}/${surveyId}$`));
    const token = decodeURIComponent(link.split('/survey/')[1]!.split('/')[0]!);
    expect((await ids(sql`select id from survey_links where token_hash = ${token}`)).length).toBe(0);
    // Sending again sends nothing new.
    const again = await admin.post<{ surveyexternaluserobject: { Sent: number } }>('/api/client/managesurveysexternaluser', {
      case: 'SEND-SURVEY-LINKS',
      surveyId,
    });
    expect(again.json.body!.surveyexternaluserobject.Sent).toBe(0);
    const ext = await admin.post<{
      surveyexternaluserobject: { Email: string; LinkSentAtUTC: string | null; LinkUsedAtUTC: string | null }[];
    }>('/api/client/managesurveysexternaluser', { case: 'GET-SURVEY-EXTERNAL-USERS', surveyId });
    expect(ext.json.body!.surveyexternaluserobject).toMatchObject([{ Email: 'drita@example.org', LinkUsedAtUTC: null }]);
    expect(ext.json.body!.surveyexternaluserobject[0]!.LinkSentAtUTC).not.toBeNull();

    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const r = await fetch(`${server.baseUrl}/api/mobile/surveys`, { headers: { authorization: `Bearer ${staff.Token}` } });
    const offered = ((await r.json()) as { body: { surveys: MobileSurvey[] } }).body.surveys;
    expect(offered.map((o) => [o.SurveyId, o.BranchOffices.map((b) => b.BranchOfficeId)])).toEqual([[surveyId, [branchId]]]);
    const invalid = await staff.call('surveys/answers', {
      surveyId,
      branchOfficeId: branchId,
      answers: [{ QuestionId: 1, Answer: 'Maybe' }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.description).toBe("The answers do not match the survey's questions.");
    const partial = await staff.call('surveys/answers', { surveyId, branchOfficeId: branchId, answers: [{ QuestionId: 1, Answer: 'No' }] });
    expect(partial.status).toBe(400);
    const ok = await staff.call<{ EndWithNotification: boolean; Recommendation: string }>('surveys/answers', {
      surveyId,
      branchOfficeId: branchId,
      answers: [
        { QuestionId: 1, Answer: 'No' },
        { QuestionId: 2, Answer: 'Yes' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.json.body).toMatchObject({ EndWithNotification: false, Recommendation: 'Carry on' });
    // A staff user not among UsersForSurvey cannot answer.
    const mgr = await mobileLogin(server.baseUrl, 'manager@example.com');
    expect(
      (
        await mgr.call('surveys/answers', {
          surveyId,
          branchOfficeId: branchId,
          answers: [
            { QuestionId: 1, Answer: 'No' },
            { QuestionId: 2, Answer: 'Yes' },
          ],
        })
      ).status,
    ).toBe(409);
  });

  it('an ending answer on the public page notifies exactly the chosen users and the link is then spent', async () => {
    const notify = await manage<{ Users: SurveyUser[]; ExternalUsers: ExternalUserRow[] }>(admin, {
      case: 'GET-USERS-TO-NOTIFY',
      surveyId,
    });
    const manager = notify.json.body!.surveyobject.Users.find((u) => u.Email === 'manager@example.com')!;
    const drita = notify.json.body!.surveyobject.ExternalUsers.find((u) => u.Email === 'drita@example.org')!;
    const set = await manage(admin, {
      case: 'UPDATE-NOTIFY-USERS',
      surveyId,
      userIds: [manager.Id],
      externalUserIds: [drita.ExternalUserId],
    });
    expect(set.json.body!.surveyobject.NotifyUsers.map((u) => u.Email)).toEqual(['manager@example.com']);
    expect(set.json.body!.surveyobject.NotifyExternalUsers.map((u) => u.Email)).toEqual(['drita@example.org']);

    const mail = await smtp.waitFor('drita@example.org', (m) => m.subject.startsWith('Anketë'));
    const token = decodeURIComponent(linkIn(mail.text, '/survey/').split('/survey/')[1]!.split('/')[0]!);

    const wrong = await publicCall({ case: 'GET-SURVEY', token: `${branchId}-nottherealtoken`, branchId });
    expect(wrong.status).toBe(404);
    expect(wrong.json.description).toBe('This survey link is not valid. Check that you opened the whole link from your e-mail.');
    expect((await publicCall({ case: 'GET-SURVEY', token, branchId: otherBranchId })).status).toBe(404);

    const got = await publicCall<{ surveyexternalusersobject: SurveyToAnswer }>({ case: 'GET-SURVEY', token, surveyId, branchId });
    expect(got.status).toBe(200);
    expect(got.json.body!.surveyexternalusersobject).toMatchObject({
      SurveyId: surveyId,
      Name: 'Safety walk',
      BranchOfficeId: branchId,
      LangId: 'sq',
    });
    expect(got.json.body!.surveyexternalusersobject.Questions).toHaveLength(2);

    const before = smtp.messages.length;
    const eventsBefore = (await ids(sql`select coalesce(max(id), 0)::int as id from events`))[0]!.id;
    const sent = await publicCall<{ resflag: boolean }>({
      case: 'SUBMIT-SURVEY-ANSWERS',
      token,
      surveyId,
      branchId,
      answers: JSON.stringify([{ QuestionId: 1, Answer: 'Yes' }]),
      endNotification: 'true',
      notificationQuestionId: null,
      latitude: 21,
      longitude: 42,
    });
    expect(sent.status).toBe(200);
    expect(sent.json.body!.resflag).toBe(true);
    await smtp.waitFor('manager@example.com', (m) => m.subject.includes('Safety walk'));
    await new Promise((r) => setTimeout(r, 300));
    const notices = smtp.messages.slice(before);
    expect(notices.map((m) => m.to).sort()).toEqual([['drita@example.org'], ['manager@example.com']]);
    const toManager = notices.find((m) => m.to.includes('manager@example.com'))!;
    expect(toManager.subject).toBe('Survey alert: Safety walk at Dega Skënderbej');
    expect(toManager.text).toContain('Question: Is the emergency exit blocked? — Answer: Yes');
    expect(toManager.text).toContain('Recommendation: Call the regional manager');
    expect(notices.find((m) => m.to.includes('drita@example.org'))!.subject).toBe('Njoftim ankete: Safety walk në Dega Skënderbej');

    const ev = await rows<{
      kind: string;
      branch_action: string;
      branch_office_id: number;
      audience: string;
      recipient_user_ids: number[];
      payload: { survey: { answer: string } };
    }>(
      server.database.db,
      sql`select kind, branch_action, branch_office_id, audience, recipient_user_ids, payload from events where id > ${eventsBefore} and kind = 'NOTIFICATION'`,
    );
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ branch_action: 'Survey', branch_office_id: branchId, audience: 'all', recipient_user_ids: [manager.Id] });
    expect(ev[0]!.payload.survey.answer).toBe('Yes');

    // Spent: neither shown nor accepted again.
    const spent = await publicCall({ case: 'GET-SURVEY', token, surveyId, branchId });
    expect(spent.status).toBe(410);
    expect(spent.json.description).toBe('This survey link has already been used. Thank you, your answers were received.');
    const twice = await publicCall({
      case: 'SUBMIT-SURVEY-ANSWERS',
      token,
      surveyId,
      branchId,
      answers: JSON.stringify([{ QuestionId: 1, Answer: 'Yes' }]),
    });
    expect(twice.status).toBe(410);

    // The survey report shows both submissions; the detail names who was notified.
    const today = new Date().toISOString().slice(0, 10);
    const rep = await admin.post<{ temp_surveyobject: SurveyReportRow[] }>('/api/client/managesurveys', {
      case: 'GET-ALL-SURVEY-REPORTING',
      fromDate: iso(Date.now() - 2 * day).slice(0, 10),
      toDate: iso(Date.now() + 2 * day).slice(0, 10),
      surveyId,
    });
    expect(today).toBeTruthy();
    const list = rep.json.body!.temp_surveyobject;
    expect(list.map((r) => [r.Name, r.RoleNameDisplay, r.EndWithNotification]).sort()).toEqual(
      [
        ['Drita Landlord', 'External user', true],
        ['Klodian', 'Branch Staff', false],
      ].sort(),
    );
    const ending = list.find((r) => r.EndWithNotification)!;
    const detail = await admin.post<{ temp_surveyobject: SurveyReportDetail }>('/api/client/managesurveys', {
      case: 'GET-SURVEY-REPORTING-BY-ID',
      submitetSurveyId: ending.SubmitetSurveyId,
    });
    expect(detail.json.body!.temp_surveyobject).toMatchObject({
      Answers: [{ QuestionId: 1, Answer: 'Yes' }],
      NotificationQuestionId: 1,
      NotifyRecomandation: 'Call the regional manager',
    });
    expect(detail.json.body!.temp_surveyobject.NotifiedUsers.map((u) => u.Name).sort()).toEqual(['Drita Landlord', 'Mirela']);
  });

  it('answer counts per question (the chart on the survey page)', async () => {
    const c = await manage<SurveyAnswerCounts>(admin, { case: 'GET-SURVEY-ANSWER-COUNTS', surveyId });
    expect(c.json.body!.surveyobject.Questions.map((q) => q.Counts.map((x) => `${x.Option}:${x.Count}`))).toEqual([
      ['Yes:1', 'No:1'],
      ['Yes:1', 'No:0'],
    ]);
  });

  it('UsedOnce: a survey with answers keeps its questions; the name can change and a copy can be edited', async () => {
    const s = (await manage(admin, { case: 'GET-SURVEY-BY-ID', surveyId })).json.body!.surveyobject;
    expect(s.UsedOnce).toBe(true);
    const locked = await manage(admin, {
      case: 'UPDATE-SURVEY',
      surveyId,
      name: 'Safety walk',
      questions: [...s.Questions, { Question: 'New?', Answers: [{ Option: 'Yes' }] }],
    });
    expect(locked.status).toBe(409);
    expect(locked.json.description).toBe('This survey already has answers, so its questions cannot change. Make a copy and edit the copy.');
    const same = await manage(admin, {
      case: 'UPDATE-SURVEY',
      surveyId,
      name: 'Safety walk',
      description: 'New text',
      questions: s.Questions,
      notifyRecomandation: 'Call the regional manager',
      nonNotifyRecomandation: 'Carry on',
    });
    expect(same.status).toBe(200);
    const copy = (await manage(admin, { case: 'COPY-SURVEY', surveyId })).json.body!.surveyobject;
    const edited = await manage(admin, {
      case: 'UPDATE-SURVEY',
      surveyId: copy.SurveyId,
      name: copy.Name,
      questions: [{ Question: 'New?', Answers: [{ Option: 'Yes' }] }],
    });
    expect(edited.status).toBe(200);
  });

  it('deactivating ends the survey period: the links expire and staff are no longer offered it', async () => {
    const de = await manage(admin, { case: 'DE-ASSIGN-SURVEY', surveyId, deactivate: true });
    expect(de.json.body!.surveyobject).toMatchObject({ Active: false, Offered: false, BranchOffices: [] });
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const r = await fetch(`${server.baseUrl}/api/mobile/surveys`, { headers: { authorization: `Bearer ${staff.Token}` } });
    expect(((await r.json()) as { body: { surveys: unknown[] } }).body.surveys).toEqual([]);
  });
});
