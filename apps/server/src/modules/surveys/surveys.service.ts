/**
 * The survey builder (spec §7 managesurveys: get all, by id, by branch, add, update name, assign,
 * de-assign, users to notify, users to select, update users to take, update notify users, update
 * schedule, update; plus COPY-SURVEY for UsedOnce) and the external users of a branch
 * (manageexternalusers). Reads follow surveyScope; survey writes need role 2 or 12, external
 * users also the branch's managers (plugins/authorization.ts). Every write is audited.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SurveyKey,
  toE164,
  type ManageSurveysBuilderRequest,
  type SurveyAnswerCounts,
  type SurveyQuestion,
  type SurveyRow,
  type ZManageExternalUsersRequest,
  type ZManageSurveysExternalUserRequest,
  type ZSurveyQuestion,
  type ManagesurveysBuilderBody,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import {
  branchOffices,
  externalUsers,
  surveyBranches,
  surveyNotifyExternalUsers,
  surveyNotifyUsers,
  surveys,
  surveyUsers,
} from '../../db/schema/index.js';
import {
  assertCanManageExternalUsers,
  assertCanManageSurveys,
  branchScope,
  surveyPeopleScope,
  targetOrganization,
} from '../../plugins/authorization.js';
import { AppError, badRequest, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { uniqueViolation } from '../../lib/writes.js';
import { writeAudit } from '../audit/audit.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { issueSurveyLinks } from './links.service.js';
import { presentExternalUser, presentSurvey, presentSurveyExternalUser, presentSurveyUser } from './surveys.presenter.js';
import {
  externalUsersOfBranch,
  surveyExternalUsers,
  surveyPeopleCandidates,
  surveyRelations,
  surveysWhere,
  type SurveyRaw,
} from './surveys.repository.js';

/** Who acts, from where (audit), and the origin links in mails point to when PUBLIC_URL is not set. */
export interface Actor {
  auth: AuthContext;
  ip: string;
  origin?: string;
}

/** 409 'This survey name is already in use' (spec §5), on the name field. */
const nameInUse = () => new AppError(409, SurveyKey.NameInUse, {}, 'name');

/** Runs a write; the surveys name index's unique violation becomes nameInUse, an external user's e-mail externalEmailInUse. */
async function withSurveyConflicts<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c && /external_users/.test(c)) throw new AppError(409, SurveyKey.ExternalEmailInUse, {}, 'email');
    if (c) throw nameInUse();
    throw err;
  }
}

/** The surveys matching `where` in scope, presented with their relations. */
export async function loadSurveys(db: Db, auth: AuthContext, where = sql`true`, now = new Date()): Promise<SurveyRow[]> {
  const list = await surveysWhere(db, auth, where);
  const rel = await surveyRelations(
    db,
    list.map((s) => s.id),
  );
  return list.map((s) => presentSurvey(s, rel, now));
}

/** One survey in scope (raw). @throws 404 outside the scope. */
export async function surveyInScope(db: Db, auth: AuthContext, surveyId: number): Promise<SurveyRaw> {
  const [s] = await surveysWhere(db, auth, sql`sv.id = ${surveyId}`);
  if (!s) throw notFound();
  return s;
}

/** One survey in scope, presented. @throws 404 outside the scope. */
async function surveyRow(db: Db, auth: AuthContext, surveyId: number): Promise<SurveyRow> {
  const [s] = await loadSurveys(db, auth, sql`sv.id = ${surveyId}`);
  if (!s) throw notFound();
  return s;
}

/** Questions with ids: kept when given and unique, else the next free id; options' flags default to false. */
export function numberQuestions(questions: z.output<typeof ZSurveyQuestion>[]): SurveyQuestion[] {
  const used = new Set<number>();
  let next = Math.max(0, ...questions.map((q) => q.QuestionId ?? 0)) + 1;
  return questions.map((q) => {
    let id = q.QuestionId;
    if (!id || used.has(id)) id = next++;
    used.add(id);
    return {
      QuestionId: id,
      Question: q.Question,
      Answers: q.Answers.map((a) => ({
        Option: a.Option,
        ...(a.Action ? { Action: a.Action } : {}),
        EndSurveyWithNotification: a.EndSurveyWithNotification,
      })),
    };
  });
}

