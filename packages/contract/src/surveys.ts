/**
 * Surveys (spec §1 surveys, external survey users, public survey page; §3 Survey, Survey user,
 * External user; §4 Survey and External survey flow; §5 'This survey name is already in use';
 * §7 managesurveys, managesurveysexternaluser, manageexternalusers and the external page's
 * GET-SURVEY / SUBMIT-SURVEY-ANSWERS; §9 default coordinates 21 and 42).
 *
 * The spec names the managesurveys cases only by what they do; the `case` strings chosen here
 * are listed in docs/API.md "Surveys". Instants are UTC ISO strings. A survey is offered (to staff
 * in the app and to external respondents by link) while it is active, has a StartDate in the past
 * and no EndDate or an EndDate in the future (surveyOffered).
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';
import { ZOptionalPhone, idList, optionalId, optionalText, requiredId, requiredText } from './fields.js';
import { isEmailAddress } from './email.js';
import { ZReportSurveyQuestion, ZSurveyReportDetail, ZSurveyReportRequest, ZSurveyReportRow, type SurveyQuestion } from './reports.js';

/** Catalogue keys of the survey errors (packages/i18n surveys.*.json). */
export const SurveyKey = {
  /** §5: 'This survey name is already in use' (409). */
  NameInUse: 'surveys.errors.nameInUse',
  /** UsedOnce: the questions of a survey with answers cannot change (409); copy it instead. */
  UsedOnce: 'surveys.errors.usedOnce',
  /** EndDate not after StartDate (400). */
  ScheduleOrder: 'surveys.errors.scheduleOrder',
  /** The survey is not offered now (not scheduled, before StartDate, after EndDate, deactivated) (409). */
  NotOffered: 'surveys.errors.notOffered',
  /** Answers that do not follow the survey's questions and options (400). */
  AnswersInvalid: 'surveys.errors.answersInvalid',
  /** A survey link that is unknown or does not match the survey/branch (404). */
  LinkInvalid: 'surveys.errors.linkInvalid',
  /** A survey link already used (410). */
  LinkSpent: 'surveys.errors.linkSpent',
  /** A survey link whose survey period is over (410). */
  LinkExpired: 'surveys.errors.linkExpired',
  /** The same e-mail twice among a branch's external users (409). */
  ExternalEmailInUse: 'surveys.errors.externalEmailInUse',
  /** A question without options, or an option twice in a question (400). */
  OptionsRequired: 'surveys.errors.optionsRequired',
} as const;

/** §9: coordinates sent by the public page when the browser gives no position. */
export const SURVEY_DEFAULT_LATITUDE = 21;
export const SURVEY_DEFAULT_LONGITUDE = 42;

/** One answer option (spec §3 Answers: Option, Action, EndSurveyWithNotification). */
export const ZSurveyOption = z.object({
  Option: requiredText(200),
  Action: optionalText(500),
  EndSurveyWithNotification: z.boolean().default(false),
});
/** One question; QuestionId is assigned by the server when absent (new question). */
export const ZSurveyQuestion = z
  .object({
    QuestionId: z.coerce.number().int().positive().optional(),
    Question: requiredText(500),
    Answers: z.array(ZSurveyOption).min(1, SurveyKey.OptionsRequired).max(20, V.Max),
  })
  .refine((q) => new Set(q.Answers.map((a) => a.Option.toLowerCase())).size === q.Answers.length, SurveyKey.OptionsRequired);
export type SurveyQuestionInput = z.input<typeof ZSurveyQuestion>;

/** The survey form (builder): name, description, recommendations and questions in order. */
export const ZSurveyDetails = z.object({
  name: requiredText(200),
  description: optionalText(2000),
  notifyRecomandation: optionalText(2000),
  nonNotifyRecomandation: optionalText(2000),
  questions: z.array(ZSurveyQuestion).max(100, V.Max).default([]),
});
export type SurveyDetails = z.input<typeof ZSurveyDetails>;

