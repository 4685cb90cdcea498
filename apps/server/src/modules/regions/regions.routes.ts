/**
 * Regional office writes (spec §7 Offices and organisations): addregionaloffice and
 * manageregionaloffices. The reads are cases of getoffices, whose route is the head-office
 * module's (it hands the GET-REGIONAL-* cases to regions.service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAddRegionalOfficeRequest, ZManageRegionalOfficesRequest, responsesOf, ZAddregionalofficeBody } from '@vigil/contract';
import { authOf, requireClient } from '../../plugins/session.js';
import { addRegion, manageRegion } from './regions.service.js';

export async function regionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/addregionaloffice',
    { preValidation: requireClient, schema: { body: ZAddRegionalOfficeRequest, response: responsesOf(ZAddregionalofficeBody) } },
    async (req) => ({
      success: true,
      body: { officeobject: await addRegion(app.db, { auth: authOf(req), ip: req.ip }, req.body) },
    }),
  );

  app.post(
    '/api/client/manageregionaloffices',
    { preValidation: requireClient, schema: { body: ZManageRegionalOfficesRequest, response: responsesOf(ZAddregionalofficeBody) } },
    async (req) => ({ success: true, body: { officeobject: await manageRegion(app.db, { auth: authOf(req), ip: req.ip }, req.body) } }),
  );
}