/** Whether two question lists are the same (ids, texts, options with action and flag; key order ignored, as jsonb reorders keys). */
export function sameQuestions(a: SurveyQuestion[], b: SurveyQuestion[]): boolean {
  const canon = (qs: SurveyQuestion[]) =>
    JSON.stringify(
      qs.map((q) => [q.QuestionId, q.Question, q.Answers.map((o) => [o.Option, o.Action ?? null, o.EndSurveyWithNotification === true])]),
    );
  return canon(a) === canon(b);
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** A name free in the organisation (case-insensitive), else 409 nameInUse. */
async function assertNameFree(db: Db, organizationId: number, name: string, exceptId: number | null): Promise<void> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from surveys where organization_id = ${organizationId} and lower(name) = lower(${name}) and id <> ${exceptId ?? 0}`,
  );
  if (found.length) throw nameInUse();
}

/** The ids of `ids` that are branches in the caller's scope and the survey's organisation; 404 if one is not. */
async function branchesInScope(
  db: Db,
  auth: AuthContext,
  organizationId: number,
  branchIds: number[],
  regionIds: number[],
): Promise<number[]> {
  const out = new Set<number>();
  if (branchIds.length) {
    const found = await db
      .select({ id: branchOffices.id })
      .from(branchOffices)
      .where(and(inArray(branchOffices.id, branchIds), eq(branchOffices.organizationId, organizationId), branchScope(auth)));
    if (found.length !== new Set(branchIds).size) throw notFound();
    found.forEach((b) => out.add(b.id));
  }
  if (regionIds.length) {
    const found = await rows<{ id: number; region: number }>(
      db,
      sql`select b.id, b.regional_office_id as region from branch_offices b join offices o on o.id = b.regional_office_id
        where o.id = any(${`{${regionIds.join(',')}}`}::int[]) and o.organization_id = ${organizationId}
          and b.id in (select branch_offices.id from branch_offices where ${branchScope(auth)})`,
    );
    const regions = await rows<{ id: number }>(
      db,
      sql`select id from offices where id = any(${`{${regionIds.join(',')}}`}::int[]) and organization_id = ${organizationId}`,
    );
    if (regions.length !== new Set(regionIds).size) throw notFound();
    found.forEach((b) => out.add(b.id));
  }
  return [...out];
}

/** Users of `ids` that may be chosen for the purpose in the survey's organisation; 400 when one may not. */
async function assertPeople(db: Db, organizationId: number, purpose: 'take' | 'notify', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await rows<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = any(${`{${ids.join(',')}}`}::int[]) and ${surveyPeopleScope(organizationId, purpose)}`,
  );
  if (found.length !== new Set(ids).size) throw badRequest(undefined, 'userIds');
}

type Reply = ManagesurveysBuilderBody;

/**
 * managesurveys (the builder's cases). Answers `{surveyobject}`: a list (GET-ALL-SURVEYS,
 * GET-SURVEYS-BY-BRANCH, GET-USERS-*), else the survey after the change.
 * @throws 403 writes by other roles than 2 and 12; 404 a survey, branch or region outside the
 * scope; 409 surveys.errors.nameInUse ('This survey name is already in use') or usedOnce.
 */