const zInstant = z.iso.datetime({ offset: true, error: V.DateFormat });
const surveyId = { surveyId: requiredId() };

/** The builder's cases of POST /api/client/managesurveys (spec §7 "get all … update"). */
export const ZManageSurveysBuilderCases = [
  z.object({ case: z.literal('GET-ALL-SURVEYS'), organizationId: optionalId() }),
  z.object({ case: z.literal('GET-SURVEY-BY-ID'), ...surveyId }),
  z.object({ case: z.literal('GET-SURVEYS-BY-BRANCH'), branchOfficeId: requiredId() }),
  ZSurveyDetails.extend({ case: z.literal('ADD-SURVEY'), organizationId: optionalId() }),
  z.object({ case: z.literal('UPDATE-SURVEY-NAME'), ...surveyId, name: requiredText(200) }),
  ZSurveyDetails.extend({ case: z.literal('UPDATE-SURVEY'), ...surveyId }),
  z.object({ case: z.literal('COPY-SURVEY'), ...surveyId }),
  z.object({ case: z.literal('ASSIGN-SURVEY'), ...surveyId, branchOfficeIds: idList(), regionalOfficeIds: idList() }),
  /** Removes the branches given; with none given (or `deactivate`), every branch and the survey is deactivated. */
  z.object({ case: z.literal('DE-ASSIGN-SURVEY'), ...surveyId, branchOfficeIds: idList(), deactivate: z.boolean().default(false) }),
  /** Per-question answer counts of the survey's submissions (the chart on the survey's page): SurveyAnswerCounts. */
  z.object({ case: z.literal('GET-SURVEY-ANSWER-COUNTS'), ...surveyId }),
  z.object({ case: z.literal('GET-USERS-TO-NOTIFY'), ...surveyId }),
  z.object({ case: z.literal('GET-USERS-TO-SELECT'), ...surveyId }),
  z.object({ case: z.literal('UPDATE-USERS-TO-TAKE'), ...surveyId, userIds: idList() }),
  z.object({ case: z.literal('UPDATE-NOTIFY-USERS'), ...surveyId, userIds: idList(), externalUserIds: idList() }),
  z
    .object({ case: z.literal('UPDATE-SCHEDULE'), ...surveyId, startDate: zInstant, endDate: zInstant.nullable().optional() })
    .refine((v) => !v.endDate || Date.parse(v.endDate) > Date.parse(v.startDate), { message: SurveyKey.ScheduleOrder, path: ['endDate'] }),
] as const;

/** POST /api/client/managesurveys: the builder's cases and the survey report's (reports.ts). */
export const ZManageSurveysRequest = z.discriminatedUnion('case', [...ZSurveyReportRequest.options, ...ZManageSurveysBuilderCases]);
export type ManageSurveysRequest = z.infer<typeof ZManageSurveysRequest>;
export type ManageSurveysBuilderRequest = Exclude<
  ManageSurveysRequest,
  { case: 'GET-ALL-SURVEY-REPORTING' | 'GET-SURVEY-REPORTING-BY-ID' }
>;

/** POST /api/client/managesurveysexternaluser: a survey's external respondents and their links; send the links now. */
export const ZManageSurveysExternalUserRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-SURVEY-EXTERNAL-USERS'), ...surveyId }),
  z.object({ case: z.literal('SEND-SURVEY-LINKS'), ...surveyId }),
]);

/** POST /api/client/manageexternalusers (spec §7: add, delete, get by branch). */
export const ZManageExternalUsersRequest = z.discriminatedUnion('case', [
  z.object({
    case: z.literal('ADD-EXTERNAL-USER'),
    branchOfficeId: requiredId(),
    name: requiredText(200),
    email: z
      .string()
      .trim()
      .min(1, V.Required)
      .max(200, V.Max)
      .refine((v) => isEmailAddress(v), V.Email),
    phone: ZOptionalPhone,
    langId: z.enum(['en', 'sq']).default('en'),
  }),
  z.object({ case: z.literal('DELETE-EXTERNAL-USER'), externalUserId: requiredId() }),
  z.object({ case: z.literal('GET-EXTERNAL-USERS-BY-BRANCH'), branchOfficeId: requiredId() }),
]);

