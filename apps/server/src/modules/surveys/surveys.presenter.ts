/** JSON shapes of the surveys feature (spec §3 Survey, Survey user, External user). */
import { surveyOffered, type ExternalUserRow, type SurveyExternalUserRow, type SurveyRow, type SurveyUser } from '@vigil/contract';
import { iso } from '../../lib/zone-time.js';
import type { ExternalRaw, PersonRaw, SurveyBranchRaw, SurveyRaw } from './surveys.repository.js';

const date = (v: Date | string | null): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));

/** Survey user (spec §3). */
export function presentSurveyUser(p: PersonRaw): SurveyUser {
  return {
    Id: p.id,
    Name: p.name,
    Surname: p.surname,
    RoleId: p.role_id,
    RoleNameDisplay: p.role_name_display,
    Email: p.email,
    PhoneNumber: p.phone_number,
  };
}

/** External user (spec §3). */
export function presentExternalUser(e: ExternalRaw): ExternalUserRow {
  return {
    ExternalUserId: e.id,
    Name: e.name,
    Email: e.email,
    Phone: e.phone,
    BranchOfficeId: e.branch_office_id,
    BranchOfficeName: e.branch_name,
    LangId: e.lang_id,
  };
}

/** External respondent of a survey with their link's state. */
export function presentSurveyExternalUser(e: ExternalRaw): SurveyExternalUserRow {
  return {
    ...presentExternalUser(e),
    LinkSentAtUTC: e.link_sent_at ? iso(e.link_sent_at) : null,
    LinkUsedAtUTC: e.link_used_at ? iso(e.link_used_at) : null,
  };
}

/** Survey (spec §3) with its relations, at `now` (Offered). */
export function presentSurvey(
  s: SurveyRaw,
  rel: { branches: SurveyBranchRaw[]; take: PersonRaw[]; notify: PersonRaw[]; external: ExternalRaw[] },
  now: Date,
): SurveyRow {
  const startDate = date(s.start_date);
  const endDate = date(s.end_date);
  const mine = <T extends { survey_id?: number }>(list: T[]) => list.filter((x) => x.survey_id === s.id);
  return {
    Id: s.id,
    SurveyId: s.id,
    OrganizationId: s.organization_id,
    Name: s.name,
    Description: s.description,
    NotifyRecomandation: s.notify_recomandation,
    NonNotifyRecomandation: s.non_notify_recomandation,
    CreatedAtUTC: iso(s.created_at),
    CreatedBy: s.created_by_name,
    UpdatedAtUTC: iso(s.updated_at),
    UpdatedBy: s.updated_by_name,
    Questions: s.questions,
    BranchOffices: mine(rel.branches).map((b) => ({
      BranchOfficeId: b.branch_office_id,
      Name: b.name,
      RegionalOfficeId: b.regional_office_id,
    })),
    UsersForSurvey: mine(rel.take).map(presentSurveyUser),
    NotifyUsers: mine(rel.notify).map(presentSurveyUser),
    NotifyExternalUsers: mine(rel.external).map(presentExternalUser),
    StartDate: startDate?.toISOString() ?? null,
    EndDate: endDate?.toISOString() ?? null,
    Active: s.active,
    Offered: surveyOffered({ active: s.active, startDate, endDate }, now),
    UsedOnce: s.submissions > 0,
    Submissions: s.submissions,
  };
}
