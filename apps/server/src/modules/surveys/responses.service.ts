/**
 * Answering surveys (spec §4 External survey flow; §7 the external page's GET-SURVEY and
 * SUBMIT-SURVEY-ANSWERS; docs/API.md "Mobile: surveys"): the survey as a respondent sees it,
 * and the submission. A submission is checked against the questions (checkSurveyAnswers), stored
 * with its recommendation (notify or non-notify), and when it ended with notification it raises a
 * 'Survey' NOTIFICATION event (console audience of the branch, NotifyUsers as recipients) in the
 * same transaction, then mails the NotifyUsers and NotifyExternalUsers with the answer and the
 * recommendation.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  EventKind,
  SurveyKey,
  checkSurveyAnswers,
  surveyOffered,
  type MobileSurvey,
  type SurveyAnswer,
  type SurveyToAnswer,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { branchOffices, externalUsers, submittedSurveys, surveys, type NotifiedPerson } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import { branchScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import { messengerFor } from '../account/messenger.js';
import { branchEventBase } from '../branches/branch-mode.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { withEvents } from '../realtime/event-log.js';
import { resolveLink, spendLink } from './links.service.js';
import { surveyNotifyMail } from './mail-templates.js';

/** The branch action of the notification an ending answer raises. */
export const SURVEY_BRANCH_ACTION = 'Survey';
/** Spec §9 notification type of that notification: 0 (anomaly). */
export const SURVEY_NOTIFICATION_TYPE = 0;

/** GET-SURVEY: the survey of a valid link, as the public page shows it. @throws as resolveLink. */
export async function externalSurvey(
  app: FastifyInstance,
  token: string,
  surveyId: number | null | undefined,
  branchId: number,
): Promise<SurveyToAnswer> {
  const link = await resolveLink(app, token, surveyId, branchId);
  const [s] = await app.db.select().from(surveys).where(eq(surveys.id, link.surveyId));
  const [b] = await app.db.select().from(branchOffices).where(eq(branchOffices.id, link.branchOfficeId));
  const [e] = await app.db.select().from(externalUsers).where(eq(externalUsers.id, link.externalUserId));
  return {
    SurveyId: s!.id,
    Name: s!.name,
    Description: s!.description,
    Questions: s!.questions,
    BranchOfficeId: b!.id,
    BranchOfficeName: b!.name,
    LangId: e?.langId ?? 'en',
  };
}

/** Parses the SUBMIT-SURVEY-ANSWERS `answers` text (JSON of [{QuestionId, Answer}]). @throws 400 surveys.errors.answersInvalid. */
export function parseAnswersText(text: string): SurveyAnswer[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badRequest(SurveyKey.AnswersInvalid, 'answers');
  }
  if (!Array.isArray(v)) throw badRequest(SurveyKey.AnswersInvalid, 'answers');
  return v.map((x: unknown) => {
    const a = x as { QuestionId?: unknown; Answer?: unknown };
    const id = Number(a?.QuestionId);
    if (!Number.isInteger(id) || id <= 0 || typeof a?.Answer !== 'string') throw badRequest(SurveyKey.AnswersInvalid, 'answers');
    return { QuestionId: id, Answer: a.Answer };
  });
}

interface Respondent {
  /** Staff user (mobile), or null. */
  userId: number | null;
  /** External respondent and their link, or null. */
  external: { externalUserId: number; linkId: number } | null;
  name: string;
}

/** The submission's result. */
export interface SubmissionResult {
  SubmitetSurveyId: number;
  EndWithNotification: boolean;
  NotificationQuestionId: number | null;
  Recommendation: string | null;
  /** The event raised (ending answers), else null. */
  NotificationId: number | null;
  /** How many people were mailed. */
  Notified: number;
}

const utcMinute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/**
 * Stores a submission of `surveyId` at `branchOfficeId`. @throws 409 surveys.errors.notOffered
 * (before StartDate, after EndDate, deactivated, or not assigned to the branch); 400
 * surveys.errors.answersInvalid; 410 linkSpent when the link was used concurrently.
 */
