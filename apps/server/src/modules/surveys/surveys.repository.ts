/**
 * Survey SQL (surveys feature): surveys in the caller's scope with their branches, people and
 * submission counts; the people who may be chosen; external users; links; submissions.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.js';
import type { SurveyQuestionDef } from '../../db/schema/index.js';
import { surveyPeopleScope, surveyScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';

/** A survey row as read (snake case from SQL). */
export interface SurveyRaw {
  id: number;
  organization_id: number;
  name: string;
  description: string | null;
  notify_recomandation: string | null;
  non_notify_recomandation: string | null;
  questions: SurveyQuestionDef[];
  start_date: Date | string | null;
  end_date: Date | string | null;
  active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  created_by_name: string | null;
  updated_by_name: string | null;
  submissions: number;
}

export interface PersonRaw {
  survey_id: number;
  id: number;
  name: string;
  surname: string;
  role_id: number;
  role_name_display: string;
  email: string;
  phone_number: string | null;
}

export interface ExternalRaw {
  survey_id?: number;
  id: number;
  name: string;
  email: string;
  phone: string | null;
  branch_office_id: number;
  branch_name: string;
  lang_id: string;
  link_sent_at?: Date | string | null;
  link_used_at?: Date | string | null;
}

export interface SurveyBranchRaw {
  survey_id: number;
  branch_office_id: number;
  name: string;
  regional_office_id: number | null;
}

/** Surveys matching `where` (on alias sv) and the caller's scope, by name. */
export function surveysWhere(db: Db, auth: AuthContext, where: SQL = sql`true`): Promise<SurveyRaw[]> {
  return rows<SurveyRaw>(
    db,
    sql`select sv.id, sv.organization_id, sv.name, sv.description, sv.notify_recomandation, sv.non_notify_recomandation, sv.questions,
        sv.start_date, sv.end_date, sv.active, sv.created_at, sv.updated_at,
        nullif(trim(coalesce(cu.name, '') || ' ' || coalesce(cu.surname, '')), '') as created_by_name,
        nullif(trim(coalesce(uu.name, '') || ' ' || coalesce(uu.surname, '')), '') as updated_by_name,
        (select count(*)::int from submitted_surveys s where s.survey_id = sv.id) as submissions
      from surveys sv left join users cu on cu.id = sv.created_by left join users uu on uu.id = sv.updated_by
      where ${surveyScope(auth)} and ${where} order by lower(sv.name), sv.id`,
  );
}

const idArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Branches, UsersForSurvey, NotifyUsers and NotifyExternalUsers of the surveys `ids`. */
export async function surveyRelations(db: Db, ids: number[]) {
  if (ids.length === 0) return { branches: [], take: [], notify: [], external: [] };
  const any = sql`any(${idArray(ids)}::int[])`;
  const person = (table: string) =>
    rows<PersonRaw>(
      db,
      sql`select t.survey_id, u.id, u.name, u.surname, u.role_id, ro.role_name_display, u.email, u.phone_number
        from ${sql.raw(table)} t join users u on u.id = t.user_id join roles ro on ro.id = u.role_id
        where t.survey_id = ${any} order by u.surname, u.name, u.id`,
    );
  const [branches, take, notify, external] = await Promise.all([
    rows<SurveyBranchRaw>(
      db,
      sql`select sb.survey_id, b.id as branch_office_id, b.name, b.regional_office_id from survey_branches sb
        join branch_offices b on b.id = sb.branch_office_id where sb.survey_id = ${any} order by b.name, b.id`,
    ),
    person('survey_users'),
    person('survey_notify_users'),
    rows<ExternalRaw>(
      db,
      sql`select t.survey_id, e.id, e.name, e.email, e.phone, e.branch_office_id, b.name as branch_name, e.lang_id
        from survey_notify_external_users t join external_users e on e.id = t.external_user_id join branch_offices b on b.id = e.branch_office_id
        where t.survey_id = ${any} order by e.name, e.id`,
    ),
  ]);
  return { branches, take, notify, external };
}

/** Candidates for UsersForSurvey (`take`) or NotifyUsers (`notify`) of a survey of `organizationId`. */
export function surveyPeopleCandidates(db: Db, organizationId: number, purpose: 'take' | 'notify'): Promise<PersonRaw[]> {
  return rows<PersonRaw>(
    db,
    sql`select 0 as survey_id, u.id, u.name, u.surname, u.role_id, ro.role_name_display, u.email, u.phone_number
      from users u join roles ro on ro.id = u.role_id where ${surveyPeopleScope(organizationId, purpose)} order by u.surname, u.name, u.id`,
  );
}

/** External users of the branches a survey is assigned to, with the state of their link for the current period. */
export function surveyExternalUsers(db: Db, surveyId: number, period: Date | null): Promise<ExternalRaw[]> {
  return rows<ExternalRaw>(
    db,
    sql`select e.id, e.name, e.email, e.phone, e.branch_office_id, b.name as branch_name, e.lang_id,
        l.created_at as link_sent_at, l.used_at as link_used_at
      from survey_branches sb join external_users e on e.branch_office_id = sb.branch_office_id
      join branch_offices b on b.id = e.branch_office_id
      left join survey_links l on l.survey_id = sb.survey_id and l.external_user_id = e.id and l.period = ${period}
      where sb.survey_id = ${surveyId} order by b.name, e.name, e.id`,
  );
}

/** External users of one branch. */
export function externalUsersOfBranch(db: Db, branchOfficeId: number): Promise<ExternalRaw[]> {
  return rows<ExternalRaw>(
    db,
    sql`select e.id, e.name, e.email, e.phone, e.branch_office_id, b.name as branch_name, e.lang_id
      from external_users e join branch_offices b on b.id = e.branch_office_id where e.branch_office_id = ${branchOfficeId} order by e.name, e.id`,
  );
}
