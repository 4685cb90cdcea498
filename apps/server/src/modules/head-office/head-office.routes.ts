/**
 * POST /api/client/getoffices (spec §7 Offices and organisations): the head office cases
 * (GET-HEAD-OFFICE, UPDATE-HEAD-OFFICE-DETAILS / -WEEKSCHEDULE / -HOLIDAYS / -TIMERS; the
 * /mainoffice page) and, on the same path, the regional cases GET-REGIONAL-OFFICES and
 * GET-REGIONAL-OFFICE-BY-ID, handed to the regions module's service; and POST
 * /api/client/getstatistics, the organisation's branch structure drawn on the /mainoffice page.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZGetOfficesRequest,
  ZGetStatisticsRequest,
  type BranchStructure,
  responsesOf,
  ZGetofficesBody,
  ZGetstatisticsBody,
  type Answer,
} from '@vigil/contract';
import { authOf, requireClient } from '../../plugins/session.js';
import { regionalOfficesAnswer, regionDetail } from '../regions/regions.service.js';
import { branchStatistics, headOfficeDetail, updateHeadOffice } from './head-office.service.js';

export async function headOfficeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/getoffices',
    { preValidation: requireClient, schema: { body: ZGetOfficesRequest, response: responsesOf(ZGetofficesBody) } },
    async (req, reply) => {
      const auth = authOf(req);
      const d = req.body;
      switch (d.case) {
        case 'GET-REGIONAL-OFFICES':
          return regionalOfficesAnswer(app.db, reply, auth, d);
        case 'GET-REGIONAL-OFFICE-BY-ID':
          return { success: true, body: { officeobject: await regionDetail(app.db, auth, d.regionalOfficeId) } };
        case 'GET-HEAD-OFFICE':
          return { success: true, body: { officeobject: await headOfficeDetail(app.db, auth, d.organizationId) } };
        default:
          return { success: true, body: { officeobject: await updateHeadOffice(app.db, { auth, ip: req.ip }, d) } };
      }
    },
  );

  /**
   * getstatistics (spec §7 "branch structure"): body.statisticsobject (BranchStructure) of the
   * requested (dealer) or the caller's organisation; roles 2 and 12 (403 otherwise or for an
   * organisation outside the scope), 404 when there is none.
   */
  app.post(
    '/api/client/getstatistics',
    { preValidation: requireClient, schema: { body: ZGetStatisticsRequest, response: responsesOf(ZGetstatisticsBody) } },
    async (req): Promise<Answer<{ statisticsobject: BranchStructure }>> => {
      return { success: true, body: { statisticsobject: await branchStatistics(app.db, authOf(req), req.body.organizationId) } };
    },
  );
}
