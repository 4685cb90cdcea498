/**
 * The public survey page's calls (spec §7 POST /api/external/surveys GET-SURVEY and
 * SUBMIT-SURVEY-ANSWERS; no session), apart from the builder's (api.ts) and without the query
 * client (issue 20 "First page": shared/api/use-load.ts, use-action.ts).
 */
import type { z } from 'zod';
import type { SurveyToAnswer, ZExternalSurveyRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { useAction } from '../../shared/api/use-action';
import { useLoad } from '../../shared/api/use-load';

const PUBLIC_PATH = '/api/external/surveys';

type PublicRequest = z.input<typeof ZExternalSurveyRequest>;

/**
 * The survey of a link (GET-SURVEY), loaded once per link, no retry; not while the link has no
 * branch id. A bad link fails with its message (ApiError).
 */
export function usePublicSurvey(token: string, surveyId: number, branchId: number) {
  return useLoad(
    JSON.stringify([token, surveyId, branchId]),
    (signal) =>
      apiPost<{ surveyexternalusersobject: SurveyToAnswer }>(
        PUBLIC_PATH,
        { case: 'GET-SURVEY', token, surveyId, branchId } satisfies PublicRequest,
        { signal, ignoreUnauthorized: true },
      ).then((b) => b.surveyexternalusersobject),
    branchId > 0,
  );
}

const submitPublicSurvey = (req: Extract<PublicRequest, { case: 'SUBMIT-SURVEY-ANSWERS' }>) =>
  apiPost<{ resflag: boolean }>(PUBLIC_PATH, req, { ignoreUnauthorized: true }).then((b) => b.resflag);

/** Sends the answers (SUBMIT-SURVEY-ANSWERS); resolves to body.resflag. */
export function useSubmitPublicSurvey() {
  return useAction(submitPublicSurvey);
}