const zCoordinate = (min: number, max: number) => z.coerce.number(V.Formatted).min(min, V.Formatted).max(max, V.Formatted);

/**
 * POST /api/external/surveys (spec §7 "External survey page"), no session. The token is the
 * one of the mailed link `/survey/<token>/<surveyId>`; it starts with the branch id (`<branchId>-…`),
 * which the page sends as branchId. SUBMIT-SURVEY-ANSWERS: `answers` is the JSON text of
 * `[{QuestionId, Answer}]` in the order answered, endNotification 'true' | 'false'.
 */
export const ZExternalSurveyRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-SURVEY'), token: requiredText(200), surveyId: optionalId(), branchId: requiredId() }),
  z.object({
    case: z.literal('SUBMIT-SURVEY-ANSWERS'),
    token: requiredText(200),
    surveyId: requiredId(),
    branchId: requiredId(),
    answers: z.string().max(100_000, V.Max),
    endNotification: z.enum(['true', 'false']).optional(),
    notificationQuestionId: z.coerce.number().int().positive().nullable().optional(),
    latitude: zCoordinate(-90, 90).default(SURVEY_DEFAULT_LATITUDE),
    longitude: zCoordinate(-180, 180).default(SURVEY_DEFAULT_LONGITUDE),
  }),
]);
export type ExternalSurveyRequest = z.infer<typeof ZExternalSurveyRequest>;

/** One answer: the question and the chosen option's text. */
export const ZSurveyAnswer = z.object({ QuestionId: z.coerce.number().int().positive(), Answer: z.string().trim().min(1).max(200) });
export type SurveyAnswer = z.infer<typeof ZSurveyAnswer>;

/** POST /api/mobile/surveys/answers (docs/API.md "Mobile: surveys"). */
export const ZMobileSurveyAnswersRequest = z.object({
  surveyId: requiredId(),
  branchOfficeId: requiredId(),
  answers: z.array(ZSurveyAnswer).min(1, V.Required).max(100),
  latitude: zCoordinate(-90, 90).optional(),
  longitude: zCoordinate(-180, 180).optional(),
});

/** Survey user (spec §3: Id, names, role, email, phone). */
export const ZSurveyUser = z.strictObject({
  Id: z.number(),
  Name: z.string(),
  Surname: z.string(),
  RoleId: z.number(),
  RoleNameDisplay: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
});
export type SurveyUser = z.output<typeof ZSurveyUser>;