export async function manageSurveys(app: FastifyInstance, a: Actor, d: ManageSurveysBuilderRequest): Promise<Reply> {
  const db = app.db;
  const { auth } = a;
  const audit = (tx: Db, action: string, entityId: number, after: unknown, before?: unknown) =>
    writeAudit(tx, { actorUserId: auth.userId, action, entity: 'surveys', entityId, before, after, ip: a.ip });
  const touch = { updatedAt: new Date(), updatedBy: auth.userId };

  switch (d.case) {
    case 'GET-ALL-SURVEYS':
      return { surveyobject: await loadSurveys(db, auth, d.organizationId ? sql`sv.organization_id = ${d.organizationId}` : sql`true`) };
    case 'GET-SURVEY-BY-ID':
      return { surveyobject: await surveyRow(db, auth, d.surveyId) };
    case 'GET-SURVEYS-BY-BRANCH': {
      await branchInScope(db, auth, d.branchOfficeId);
      return {
        surveyobject: await loadSurveys(
          db,
          auth,
          sql`sv.id in (select survey_id from survey_branches where branch_office_id = ${d.branchOfficeId})`,
        ),
      };
    }
    case 'GET-SURVEY-ANSWER-COUNTS': {
      const s = await surveyInScope(db, auth, d.surveyId);
      const counts = await rows<{ question_id: number; answer: string; n: number }>(
        db,
        sql`select (a->>'QuestionId')::int as question_id, a->>'Answer' as answer, count(*)::int as n
          from submitted_surveys sub cross join lateral jsonb_array_elements(sub.answers) a where sub.survey_id = ${s.id} group by 1, 2`,
      );
      const of = (q: number, o: string) => counts.find((c) => c.question_id === q && c.answer === o)?.n ?? 0;
      return {
        surveyobject: {
          SurveyId: s.id,
          Questions: s.questions.map((q) => ({
            QuestionId: q.QuestionId,
            Question: q.Question,
            Counts: q.Answers.map((o) => ({ Option: o.Option, Count: of(q.QuestionId, o.Option) })),
          })),
        } satisfies SurveyAnswerCounts,
      };
    }
    case 'GET-USERS-TO-NOTIFY':
    case 'GET-USERS-TO-SELECT': {
      const s = await surveyInScope(db, auth, d.surveyId);
      const list = await surveyPeopleCandidates(db, s.organization_id, d.case === 'GET-USERS-TO-NOTIFY' ? 'notify' : 'take');
      if (d.case === 'GET-USERS-TO-SELECT') return { surveyobject: list.map(presentSurveyUser) };
      const external = await rows<Parameters<typeof presentExternalUser>[0]>(
        db,
        sql`select e.id, e.name, e.email, e.phone, e.branch_office_id, b.name as branch_name, e.lang_id from external_users e
          join branch_offices b on b.id = e.branch_office_id where e.branch_office_id in (select branch_office_id from survey_branches where survey_id = ${s.id})
          order by e.name, e.id`,
      );
      return { surveyobject: { Users: list.map(presentSurveyUser), ExternalUsers: external.map(presentExternalUser) } };
    }
    case 'ADD-SURVEY': {
      assertCanManageSurveys(auth);
      const organizationId = await targetOrganization(db, auth, d.organizationId);
      const id = await withSurveyConflicts(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, organizationId, d.name, null);
          const [row] = await tx
            .insert(surveys)
            .values({
              organizationId,
              name: d.name,
              description: blank(d.description),
              notifyRecomandation: blank(d.notifyRecomandation),
              nonNotifyRecomandation: blank(d.nonNotifyRecomandation),
              questions: numberQuestions(d.questions),
              createdBy: auth.userId,
              updatedBy: auth.userId,
            })
            .returning();
          await audit(tx, 'add-survey', row!.id, row);
          return row!.id;
        }),
      );
      return { surveyobject: await surveyRow(db, auth, id) };
    }
    case 'COPY-SURVEY': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      const id = await withSurveyConflicts(() =>
        db.transaction(async (tx) => {
          let name = `${s.name} (2)`;
          for (let n = 2; ; n++) {
            name = `${s.name} (${n})`;
            const taken = await rows<{ id: number }>(
              tx,
              sql`select id from surveys where organization_id = ${s.organization_id} and lower(name) = lower(${name})`,
            );
            if (!taken.length) break;
          }
          const [row] = await tx
            .insert(surveys)
            .values({
              organizationId: s.organization_id,
              name,
              description: s.description,
              notifyRecomandation: s.notify_recomandation,
              nonNotifyRecomandation: s.non_notify_recomandation,
              questions: s.questions,
              createdBy: auth.userId,
              updatedBy: auth.userId,
            })
            .returning();
          await audit(tx, 'copy-survey', row!.id, row, { copyOf: s.id });
          return row!.id;
        }),
      );
      return { surveyobject: await surveyRow(db, auth, id) };
    }
    case 'UPDATE-SURVEY-NAME':
    case 'UPDATE-SURVEY': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      await withSurveyConflicts(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, s.organization_id, d.name, s.id);
          const set: Partial<typeof surveys.$inferInsert> = { name: d.name, ...touch };
          if (d.case === 'UPDATE-SURVEY') {
            const questions = numberQuestions(d.questions);
            // UsedOnce: the questions of a survey with answers are locked (checked in the transaction, against a concurrent first answer).
            if (!sameQuestions(questions, s.questions)) {
              const [used] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from submitted_surveys where survey_id = ${s.id}`);
              if (used!.n > 0) throw new AppError(409, SurveyKey.UsedOnce, {}, 'questions');
            }
            Object.assign(set, {
              description: blank(d.description),
              notifyRecomandation: blank(d.notifyRecomandation),
              nonNotifyRecomandation: blank(d.nonNotifyRecomandation),
              questions,
            });
          }
          await tx.update(surveys).set(set).where(eq(surveys.id, s.id));
          await audit(tx, d.case === 'UPDATE-SURVEY' ? 'update-survey' : 'update-survey-name', s.id, set, s);
        }),
      );
      return { surveyobject: await surveyRow(db, auth, s.id) };
    }
    case 'ASSIGN-SURVEY': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      const ids = await branchesInScope(db, auth, s.organization_id, d.branchOfficeIds, d.regionalOfficeIds);
      if (!ids.length) throw badRequest(undefined, 'branchOfficeIds');
      await db.transaction(async (tx) => {
        await tx
          .insert(surveyBranches)
          .values(ids.map((branchOfficeId) => ({ surveyId: s.id, branchOfficeId })))
          .onConflictDoNothing();
        await tx
          .update(surveys)
          .set({ active: true, ...touch })
          .where(eq(surveys.id, s.id));
        await audit(tx, 'assign-survey', s.id, { branchOfficeIds: ids });
      });
      await issueSurveyLinks(app, s.id, a.origin);
      return { surveyobject: await surveyRow(db, auth, s.id) };
    }
    case 'DE-ASSIGN-SURVEY': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      const all = d.deactivate || d.branchOfficeIds.length === 0;
      await db.transaction(async (tx) => {
        if (all) {
          await tx.delete(surveyBranches).where(eq(surveyBranches.surveyId, s.id));
          await tx
            .update(surveys)
            .set({ active: false, ...touch })
            .where(eq(surveys.id, s.id));
        } else {
          await tx
            .delete(surveyBranches)
            .where(and(eq(surveyBranches.surveyId, s.id), inArray(surveyBranches.branchOfficeId, d.branchOfficeIds)));
          await tx.update(surveys).set(touch).where(eq(surveys.id, s.id));
        }
        await audit(tx, 'deassign-survey', s.id, { branchOfficeIds: all ? 'all' : d.branchOfficeIds, deactivated: all });
      });
      return { surveyobject: await surveyRow(db, auth, s.id) };
    }
    case 'UPDATE-USERS-TO-TAKE':
    case 'UPDATE-NOTIFY-USERS': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      const take = d.case === 'UPDATE-USERS-TO-TAKE';
      await assertPeople(db, s.organization_id, take ? 'take' : 'notify', d.userIds);
      const externalIds = take ? [] : d.externalUserIds;
      if (externalIds.length) {
        const found = await db
          .select({ id: externalUsers.id })
          .from(externalUsers)
          .where(and(inArray(externalUsers.id, externalIds), eq(externalUsers.organizationId, s.organization_id)));
        if (found.length !== new Set(externalIds).size) throw badRequest(undefined, 'externalUserIds');
      }
      await db.transaction(async (tx) => {
        const table = take ? surveyUsers : surveyNotifyUsers;
        await tx.delete(table).where(eq(table.surveyId, s.id));
        const userIds = [...new Set(d.userIds)];
        if (userIds.length) await tx.insert(table).values(userIds.map((userId) => ({ surveyId: s.id, userId })));
        if (!take) {
          await tx.delete(surveyNotifyExternalUsers).where(eq(surveyNotifyExternalUsers.surveyId, s.id));
          const ext = [...new Set(externalIds)];
          if (ext.length)
            await tx.insert(surveyNotifyExternalUsers).values(ext.map((externalUserId) => ({ surveyId: s.id, externalUserId })));
        }
        await tx.update(surveys).set(touch).where(eq(surveys.id, s.id));
        await audit(tx, take ? 'update-survey-users' : 'update-survey-notify-users', s.id, { userIds, externalUserIds: externalIds });
      });
      return { surveyobject: await surveyRow(db, auth, s.id) };
    }
    case 'UPDATE-SCHEDULE': {
      assertCanManageSurveys(auth);
      const s = await surveyInScope(db, auth, d.surveyId);
      const set = { startDate: new Date(d.startDate), endDate: d.endDate ? new Date(d.endDate) : null, ...touch };
      await db.transaction(async (tx) => {
        await tx.update(surveys).set(set).where(eq(surveys.id, s.id));
        await audit(tx, 'update-survey-schedule', s.id, set, { startDate: s.start_date, endDate: s.end_date });
      });
      await issueSurveyLinks(app, s.id, a.origin);
      return { surveyobject: await surveyRow(db, auth, s.id) };
    }
  }
}

type ExternalRequest = z.output<typeof ZManageExternalUsersRequest>;

/**
 * manageexternalusers (spec §7: add, delete, get by branch). Answers `{externaluserobject}`.
 * Adding one mails them the links of the surveys offered at their branch.
 * @throws 403 writes by roles other than 2, 12, 6, 9; 404 a branch or user outside the scope;
 * 409 surveys.errors.externalEmailInUse.
 */
export async function manageExternalUsers(app: FastifyInstance, a: Actor, d: ExternalRequest) {
  const db = app.db;
  const { auth } = a;
  if (d.case === 'GET-EXTERNAL-USERS-BY-BRANCH') {
    await branchInScope(db, auth, d.branchOfficeId);
    return { externaluserobject: (await externalUsersOfBranch(db, d.branchOfficeId)).map(presentExternalUser) };
  }
  assertCanManageExternalUsers(auth);
  if (d.case === 'DELETE-EXTERNAL-USER') {
    const [e] = await db.select().from(externalUsers).where(eq(externalUsers.id, d.externalUserId));
    if (!e) throw notFound();
    await branchInScope(db, auth, e.branchOfficeId);
    await db.transaction(async (tx) => {
      await tx.delete(externalUsers).where(eq(externalUsers.id, e.id));
      await writeAudit(tx, {
        actorUserId: auth.userId,
        action: 'delete-external-user',
        entity: 'external_users',
        entityId: e.id,
        before: e,
        ip: a.ip,
      });
    });
    return { externaluserobject: { ExternalUserId: e.id } };
  }
  const b = await branchInScope(db, auth, d.branchOfficeId);
  const row = await withSurveyConflicts(() =>
    db.transaction(async (tx) => {
      const [r] = await tx
        .insert(externalUsers)
        .values({
          organizationId: b.organizationId,
          branchOfficeId: b.id,
          name: d.name,
          email: d.email.toLowerCase(),
          phone: d.phone ? toE164(d.phone) : null,
          langId: d.langId,
        })
        .returning();
      await writeAudit(tx, {
        actorUserId: auth.userId,
        action: 'add-external-user',
        entity: 'external_users',
        entityId: r!.id,
        after: r,
        ip: a.ip,
      });
      return r!;
    }),
  );
  const offered = await rows<{ survey_id: number }>(db, sql`select survey_id from survey_branches where branch_office_id = ${b.id}`);
  for (const o of offered) await issueSurveyLinks(app, o.survey_id, a.origin);
  const [e] = (await externalUsersOfBranch(db, b.id)).filter((x) => x.id === row.id);
  return { externaluserobject: presentExternalUser(e!) };
}

type SurveyExternalRequest = z.output<typeof ZManageSurveysExternalUserRequest>;

/**
 * managesurveysexternaluser: the external respondents of a survey's branches with their link's
 * state for the current period (GET-SURVEY-EXTERNAL-USERS), or send the due links now
 * (SEND-SURVEY-LINKS, role 2 or 12; answers `{Sent}`). @throws 404 survey outside the scope.
 */
export async function manageSurveyExternalUsers(app: FastifyInstance, a: Actor, d: SurveyExternalRequest) {
  const s = await surveyInScope(app.db, a.auth, d.surveyId);
  if (d.case === 'SEND-SURVEY-LINKS') {
    assertCanManageSurveys(a.auth);
    return { surveyexternaluserobject: { Sent: await issueSurveyLinks(app, s.id, a.origin) } };
  }
  const period = s.start_date == null ? null : new Date(s.start_date);
  return { surveyexternaluserobject: (await surveyExternalUsers(app.db, s.id, period)).map(presentSurveyExternalUser) };
}