async function submit(
  app: FastifyInstance,
  surveyId: number,
  branchOfficeId: number,
  who: Respondent,
  answers: SurveyAnswer[],
  pos: { latitude: number | null; longitude: number | null },
  now = new Date(),
): Promise<SubmissionResult> {
  const [s] = await app.db.select().from(surveys).where(eq(surveys.id, surveyId));
  const [assigned] = await rows<{ ok: number }>(
    app.db,
    sql`select 1 as ok from survey_branches where survey_id = ${surveyId} and branch_office_id = ${branchOfficeId}`,
  );
  if (!s || !assigned || !surveyOffered(s, now)) throw new AppError(409, SurveyKey.NotOffered);
  const checked = checkSurveyAnswers(s.questions, answers);
  if (!checked) throw badRequest(SurveyKey.AnswersInvalid, 'answers');
  const [b] = await app.db.select().from(branchOffices).where(eq(branchOffices.id, branchOfficeId));
  const recommendation = checked.endWithNotification ? s.notifyRecomandation : s.nonNotifyRecomandation;
  const people = checked.endWithNotification
    ? await rows<NotifiedPerson & { Id: number | null; LangId: string }>(
        app.db,
        sql`select u.id as "Id", u.name as "Name", u.surname as "Surname", u.phone_number as "PhoneNumber", ro.role_name_display as "RoleNameDisplay",
            u.email as "Email", u.lang_id as "LangId"
          from survey_notify_users n join users u on u.id = n.user_id join roles ro on ro.id = u.role_id where n.survey_id = ${surveyId}
          union all
          select null, e.name, '', e.phone, 'External user', e.email, e.lang_id
          from survey_notify_external_users n join external_users e on e.id = n.external_user_id where n.survey_id = ${surveyId}
          order by 2, 3`,
      )
    : [];
  const question = s.questions.find((q) => q.QuestionId === checked.notificationQuestionId);
  const answer = answers.at(-1)!.Answer;
  const { result, ids } = await withEvents(app, async (tx, emit) => {
    if (who.external) await spendLink(tx, who.external.linkId, now);
    const [row] = await tx
      .insert(submittedSurveys)
      .values({
        surveyId,
        userId: who.userId,
        externalUserId: who.external?.externalUserId ?? null,
        branchOfficeId,
        organizationId: s.organizationId,
        answers,
        endWithNotification: checked.endWithNotification,
        notificationQuestionId: checked.notificationQuestionId,
        recommendation,
        notified: people.map(({ Name, Surname, PhoneNumber, RoleNameDisplay, Email }) => ({
          Name,
          Surname,
          PhoneNumber,
          RoleNameDisplay,
          Email,
        })),
        latitude: pos.latitude,
        longitude: pos.longitude,
        createdAt: now,
      })
      .returning({ id: submittedSurveys.id });
    if (checked.endWithNotification) {
      await emit([
        {
          ...branchEventBase(b!, { userId: who.userId as number }, now),
          userId: who.userId,
          kind: EventKind.Notification,
          branchAction: SURVEY_BRANCH_ACTION,
          notificationType: SURVEY_NOTIFICATION_TYPE,
          latitude: pos.latitude,
          longitude: pos.longitude,
          messageContent: `${s.name}: ${question?.Question ?? ''} — ${answer}`,
          recipientUserIds: people.flatMap((p) => (p.Id ? [p.Id] : [])),
          payload: {
            survey: {
              surveyId,
              surveyName: s.name,
              submissionId: row!.id,
              questionId: checked.notificationQuestionId!,
              question: question?.Question ?? '',
              answer,
              recommendation,
              respondent: who.name,
            },
          },
        },
      ]);
    }
    return row!.id;
  });
  let notified = 0;
  for (const p of people) {
    try {
      await messengerFor(app).sendMail(
        surveyNotifyMail({ email: p.Email, name: p.Name, langId: p.LangId }, app.config.productName, {
          survey: s.name,
          branch: b!.name,
          question: question?.Question ?? '',
          answer,
          respondent: who.name,
          time: utcMinute(now),
          recommendation,
        }),
      );
      notified++;
    } catch (err) {
      app.log.error({ err, submissionId: result }, 'survey notification mail failed');
    }
  }
  return {
    SubmitetSurveyId: result,
    EndWithNotification: checked.endWithNotification,
    NotificationQuestionId: checked.notificationQuestionId,
    Recommendation: recommendation,
    NotificationId: ids[0] ?? null,
    Notified: notified,
  };
}

