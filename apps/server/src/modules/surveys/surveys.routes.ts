/**
 * Survey calls (spec §7 "Task lists, surveys, external users"; docs/API.md "Surveys", "Mobile:
 * surveys"): managesurveys (the builder's cases here; the survey report's cases handed in as
 * `surveyReport` by app.ts, since reports sits above), managesurveysexternaluser,
 * manageexternalusers, the public page's POST /api/external/surveys (no session) and the mobile
 * GET /api/mobile/surveys, POST /api/mobile/surveys/answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZExternalSurveyRequest,
  ZManageExternalUsersRequest,
  ZManageSurveysExternalUserRequest,
  ZManageSurveysRequest,
  ZMobileSurveyAnswersRequest,
  type SurveyReportRequest,
  responsesOf,
  ZManagesurveysexternaluserBody,
  ZManageexternalusersBody,
  ZExternalSurveysBody,
  ZMobileSurveysBody,
  ZMobileSurveysAnswersBody,
  ZManagesurveysBody,
  type Answer,
  type ManagesurveysBody,
} from '@vigil/contract';
import { requestOrigin } from '../../lib/http.js';
import { authOf, requireClient, requireMobile } from '../../plugins/session.js';
import { externalSurvey, mobileSurveys, submitExternal, submitMobile } from './responses.service.js';
import { manageExternalUsers, manageSurveyExternalUsers, manageSurveys } from './surveys.service.js';

export interface SurveysRoutesOptions {
  /**
   * The survey report's cases (GET-ALL-SURVEY-REPORTING, GET-SURVEY-REPORTING-BY-ID), served by
   * reports: the JSON answer (a {@link ZManagesurveysBody} case), or the reply sending the export.
   */
  surveyReport: (
    app: FastifyInstance,
    req: FastifyRequest,
    reply: FastifyReply,
    input: SurveyReportRequest,
  ) => Promise<Answer<ManagesurveysBody> | FastifyReply>;
}

export async function surveysRoutes(fastify: FastifyInstance, opts: SurveysRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireClient };
  const actor = (req: FastifyRequest) => ({ auth: authOf(req), ip: req.ip, origin: requestOrigin(req) });

  app.post(
    '/api/client/managesurveys',
    { ...guard, schema: { body: ZManageSurveysRequest, response: responsesOf(ZManagesurveysBody) } },
    async (req, reply) => {
      const input = req.body;
      if (input.case === 'GET-ALL-SURVEY-REPORTING' || input.case === 'GET-SURVEY-REPORTING-BY-ID') {
        return opts.surveyReport(app, req, reply, input);
      }
      return { success: true, body: await manageSurveys(app, actor(req), input) };
    },
  );

  app.post(
    '/api/client/managesurveysexternaluser',
    { ...guard, schema: { body: ZManageSurveysExternalUserRequest, response: responsesOf(ZManagesurveysexternaluserBody) } },
    async (req) => ({
      success: true,
      body: await manageSurveyExternalUsers(app, actor(req), req.body),
    }),
  );

  app.post(
    '/api/client/manageexternalusers',
    { ...guard, schema: { body: ZManageExternalUsersRequest, response: responsesOf(ZManageexternalusersBody) } },
    async (req) => ({
      success: true,
      body: await manageExternalUsers(app, actor(req), req.body),
    }),
  );

  // The public survey page: no session; the link's token is the credential. Rate limited per address.
  app.post(
    '/api/external/surveys',
    {
      schema: { body: ZExternalSurveyRequest, response: responsesOf(ZExternalSurveysBody) },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req) => {
      const d = req.body;
      if (d.case === 'GET-SURVEY') {
        return { success: true, body: { surveyexternalusersobject: await externalSurvey(app, d.token, d.surveyId, d.branchId) } };
      }
      const r = await submitExternal(app, d);
      return { success: true, body: { resflag: true, SubmitetSurveyId: r.SubmitetSurveyId, EndWithNotification: r.EndWithNotification } };
    },
  );

  app.get('/api/mobile/surveys', { schema: { response: responsesOf(ZMobileSurveysBody) }, preValidation: requireMobile }, async (req) => ({
    success: true,
    body: { surveys: await mobileSurveys(app.db, authOf(req)) },
  }));
  app.post(
    '/api/mobile/surveys/answers',
    { preValidation: requireMobile, schema: { body: ZMobileSurveyAnswersRequest, response: responsesOf(ZMobileSurveysAnswersBody) } },
    async (req) => ({
      success: true,
      body: await submitMobile(app, authOf(req), req.body),
    }),
  );
}
