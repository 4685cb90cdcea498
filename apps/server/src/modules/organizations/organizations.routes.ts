/**
 * Organisation calls (spec §7 Client getorganizations — the dealer's organisation selection; Admin
 * getorganizations, getorganizationbyid, addclient, editclient incl. case UPDATE-SSO). Client
 * calls read the caller's scope; /api/admin/* need a platform-admin session (401 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountKey,
  ZAddClientRequest,
  ZEditClientRequest,
  ZGetOrganizationByIdRequest,
  ZOrganizationListRequest,
  ZUpdateSsoRequest,
  ZAdminEditclientBody,
  type OrganizationSummary,
  responsesOf,
  ZGetorganizationsBody,
  ZAdminGetorganizationsBody,
  ZAdminGetorganizationbyidBody,
  type Answer,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { authOf, requireAdmin, requireClient } from '../../plugins/session.js';
import { csvPage, sendCsv } from '../../lib/csv.js';
import type { NameKey } from '../../lib/list-query.js';
import { ORGANIZATION_CSV_HEADER, organizationCsvRow, organizationKey, presentOrganizationRow } from './organizations.presenter.js';
import { listOrganizations, listOrganizationsAdmin } from './organizations.repository.js';
import { addClient, editClient, organizationDetail, updateSso } from './organizations.service.js';

export async function organizationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client/getorganizations',
    { schema: { response: responsesOf(ZGetorganizationsBody) }, preValidation: requireClient },
    async (req): Promise<Answer<{ organizationobject: OrganizationSummary[] }>> => ({
      success: true,
      body: { organizationobject: await listOrganizations(app.db, authOf(req)) },
    }),
  );

  app.post(
    '/api/admin/getorganizations',
    { preValidation: requireAdmin, schema: { body: ZOrganizationListRequest, response: responsesOf(ZAdminGetorganizationsBody) } },
    async (req, reply) => {
      const d = req.body;
      if (d.format === 'csv') {
        return sendCsv(reply, 'clients.csv', ORGANIZATION_CSV_HEADER, async (after: NameKey | null, limit) => {
          const { list } = await listOrganizationsAdmin(app.db, { ...d, offset: 0, limit, after, count: false });
          return csvPage(
            list.map((r) => presentOrganizationRow(r.o, r.branchCount)),
            organizationCsvRow,
            organizationKey,
          );
        });
      }
      const { list, total } = await listOrganizationsAdmin(app.db, d);
      return { success: true, body: { organizationobject: list.map((r) => presentOrganizationRow(r.o, r.branchCount)), total } };
    },
  );

  app.post(
    '/api/admin/getorganizationbyid',
    { preValidation: requireAdmin, schema: { body: ZGetOrganizationByIdRequest, response: responsesOf(ZAdminGetorganizationbyidBody) } },
    async (req) => ({ success: true, body: { organizationobject: await organizationDetail(app.db, req.body.organizationId) } }),
  );

  app.post(
    '/api/admin/addclient',
    { preValidation: requireAdmin, schema: { body: ZAddClientRequest, response: responsesOf(ZAdminGetorganizationbyidBody) } },
    async (req) => ({
      success: true,
      body: { organizationobject: await addClient(app.db, { userId: authOf(req).userId, ip: req.ip }, req.body) },
    }),
  );

  /** editclient: case UPDATE-SSO sets the single sign-on settings; any other body is the organisation edit. */
  app.post(
    '/api/admin/editclient',
    {
      preValidation: requireAdmin,
      schema: { body: z.union([ZUpdateSsoRequest, ZEditClientRequest]), response: responsesOf(ZAdminEditclientBody) },
    },
    async (req) => {
      const by = { userId: authOf(req).userId, ip: req.ip };
      const b = req.body;
      if (!('case' in b)) return { success: true, body: { organizationobject: await editClient(app.db, by, b) } };
      const body = await updateSso(app.db, by, b);
      return {
        success: true,
        description: translate(requestLanguage(req), AccountKey.SsoSaved, { product: app.config.productName }),
        body,
      };
    },
  );
}