/** SUBMIT-SURVEY-ANSWERS from the public page: the link is checked, then spent by the submission. @throws as resolveLink and submit. */
export async function submitExternal(
  app: FastifyInstance,
  d: { token: string; surveyId: number; branchId: number; answers: string; latitude: number; longitude: number },
): Promise<SubmissionResult> {
  const link = await resolveLink(app, d.token, d.surveyId, d.branchId);
  const answers = parseAnswersText(d.answers);
  const [e] = await app.db.select().from(externalUsers).where(eq(externalUsers.id, link.externalUserId));
  return submit(
    app,
    link.surveyId,
    link.branchOfficeId,
    { userId: null, external: { externalUserId: link.externalUserId, linkId: link.id }, name: e?.name ?? '' },
    answers,
    { latitude: d.latitude, longitude: d.longitude },
  );
}

/** Surveys offered now to a staff user (UsersForSurvey) with the assigned branches in their scope (docs/API.md "Mobile: surveys"). */
export async function mobileSurveys(db: Db, auth: AuthContext, now = new Date()): Promise<MobileSurvey[]> {
  const list = await rows<{
    id: number;
    name: string;
    description: string | null;
    questions: MobileSurvey['Questions'];
    branch_id: number;
    branch_name: string;
  }>(
    db,
    sql`select sv.id, sv.name, sv.description, sv.questions, branch_offices.id as branch_id, branch_offices.name as branch_name
      from surveys sv join survey_users su on su.survey_id = sv.id and su.user_id = ${auth.userId}
      join survey_branches sb on sb.survey_id = sv.id join branch_offices on branch_offices.id = sb.branch_office_id
      where sv.active and sv.start_date <= ${now} and (sv.end_date is null or sv.end_date > ${now}) and ${branchScope(auth)}
      order by lower(sv.name), sv.id, branch_offices.name`,
  );
  const out = new Map<number, MobileSurvey>();
  for (const r of list) {
    const s = out.get(r.id) ?? { SurveyId: r.id, Name: r.name, Description: r.description, Questions: r.questions, BranchOffices: [] };
    s.BranchOffices.push({ BranchOfficeId: r.branch_id, Name: r.branch_name });
    out.set(r.id, s);
  }
  return [...out.values()];
}

/**
 * POST /api/mobile/surveys/answers: a staff user's submission at a branch in their scope, for a
 * survey they take. @throws 404 branch outside the scope; 409 notOffered (also when the user is not
 * among its UsersForSurvey); 400 answersInvalid.
 */
export async function submitMobile(
  app: FastifyInstance,
  auth: AuthContext,
  d: { surveyId: number; branchOfficeId: number; answers: SurveyAnswer[]; latitude?: number | undefined; longitude?: number | undefined },
): Promise<SubmissionResult> {
  await branchInScope(app.db, auth, d.branchOfficeId);
  const [takes] = await rows<{ ok: number }>(
    app.db,
    sql`select 1 as ok from survey_users where survey_id = ${d.surveyId} and user_id = ${auth.userId}`,
  );
  if (!takes) throw new AppError(409, SurveyKey.NotOffered);
  return submit(
    app,
    d.surveyId,
    d.branchOfficeId,
    { userId: auth.userId, external: null, name: `${auth.name} ${auth.surname}`.trim() },
    d.answers,
    { latitude: d.latitude ?? null, longitude: d.longitude ?? null },
  );
}