/** External user (spec §3: ExternalUserId, Name, Email, Phone, BranchOfficeId). */
export const ZExternalUserRow = z.strictObject({
  ExternalUserId: z.number(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string().nullable(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  LangId: z.string(),
});
export type ExternalUserRow = z.output<typeof ZExternalUserRow>;

/** An external respondent of a survey with their link's state (managesurveysexternaluser). */
export const ZSurveyExternalUserRow = ZExternalUserRow.extend({
  LinkSentAtUTC: z.string().nullable(),
  LinkUsedAtUTC: z.string().nullable(),
});
export type SurveyExternalUserRow = z.output<typeof ZSurveyExternalUserRow>;

/** Survey (spec §3 Survey). */
export const ZSurveyRow = z.strictObject({
  Id: z.number(),
  SurveyId: z.number(),
  OrganizationId: z.number(),
  Name: z.string(),
  Description: z.string().nullable(),
  NotifyRecomandation: z.string().nullable(),
  NonNotifyRecomandation: z.string().nullable(),
  CreatedAtUTC: z.string(),
  CreatedBy: z.string().nullable(),
  UpdatedAtUTC: z.string(),
  UpdatedBy: z.string().nullable(),
  Questions: z.array(ZReportSurveyQuestion),
  BranchOffices: z.array(
    z.strictObject({
      BranchOfficeId: z.number(),
      Name: z.string(),
      RegionalOfficeId: z.number().nullable(),
    }),
  ),
  UsersForSurvey: z.array(ZSurveyUser),
  NotifyUsers: z.array(ZSurveyUser),
  NotifyExternalUsers: z.array(ZExternalUserRow),
  /** UTC ISO; null = not scheduled. */
  StartDate: z.string().nullable(),
  /** UTC ISO; null = until deactivated by hand. */
  EndDate: z.string().nullable(),
  Active: z.boolean(),
  /** Offered now (active, started, not ended). */
  Offered: z.boolean(),
  /** The survey has answers: its questions are locked. */
  UsedOnce: z.boolean(),
  Submissions: z.number(),
});
export type SurveyRow = z.output<typeof ZSurveyRow>;

/** What the public page and the app show of a survey (body.surveyexternalusersobject). */
export const ZSurveyToAnswer = z.strictObject({
  SurveyId: z.number(),
  Name: z.string(),
  Description: z.string().nullable(),
  Questions: z.array(ZReportSurveyQuestion),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  /** The respondent's language (external users), for the page's initial language. */
  LangId: z.string(),
});
export type SurveyToAnswer = z.output<typeof ZSurveyToAnswer>;

/** A survey offered to a staff user in the app, with the branches they may answer it for. */
export const ZMobileSurvey = ZSurveyToAnswer.omit({ BranchOfficeId: true, BranchOfficeName: true, LangId: true }).extend({
  BranchOffices: z.array(
    z.strictObject({
      BranchOfficeId: z.number(),
      Name: z.string(),
    }),
  ),
});
export type MobileSurvey = z.output<typeof ZMobileSurvey>;

/** Per-question answer counts of a survey (the report's chart): for each question, each option and how often it was chosen. */
export const ZSurveyAnswerCounts = z.strictObject({
  SurveyId: z.number(),
  Questions: z.array(
    z.strictObject({
      QuestionId: z.number(),
      Question: z.string(),
      Counts: z.array(
        z.strictObject({
          Option: z.string(),
          Count: z.number(),
        }),
      ),
    }),
  ),
});
export type SurveyAnswerCounts = z.output<typeof ZSurveyAnswerCounts>;

/** Whether a survey is offered at `now` (spec §4 scheduled; EndDate exclusive). */
export function surveyOffered(s: { active: boolean; startDate: Date | null; endDate: Date | null }, now: Date): boolean {
  return (
    s.active && s.startDate != null && s.startDate.getTime() <= now.getTime() && (s.endDate == null || now.getTime() < s.endDate.getTime())
  );
}

/**
 * Checks answers against the questions (spec §4 External survey flow): answers follow the
 * questions in order, each is one of its question's options; an option flagged
 * EndSurveyWithNotification ends the survey at once (it must be the last answer); otherwise every
 * question is answered. Returns whether it ended with notification and on which question, or
 * null when the answers do not fit.
 */
export function checkSurveyAnswers(
  questions: SurveyQuestion[],
  answers: SurveyAnswer[],
): { endWithNotification: boolean; notificationQuestionId: number | null } | null {
  if (answers.length === 0 || answers.length > questions.length) return null;
  for (let i = 0; i < answers.length; i++) {
    const q = questions[i]!;
    const a = answers[i]!;
    if (a.QuestionId !== q.QuestionId) return null;
    const option = q.Answers.find((o) => o.Option === a.Answer);
    if (!option) return null;
    if (option.EndSurveyWithNotification) {
      return i === answers.length - 1 ? { endWithNotification: true, notificationQuestionId: q.QuestionId } : null;
    }
  }
  return answers.length === questions.length ? { endWithNotification: false, notificationQuestionId: null } : null;
}

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/managesurveysexternaluser. */
export const ZManagesurveysexternaluserBody = z.union([
  z.strictObject({ surveyexternaluserobject: z.strictObject({ Sent: z.number() }) }),
  z.strictObject({ surveyexternaluserobject: z.array(ZSurveyExternalUserRow) }),
]);
export type ManagesurveysexternaluserBody = z.output<typeof ZManagesurveysexternaluserBody>;

/** Answer body of POST /api/client/manageexternalusers. */
export const ZManageexternalusersBody = z.union([
  z.strictObject({ externaluserobject: z.array(ZExternalUserRow) }),
  z.strictObject({ externaluserobject: z.strictObject({ ExternalUserId: z.number() }) }),
  z.strictObject({ externaluserobject: ZExternalUserRow }),
]);
export type ManageexternalusersBody = z.output<typeof ZManageexternalusersBody>;

/** Answer body of POST /api/external/surveys. */
export const ZExternalSurveysBody = z.union([
  z.strictObject({
    surveyexternalusersobject: ZSurveyToAnswer,
    resflag: z.undefined().optional(),
    SubmitetSurveyId: z.undefined().optional(),
    EndWithNotification: z.undefined().optional(),
  }),
  z.strictObject({
    resflag: z.boolean(),
    SubmitetSurveyId: z.number(),
    EndWithNotification: z.boolean(),
    surveyexternalusersobject: z.undefined().optional(),
  }),
]);
export type ExternalSurveysBody = z.output<typeof ZExternalSurveysBody>;

/** Answer body of GET /api/mobile/surveys. */
export const ZMobileSurveysBody = z.strictObject({ surveys: z.array(ZMobileSurvey) });
export type MobileSurveysBody = z.output<typeof ZMobileSurveysBody>;

/** Answer body of POST /api/mobile/surveys/answers. */
export const ZMobileSurveysAnswersBody = z.strictObject({
  SubmitetSurveyId: z.number(),
  EndWithNotification: z.boolean(),
  NotificationQuestionId: z.number().nullable(),
  Recommendation: z.string().nullable(),
  NotificationId: z.number().nullable(),
  Notified: z.number(),
});
export type MobileSurveysAnswersBody = z.output<typeof ZMobileSurveysAnswersBody>;

/**
 * Answer body of POST /api/client/managesurveys, by case: `surveyobject` a survey list
 * (GET-ALL-SURVEYS, GET-SURVEYS-BY-BRANCH), one survey (GET-SURVEY-BY-ID and every write, the
 * survey after the change), the answer counts (GET-SURVEY-ANSWER-COUNTS), the people to choose
 * (GET-USERS-TO-SELECT) or those plus the external users (GET-USERS-TO-NOTIFY); the survey
 * report's `temp_surveyobject`: a page of rows with total, offset and limit
 * (GET-ALL-SURVEY-REPORTING) or one detail (GET-SURVEY-REPORTING-BY-ID).
 */
export const ZManagesurveysBody = z.union([
  z.strictObject({ surveyobject: z.array(ZSurveyRow) }),
  z.strictObject({ surveyobject: ZSurveyRow }),
  z.strictObject({ surveyobject: ZSurveyAnswerCounts }),
  z.strictObject({ surveyobject: z.array(ZSurveyUser) }),
  z.strictObject({ surveyobject: z.strictObject({ Users: z.array(ZSurveyUser), ExternalUsers: z.array(ZExternalUserRow) }) }),
  z.strictObject({ temp_surveyobject: z.array(ZSurveyReportRow), total: z.number(), offset: z.number(), limit: z.number() }),
  z.strictObject({ temp_surveyobject: ZSurveyReportDetail }),
]);
export type ManagesurveysBody = z.output<typeof ZManagesurveysBody>;
/** The builder cases' part of {@link ZManagesurveysBody}, as the server's manageSurveys returns it. */
export type ManagesurveysBuilderBody = Extract<ManagesurveysBody, { surveyobject: unknown }>;
