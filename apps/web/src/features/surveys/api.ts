/**
 * Surveys (spec §7 managesurveys, managesurveysexternaluser, manageexternalusers; the public
 * page's POST /api/external/surveys): the builder's list and survey, its writes, the answer
 * counts, external users (the public page's calls: public-api.ts). Builder keys
 * live under crudKeys.all so every write refetches them.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ExternalUserRow,
  GetOfficesV2Body,
  GetOfficesV2Request,
  SurveyAnswerCounts,
  SurveyExternalUserRow,
  SurveyRow,
  SurveyUser,
  ZManageExternalUsersRequest,
  ZManageSurveysExternalUserRequest,
  ZManageSurveysRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { crudKeys, useCrudMutation } from '../../shared/crud/api';

const PATHS = {
  manage: '/api/client/managesurveys',
  externalOfSurvey: '/api/client/managesurveysexternaluser',
  externalUsers: '/api/client/manageexternalusers',
} as const;

export type ManageSurveysRequest = z.input<typeof ZManageSurveysRequest>;
type ExternalUsersRequest = z.input<typeof ZManageExternalUsersRequest>;
type SurveyExternalRequest = z.input<typeof ZManageSurveysExternalUserRequest>;
const keys = {
  list: [...crudKeys.all, 'surveys'] as const,
  one: (id: number) => [...crudKeys.all, 'surveys', id] as const,
  counts: (id: number) => [...crudKeys.all, 'surveys', id, 'counts'] as const,
  people: (id: number, purpose: string) => [...crudKeys.all, 'surveys', id, purpose] as const,
  external: (id: number) => [...crudKeys.all, 'surveys', id, 'external'] as const,
  branchExternal: (branchId: number) => [...crudKeys.all, 'external-users', branchId] as const,
};

const manage = <T>(req: ManageSurveysRequest, signal?: AbortSignal) =>
  apiPost<{ surveyobject: T }>(PATHS.manage, req, signal ? { signal } : {}).then((b) => b.surveyobject);

/** Every survey in scope (GET-ALL-SURVEYS). */
export function useSurveys() {
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => manage<SurveyRow[]>({ case: 'GET-ALL-SURVEYS' }, signal) });
}

/** One survey (GET-SURVEY-BY-ID). */
export function useSurvey(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => manage<SurveyRow>({ case: 'GET-SURVEY-BY-ID', surveyId: id }, signal),
  });
}

/** Per-question answer counts (GET-SURVEY-ANSWER-COUNTS). */
export function useSurveyAnswerCounts(id: number) {
  return useQuery({
    queryKey: keys.counts(id),
    queryFn: ({ signal }) => manage<SurveyAnswerCounts>({ case: 'GET-SURVEY-ANSWER-COUNTS', surveyId: id }, signal),
  });
}

/** Staff who may take the survey (GET-USERS-TO-SELECT). */
export function useUsersToSelect(id: number) {
  return useQuery({
    queryKey: keys.people(id, 'select'),
    queryFn: ({ signal }) => manage<SurveyUser[]>({ case: 'GET-USERS-TO-SELECT', surveyId: id }, signal),
  });
}

/** Users and external users who may be notified (GET-USERS-TO-NOTIFY). */
export function useUsersToNotify(id: number) {
  return useQuery({
    queryKey: keys.people(id, 'notify'),
    queryFn: ({ signal }) =>
      manage<{ Users: SurveyUser[]; ExternalUsers: ExternalUserRow[] }>({ case: 'GET-USERS-TO-NOTIFY', surveyId: id }, signal),
  });
}

/** Any managesurveys write; answers the survey after the change. */
export function useManageSurvey() {
  return useCrudMutation((req: ManageSurveysRequest) => manage<SurveyRow>(req));
}

/** The survey's external respondents with their link state (GET-SURVEY-EXTERNAL-USERS). */
export function useSurveyExternalUsers(id: number) {
  return useQuery({
    queryKey: keys.external(id),
    queryFn: ({ signal }) =>
      apiPost<{ surveyexternaluserobject: SurveyExternalUserRow[] }>(
        PATHS.externalOfSurvey,
        { case: 'GET-SURVEY-EXTERNAL-USERS', surveyId: id } satisfies SurveyExternalRequest,
        { signal },
      ).then((b) => b.surveyexternaluserobject),
  });
}

/** Send the due links now (SEND-SURVEY-LINKS): how many were sent. */
export function useSendSurveyLinks() {
  return useCrudMutation((surveyId: number) =>
    apiPost<{ surveyexternaluserobject: { Sent: number } }>(PATHS.externalOfSurvey, {
      case: 'SEND-SURVEY-LINKS',
      surveyId,
    } satisfies SurveyExternalRequest).then((b) => b.surveyexternaluserobject.Sent),
  );
}

/** External users of a branch (GET-EXTERNAL-USERS-BY-BRANCH). */
export function useBranchExternalUsers(branchOfficeId: number | null) {
  return useQuery({
    queryKey: keys.branchExternal(branchOfficeId ?? 0),
    enabled: !!branchOfficeId,
    queryFn: ({ signal }) =>
      apiPost<{ externaluserobject: ExternalUserRow[] }>(
        PATHS.externalUsers,
        { case: 'GET-EXTERNAL-USERS-BY-BRANCH', branchOfficeId: branchOfficeId! } satisfies ExternalUsersRequest,
        { signal },
      ).then((b) => b.externaluserobject),
  });
}

/** Add or delete an external user. */
export function useManageExternalUsers() {
  return useCrudMutation((req: ExternalUsersRequest) => apiPost<{ externaluserobject: unknown }>(PATHS.externalUsers, req));
}

/** The branches in scope as select options (getofficesv2 GET-ALL-BRANCH-OFFICES), for assignment and external users. */
export function useBranchOptions(): { value: number; label: string; regionId: number | null }[] {
  const q = useQuery({
    queryKey: [...crudKeys.all, 'surveys', 'branch-options'],
    queryFn: ({ signal }) =>
      apiPost<GetOfficesV2Body>(
        '/api/client/getofficesv2',
        { case: 'GET-ALL-BRANCH-OFFICES', offset: 0, limit: 1000 } satisfies GetOfficesV2Request,
        {
          signal,
        },
      ),
  });
  return (q.data?.organizationobject ?? []).map((b) => ({ value: b.BranchOfficeId, label: b.Name, regionId: b.RegionalOfficeId ?? null }));
}
