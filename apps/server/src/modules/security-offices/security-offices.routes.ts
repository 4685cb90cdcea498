/**
 * Security office calls (spec §7 Offices and organisations, Admin): the client's
 * getallsecurityoffices (offices monitoring its organisations; security-office staff their own),
 * the platform admin's getAllSecurityOffices (every office) and addsecurityoffice (add and
 * update). Lists page on the server and stream every match with `format: 'csv'`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ZAddSecurityOfficeRequest,
  ZSecurityOfficeListRequest,
  responsesOf,
  ZGetallsecurityofficesBody,
  ZAdminAddsecurityofficeBody,
} from '@vigil/contract';
import { assertOrganizationInScope } from '../../plugins/authorization.js';
import { authOf, requireAdmin, requireClient, type AuthContext } from '../../plugins/session.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import type { NameKey } from '../../lib/list-query.js';
import { listSecurityOffices } from './security-offices.repository.js';
import { SECURITY_OFFICE_CSV_HEADER, securityOfficeCsvRow, securityOfficeKey } from './security-offices.presenter.js';
import { saveSecurityOffice } from './security-offices.service.js';

export async function securityOfficesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A page of the list, or with `format: 'csv'` every match as a file, under `auth`'s scope (null: the platform admin, every office). */
  const answer = async (reply: FastifyReply, auth: AuthContext | null, d: z.output<typeof ZSecurityOfficeListRequest>) => {
    if (d.format === 'csv') {
      return sendCsv(reply, 'security-offices.csv', SECURITY_OFFICE_CSV_HEADER, async (after: NameKey | null, limit) =>
        csvPage(
          (await listSecurityOffices(app.db, auth, { ...d, offset: 0, limit, after, count: false })).rows,
          securityOfficeCsvRow,
          securityOfficeKey,
        ),
      );
    }
    const page = await listSecurityOffices(app.db, auth, d);
    return { success: true, body: { securityofficeobject: page.rows, total: page.total } };
  };

  app.post(
    '/api/client/getallsecurityoffices',
    { preValidation: requireClient, schema: { body: ZSecurityOfficeListRequest, response: responsesOf(ZGetallsecurityofficesBody) } },
    async (req, reply) => {
      const auth = authOf(req);
      const d = req.body;
      if (d.organizationId) await assertOrganizationInScope(app.db, auth, d.organizationId);
      return answer(reply, auth, d);
    },
  );

  app.post(
    '/api/admin/getAllSecurityOffices',
    { preValidation: requireAdmin, schema: { body: ZSecurityOfficeListRequest, response: responsesOf(ZGetallsecurityofficesBody) } },
    async (req, reply) => answer(reply, null, req.body),
  );

  app.post(
    '/api/admin/addsecurityoffice',
    { preValidation: requireAdmin, schema: { body: ZAddSecurityOfficeRequest, response: responsesOf(ZAdminAddsecurityofficeBody) } },
    async (req) => ({
      success: true,
      body: { securityofficeobject: await saveSecurityOffice(app.db, { userId: authOf(req).userId, ip: req.ip }, req.body) },
    }),
  );
}
